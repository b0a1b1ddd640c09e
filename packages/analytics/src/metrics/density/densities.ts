import {
  PUNCTUATION_MARKS,
  SENTENCE_STRUCTURES,
  SENTENCE_VOICES,
  type CountFeatures,
  type PunctuationMark,
  type SentenceStructure,
  type SentenceVoice,
} from '../../vocabulary/features.js';

function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** Content words (NOUN, PROPN, VERB, ADJ, ADV) / all words, in [0, 1]; 0 without words. */
export function lexicalDensity(features: CountFeatures): number {
  return share(features.contentWords, features.words);
}

/** Occurrences of each punctuation mark per word; 0s without words. */
export function punctuationDensities(features: CountFeatures): Record<PunctuationMark, number> {
  return Object.fromEntries(
    PUNCTUATION_MARKS.map((mark) => [mark, share(features.punctuation[mark], features.words)]),
  ) as Record<PunctuationMark, number>;
}

/** Share of sentences in each structure class; sums to 1, or all 0 without sentences. */
export function structureProportions(features: CountFeatures): Record<SentenceStructure, number> {
  const total = SENTENCE_STRUCTURES.reduce((sum, key) => sum + features.structure[key], 0);
  return Object.fromEntries(SENTENCE_STRUCTURES.map((key) => [key, share(features.structure[key], total)])) as Record<
    SentenceStructure,
    number
  >;
}

/** Share of active and passive sentences; sums to 1, or both 0 without sentences. */
export function voiceProportions(features: CountFeatures): Record<SentenceVoice, number> {
  const total = SENTENCE_VOICES.reduce((sum, key) => sum + features.voice[key], 0);
  return Object.fromEntries(SENTENCE_VOICES.map((key) => [key, share(features.voice[key], total)])) as Record<
    SentenceVoice,
    number
  >;
}
