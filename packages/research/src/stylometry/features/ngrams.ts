/**
 * Features beyond single words, counted from a text's word forms (wordFormSequence), as stylo's
 * txt.to.features and make.ngrams make them:
 *
 * - words: each word form;
 * - word n-grams: n consecutive word forms joined by a space ("this is", "is a");
 * - character n-grams: n consecutive characters (code points) of the word forms joined by single
 *   spaces, spaces included ("this is" → "th", "hi", "is", "s ", " i", "is").
 *
 * The profile's total is the number of features counted, so relative frequencies are shares of them.
 */
import type { WordProfile } from '@styler-dev/analytics/metrics';

/** Which features to count. */
export type FeatureSpec = { kind: 'words' } | { kind: 'word-ngrams'; n: number } | { kind: 'char-ngrams'; n: number };

/** The default: single words. */
export const WORD_FEATURES: FeatureSpec = Object.freeze({ kind: 'words' });

/** A short name of the features: "words", "word 2-grams", "character 3-grams". */
export function featureLabel(spec: FeatureSpec): string {
  if (spec.kind === 'words') return 'words';
  return `${spec.kind === 'word-ngrams' ? 'word' : 'character'} ${spec.n}-grams`;
}

function checkSpec(spec: FeatureSpec): void {
  if (spec.kind === 'words') return;
  if (spec.kind !== 'word-ngrams' && spec.kind !== 'char-ngrams') {
    throw new RangeError('features must be words, word-ngrams or char-ngrams');
  }
  if (!Number.isInteger(spec.n) || spec.n < 1)
    throw new RangeError(`n-gram size must be a positive integer, got ${String(spec.n)}`);
}

/** The features of a sequence of word forms, in text order. */
export function featureSequence(words: readonly string[], spec: FeatureSpec = WORD_FEATURES): string[] {
  checkSpec(spec);
  if (spec.kind === 'words') return [...words];
  if (spec.kind === 'word-ngrams') {
    const grams: string[] = [];
    for (let i = 0; i + spec.n <= words.length; i += 1) grams.push(words.slice(i, i + spec.n).join(' '));
    return grams;
  }
  const characters = Array.from(words.join(' '));
  const grams: string[] = [];
  for (let i = 0; i + spec.n <= characters.length; i += 1) grams.push(characters.slice(i, i + spec.n).join(''));
  return grams;
}

/** The counts of the features of a sequence of word forms, with their total. */
export function featureCounts(words: readonly string[], spec: FeatureSpec = WORD_FEATURES): WordProfile {
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  const features = featureSequence(words, spec);
  for (const feature of features) counts[feature] = (counts[feature] ?? 0) + 1;
  return { total: features.length, counts };
}
