import { normalizeText } from '@styler/analytics/nlp';

const SEPARATOR_LINE = /^[ \t]*\*\*\*[ \t]*$/;

/**
 * Splits the text of one training file into documents: a line that holds only `***` (spaces or
 * tabs around it allowed) separates two documents. Line endings are normalised; documents are
 * trimmed of surrounding blank lines, and empty ones are dropped. A file without separators is one
 * document.
 */
export function splitDocuments(fileText: string): string[] {
  if (typeof fileText !== 'string') throw new TypeError(`fileText must be a string, got ${typeof fileText}`);
  const documents: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    const text = current
      .join('\n')
      .replace(/^\s*\n/, '')
      .trimEnd();
    if (text.trim().length > 0) documents.push(text);
    current = [];
  };
  for (const line of normalizeText(fileText).split('\n')) {
    if (SEPARATOR_LINE.test(line)) flush();
    else current.push(line);
  }
  flush();
  return documents;
}
