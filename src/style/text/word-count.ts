const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

/** Words in a text by the METRICS.md rule (letters or digits with internal ' - . joins), over the whole text. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
