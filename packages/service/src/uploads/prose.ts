/** Whether a text is prose worth learning a style from, rather than numbers, code or encoded data. */

/** Fewest prose words a document must hold. */
export const MIN_PROSE_WORDS = 3;
/** Longest token still counted as a word (longer runs are identifiers, URLs or encoded data). */
const MAX_WORD_CHARS = 30;

/**
 * True when `text` has at least MIN_PROSE_WORDS words and at least half of its whitespace-separated
 * tokens are words, a word being a token of at most 30 characters at least half of which are letters.
 */
export function hasProse(text: string): boolean {
  const tokens = text.split(/\s+/).filter((token) => token !== '' && !/^#+$/.test(token));
  if (tokens.length === 0) return false;
  let words = 0;
  for (const token of tokens) {
    if (token.length > MAX_WORD_CHARS) continue;
    const letters = token.match(/\p{L}/gu)?.length ?? 0;
    if (letters * 2 >= token.length) words += 1;
  }
  return words >= MIN_PROSE_WORDS && words * 2 >= tokens.length;
}
