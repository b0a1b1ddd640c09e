// URLs and e-mail addresses, then numbers with thousands separators, then words (METRICS.md rule 5).
const WORD =
  /(?:https?:\/\/|www\.)\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

/** Words in a text by the METRICS.md rule (a URL, an e-mail address or a number is one word), over the whole text. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
