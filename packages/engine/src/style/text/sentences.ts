import type { Token } from './token.js';

const END_MARK = /^(?:[.!?…]|\.\.\.|[?!]{2,})$/;
const CLOSER = /^["'”’)\]]$/;
const OPENER_START = /^[\p{Lu}\p{N}"“‘'([]/u;

/**
 * Splits a block's tokens into sentences by punctuation alone (no tagger): a sentence ends at
 * . ! ? or an ellipsis, with any closing quotes or brackets, when a space and a capital, digit or
 * opening quote follow. A period after a single capital letter (an initial, "C. Darwin") ends nothing.
 * Returns [first, last] token index pairs, inclusive, covering every token in order; spaces between
 * sentences belong to the sentence before them.
 */
export function splitSentences(tokens: readonly Token[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const piece = tokens[i];
    if (piece === undefined || piece.kind !== 'punct' || !END_MARK.test(piece.text)) continue;
    const previous = tokens[i - 1];
    if (piece.text === '.' && previous !== undefined && /^\p{Lu}$/u.test(previous.text)) continue;
    let end = i;
    while (end + 1 < tokens.length && (CLOSER.test(tokens[end + 1]?.text ?? '') || tokens[end + 1]?.kind === 'markup'))
      end += 1;
    let next = end + 1;
    if (tokens[next]?.kind !== 'space') {
      if (next < tokens.length) continue;
    }
    while (next < tokens.length && (tokens[next]?.kind === 'space' || tokens[next]?.kind === 'markup')) next += 1;
    const following = tokens[next];
    if (following !== undefined && !OPENER_START.test(following.text)) continue;
    spans.push([start, next - 1]);
    start = next;
    i = next - 1;
  }
  if (start < tokens.length) spans.push([start, tokens.length - 1]);
  return spans;
}

/** Lower-cased words of a token run (straight apostrophes). */
export function wordsOf(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const piece of tokens)
    if (piece.kind === 'word' && !piece.address) out.push(piece.text.toLowerCase().replace(/’/g, "'"));
  return out;
}
