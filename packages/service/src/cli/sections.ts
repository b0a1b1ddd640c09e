/**
 * A long text cut into sections of at most `maxChars` characters, so that a worker analyses one
 * section at a time and the counts are summed. The cut is at the last paragraph break (a blank line)
 * that fits: prose blocks never span one, so the summed counts are the whole text's. A paragraph
 * longer than `maxChars` is cut at its last line break, else its last space, else at `maxChars`
 * (never inside a surrogate pair).
 */
export function textSections(text: string, maxChars: number): string[] {
  if (!Number.isInteger(maxChars) || maxChars < 2) throw new RangeError('maxChars must be an integer of at least 2');
  const sections: string[] = [];
  let start = 0;
  while (text.length - start > maxChars) {
    const cut = cutPoint(text.slice(start, start + maxChars));
    sections.push(text.slice(start, start + cut));
    start += cut;
  }
  sections.push(text.slice(start));
  return sections;
}

/** Where to end a section that must end within `window`: the length of the section. */
function cutPoint(window: string): number {
  let paragraphEnd = -1;
  for (const match of window.matchAll(/\r?\n[ \t]*\r?\n/g)) paragraphEnd = match.index + match[0].length;
  if (paragraphEnd > 0) return paragraphEnd;
  const lineEnd = window.lastIndexOf('\n');
  if (lineEnd > 0) return lineEnd + 1;
  const space = window.lastIndexOf(' ');
  if (space > 0) return space + 1;
  const last = window.charCodeAt(window.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? window.length - 1 : window.length;
}
