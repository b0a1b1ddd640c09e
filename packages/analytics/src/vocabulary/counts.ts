import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS, type CountFeatures } from './features.js';

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/** The counts of a text without prose: every count 0. */
export function emptyCounts(): CountFeatures {
  return {
    sentences: 0,
    words: 0,
    syllables: 0,
    contentWords: 0,
    sentenceLengths: {},
    wordLengths: {},
    functionWords: {},
    pos: zeros(UPOS_TAGS),
    structure: zeros(SENTENCE_STRUCTURES),
    voice: zeros(SENTENCE_VOICES),
    punctuation: zeros(PUNCTUATION_MARKS),
  };
}

function addInto(target: Record<string, number>, source: Readonly<Record<string, number>>): void {
  for (const key of Object.keys(source)) target[key] = (target[key] ?? 0) + (source[key] ?? 0);
}

/** Adds `source` into `target` in place (pooling is by summing counts); returns `target`. */
export function addCounts(target: CountFeatures, source: CountFeatures): CountFeatures {
  target.sentences += source.sentences;
  target.words += source.words;
  target.syllables += source.syllables;
  target.contentWords += source.contentWords;
  addInto(target.sentenceLengths, source.sentenceLengths);
  addInto(target.wordLengths, source.wordLengths);
  addInto(target.functionWords, source.functionWords);
  addInto(target.pos, source.pos);
  addInto(target.structure, source.structure);
  addInto(target.voice, source.voice);
  addInto(target.punctuation, source.punctuation);
  return target;
}

/** The pooled counts of several texts: their element-wise sum. */
export function sumCounts(features: readonly CountFeatures[]): CountFeatures {
  return features.reduce((pooled, one) => addCounts(pooled, one), emptyCounts());
}
