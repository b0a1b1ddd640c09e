// URLs and e-mail addresses, then numbers with thousands separators, then words (METRICS.md rule 5).
const WORD =
  /(?:https?:\/\/|www\.)\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
// The same without the e-mail alternative, which can only match where there is an "@" (and is slow to fail).
const WORD_WITHOUT_EMAIL = /(?:https?:\/\/|www\.)\S+|\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

/** Words in a text by the METRICS.md rule (a URL, an e-mail address or a number is one word), over the whole text. */
export function countWords(text: string): number {
  const pattern = text.includes('@') ? WORD : WORD_WITHOUT_EMAIL;
  pattern.lastIndex = 0;
  let count = 0;
  // test() with the global flag walks the matches without building an array of them.
  while (pattern.test(text)) count += 1;
  return count;
}
