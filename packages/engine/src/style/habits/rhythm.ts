import type { VoiceHabits } from '../types.js';

/** Width of a sentence-length bin, in words: fine enough to read quartiles from, coarse enough to stay small. */
export const RHYTHM_BIN_WORDS = 5;
/** Bins kept; the last holds every sentence longer than (RHYTHM_BINS − 1) · RHYTHM_BIN_WORDS = 60 words. */
export const RHYTHM_BINS = 13;

/** The bin of a sentence of `words` words (words ≥ 1). */
export function rhythmBin(words: number, binWords = RHYTHM_BIN_WORDS, bins = RHYTHM_BINS): number {
  return Math.min(bins - 1, Math.max(0, Math.ceil(words / binWords) - 1));
}

/**
 * The rhythm of sentence lengths: how often a sentence of one length bin is followed by one of
 * another, counted over consecutive sentences (with words) of the same paragraph. A fixed
 * RHYTHM_BINS × RHYTHM_BINS table of counts, whatever the corpus size.
 */
export function measureRhythm(paragraphs: ReadonlyArray<readonly number[]>): VoiceHabits['rhythm'] {
  const pairs = Array.from({ length: RHYTHM_BINS }, () => new Array<number>(RHYTHM_BINS).fill(0));
  for (const lengths of paragraphs) {
    const counted = lengths.filter((words) => words > 0);
    for (let i = 1; i < counted.length; i += 1) {
      const row = pairs[rhythmBin(counted[i - 1] as number)] as number[];
      const column = rhythmBin(counted[i] as number);
      row[column] = (row[column] as number) + 1;
    }
  }
  return { binWords: RHYTHM_BIN_WORDS, pairs };
}
