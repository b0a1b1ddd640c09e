import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '../../analytics/index.js';
import type { CountFeatures, SentenceStructure, SentenceVoice } from '../../analytics/index.js';
import { FUNCTION_WORDS } from '../../nlp/index.js';
import type { SentenceProfile } from './profile.js';

/** Function words in a fixed order, so counts live in a typed array. */
export const FUNCTION_WORD_LIST: readonly string[] = [...FUNCTION_WORDS].sort();
export const FUNCTION_WORD_INDEX: ReadonlyMap<string, number> = new Map(FUNCTION_WORD_LIST.map((word, i) => [word, i]));
export const STRUCTURE_INDEX: ReadonlyMap<SentenceStructure, number> = new Map(
  SENTENCE_STRUCTURES.map((key, i) => [key, i]),
);
export const VOICE_INDEX: ReadonlyMap<SentenceVoice, number> = new Map(SENTENCE_VOICES.map((key, i) => [key, i]));

/** Longest sentence (words) and word (letters) kept apart in the histograms; longer ones share the last bin. */
export const MAX_SENTENCE_WORDS = 511;
export const MAX_WORD_LETTERS = 63;

function bump(values: Float64Array, index: number, by: number): void {
  values[index] = (values[index] ?? 0) + by;
}

/** The class of one sentence, as the classifier gives it or an edit predicts it. */
export interface SentenceClassCounts {
  structure: SentenceStructure;
  voice: SentenceVoice;
  independentClauses: number;
  dependentClauses: number;
}

/**
 * Running totals of a text's features (the CountFeatures of the analytics, in typed arrays), kept
 * as the sum of its sentences' profiles so that an edit is tried by subtracting the old sentences
 * and adding the new ones. O(sentence length) per update.
 */
export class FeatureState {
  sentences = 0;
  /** Longest sentence ever added (an upper bound for histogram loops). */
  longestSentence = 0;
  words = 0;
  syllables = 0;
  contentWords = 0;
  readonly sentenceLengths = new Float64Array(MAX_SENTENCE_WORDS + 1);
  readonly wordLengths = new Float64Array(MAX_WORD_LETTERS + 1);
  readonly functionWords = new Float64Array(FUNCTION_WORD_LIST.length);
  readonly pos = new Float64Array(UPOS_TAGS.length);
  readonly structure = new Float64Array(SENTENCE_STRUCTURES.length);
  readonly voice = new Float64Array(SENTENCE_VOICES.length);
  readonly punctuation = new Float64Array(PUNCTUATION_MARKS.length);

  /** Adds (sign 1) or removes (sign −1) one sentence. */
  apply(profile: SentenceProfile, classes: SentenceClassCounts, sign: 1 | -1): void {
    for (let i = 0; i < profile.pos.length; i += 1) this.pos[i] = (this.pos[i] ?? 0) + sign * (profile.pos[i] ?? 0);
    for (let i = 0; i < profile.punctuation.length; i += 1) {
      this.punctuation[i] = (this.punctuation[i] ?? 0) + sign * (profile.punctuation[i] ?? 0);
    }
    // As in the analytics: a sentence without words still adds its tags and marks, nothing else.
    if (profile.words === 0) return;
    this.words += sign * profile.words;
    this.syllables += sign * profile.syllables;
    this.contentWords += sign * profile.contentWords;
    for (const letters of profile.wordLetters) bump(this.wordLengths, Math.min(letters, MAX_WORD_LETTERS), sign);
    for (const key of profile.functionWords) {
      const index = FUNCTION_WORD_INDEX.get(key);
      if (index !== undefined) bump(this.functionWords, index, sign);
    }
    this.sentences += sign;
    bump(this.sentenceLengths, Math.min(profile.words, MAX_SENTENCE_WORDS), sign);
    this.longestSentence = Math.max(this.longestSentence, Math.min(profile.words, MAX_SENTENCE_WORDS));
    bump(this.structure, STRUCTURE_INDEX.get(classes.structure) ?? 4, sign);
    bump(this.voice, VOICE_INDEX.get(classes.voice) ?? 0, sign);
  }

  /** The running totals as the analytics' CountFeatures. */
  toCounts(): CountFeatures {
    const record = <K extends string>(keys: readonly K[], values: Float64Array): Record<K, number> =>
      Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as Record<K, number>;
    const histogram = (values: Float64Array): Record<string, number> => {
      const out: Record<string, number> = {};
      values.forEach((count, value) => {
        if (count > 0) out[String(value)] = count;
      });
      return out;
    };
    const functionWords: Record<string, number> = {};
    this.functionWords.forEach((count, i) => {
      const word = FUNCTION_WORD_LIST[i];
      if (count > 0 && word !== undefined) functionWords[word] = count;
    });
    return {
      sentences: this.sentences,
      words: this.words,
      syllables: this.syllables,
      contentWords: this.contentWords,
      sentenceLengths: histogram(this.sentenceLengths),
      wordLengths: histogram(this.wordLengths),
      functionWords,
      pos: record(UPOS_TAGS, this.pos),
      structure: record(SENTENCE_STRUCTURES, this.structure),
      voice: record(SENTENCE_VOICES, this.voice),
      punctuation: record(PUNCTUATION_MARKS, this.punctuation),
    };
  }
}
