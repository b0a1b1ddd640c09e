import type { Token } from '../text/token.js';
import type { VoiceHabits } from '../types.js';

/**
 * Words used fewer times than this get no document frequency: keyness (brief/keyness.ts) needs at
 * least this many uses before it names a word, and a word seen once or twice spreads over nothing.
 */
export const SPREAD_MIN_COUNT = 5;
/** Most frequent words given a document frequency: bounds the model (about 20 bytes of JSON a word). */
export const SPREAD_LIMIT = 3_000;
/** A word is a name when at least this share of its uses inside a sentence (not first) are capitalized. */
export const NAME_SHARE = 0.5;

const CAPITAL = /^\p{Lu}/u;

function lower(text: string): string {
  return text.toLowerCase().replace(/’/g, "'");
}

/**
 * How the author's frequent words spread over the documents: the number of documents each word
 * occurs in, and which of them are names (capitalized inside sentences, where only names and "I"
 * are). Only words used at least SPREAD_MIN_COUNT times, the SPREAD_LIMIT most frequent of them.
 * `documents`: each document's prose sentences as tokens.
 */
export function measureWordSpread(
  documents: ReadonlyArray<ReadonlyArray<readonly Token[]>>,
): Pick<VoiceHabits, 'documentFrequency' | 'names'> {
  const counts = new Map<string, number>();
  const documentCounts = new Map<string, number>();
  const inner = new Map<string, { capitalized: number; all: number }>();
  for (const sentences of documents) {
    const seen = new Set<string>();
    for (const tokens of sentences) {
      let first = true;
      for (const piece of tokens) {
        if (piece.kind !== 'word' || piece.address) continue;
        const word = lower(piece.text);
        counts.set(word, (counts.get(word) ?? 0) + 1);
        seen.add(word);
        if (!first) {
          const tally = inner.get(word) ?? { capitalized: 0, all: 0 };
          tally.all += 1;
          if (CAPITAL.test(piece.text)) tally.capitalized += 1;
          inner.set(word, tally);
        }
        first = false;
      }
    }
    for (const word of seen) documentCounts.set(word, (documentCounts.get(word) ?? 0) + 1);
  }
  // Most frequent first, ties by the word, so the model is deterministic.
  const frequent = [...counts]
    .filter(([word, count]) => count >= SPREAD_MIN_COUNT && !/\p{N}/u.test(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, SPREAD_LIMIT)
    .map(([word]) => word);
  const names = frequent.filter((word) => {
    const tally = inner.get(word);
    return tally !== undefined && tally.all > 0 && tally.capitalized / tally.all >= NAME_SHARE;
  });
  return {
    documentFrequency: Object.fromEntries(frequent.map((word) => [word, documentCounts.get(word) ?? 0])),
    names: names.sort(),
  };
}
