import { normalizeText } from '@styler-dev/analytics/nlp';

const SEPARATOR_LINE = /^[ \t]*\*\*\*[ \t]*$/;

/**
 * The parts of one training file's text between lines that hold only `***` (spaces or tabs around
 * it allowed), in order, each trimmed of surrounding blank lines, empty ones included (a file that
 * says it holds several documents and leaves one empty can be refused). Line endings are normalised.
 */
export function documentParts(fileText: string): string[] {
  if (typeof fileText !== 'string') throw new TypeError(`fileText must be a string, got ${typeof fileText}`);
  const parts: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    parts.push(
      current
        .join('\n')
        .replace(/^\s*\n/, '')
        .trimEnd(),
    );
    current = [];
  };
  for (const line of normalizeText(fileText).split('\n')) {
    if (SEPARATOR_LINE.test(line)) flush();
    else current.push(line);
  }
  flush();
  return parts;
}

/**
 * Splits the text of one training file into documents: the non-empty parts of `documentParts`. A
 * file without separators is one document.
 */
export function splitDocuments(fileText: string): string[] {
  return documentParts(fileText).filter((part) => part.trim().length > 0);
}
