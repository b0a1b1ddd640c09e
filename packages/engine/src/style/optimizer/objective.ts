import {
  fleschKincaidGrade,
  fleschReadingEase,
  jsDistance,
  JsDistanceMemo,
  denseHistogramStats,
  histogramStats,
  PUNCTUATION_MARKS,
  SENTENCE_STRUCTURES,
  SENTENCE_VOICES,
  UPOS_TAGS,
  type CountFeatures,
} from '@styler-dev/analytics/metrics';
import { FUNCTION_WORD_LIST } from './indices.js';
import type { FeatureState } from './state.js';

/** The analytics groups the objective follows, in quality_analytics order. */
export const OBJECTIVE_GROUPS = [
  'sentence_length_stats',
  'word_length_stats',
  'readability',
  'function_word_frequency',
  'pos_frequency',
  'lexical_density',
  'sentence_structure_frequency',
  'sentence_voice_frequency',
  'punctuation',
] as const;
export type ObjectiveGroup = (typeof OBJECTIVE_GROUPS)[number];

/** What the objective compares a text with: the ground truth's values and distributions. */
export interface ObjectiveTargets {
  sentenceStats: [number, number, number];
  wordStats: [number, number, number];
  readability: [number, number];
  lexicalDensity: number;
  functionWords: Float64Array;
  /** Σ functionWords in index order (what jsDistance would add up). */
  functionWordTotal: number;
  /** Reused Jensen-Shannon terms of the function words, tags and marks (see JsDistanceMemo). */
  functionWordMemo: JsDistanceMemo;
  posMemo: JsDistanceMemo;
  punctuationMemo: JsDistanceMemo;
  pos: Float64Array;
  structure: Float64Array;
  voice: Float64Array;
  punctuation: Float64Array;
  /** The author's most-frequent-word profile (see wordProfileDistance). */
  wordProfile: WordProfileTarget;
}

/**
 * The target's most frequent function words (the words Delta and readers recognise an author by
 * that an edit can move without changing meaning), with the author's rate p_w of each per word.
 */
export interface WordProfileTarget {
  /** Indices into FUNCTION_WORD_LIST. */
  indices: Int32Array;
  rates: Float64Array;
  /** 1 / sqrt(p_w + 1 / N): a text's rate is compared in binomial standard errors of the author's. */
  inverseScales: Float64Array;
}

/** Function words in the word profile: the author's most frequent ones, as Delta's 150 MFW. */
export const WORD_PROFILE_SIZE = 150;

/** The profile of the author's WORD_PROFILE_SIZE most frequent function words. */
export function wordProfileTarget(truth: CountFeatures): WordProfileTarget {
  const words = Math.max(1, truth.words);
  const ranked = FUNCTION_WORD_LIST.map((word, index) => ({ index, rate: (truth.functionWords[word] ?? 0) / words }))
    .filter((entry) => entry.rate > 0)
    .sort((a, b) => b.rate - a.rate || a.index - b.index)
    .slice(0, WORD_PROFILE_SIZE);
  return {
    indices: Int32Array.from(ranked, (entry) => entry.index),
    rates: Float64Array.from(ranked, (entry) => entry.rate),
    inverseScales: Float64Array.from(ranked, (entry) => 1 / Math.sqrt(entry.rate + 1 / words)),
  };
}

/**
 * Distance of a text's word profile to the author's: the mean over the profile's words of
 * |f_w − p_w| / sqrt(p_w), f_w the text's rate. Up to the factor sqrt(N) this is the number of
 * binomial standard errors by which an N-word sample of the author would miss f_w, so rare words
 * weigh as much as frequent ones, as in Delta's z-scores, with no reference population needed.
 */
export function wordProfileDistance(functionWords: Float64Array, words: number, target: WordProfileTarget): number {
  const count = target.indices.length;
  if (count === 0 || words <= 0) return 0;
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const rate = (functionWords[target.indices[i] as number] as number) / words;
    total += Math.abs(rate - (target.rates[i] as number)) * (target.inverseScales[i] as number);
  }
  return total / count;
}

function probabilities(keys: readonly string[], counts: Readonly<Record<string, number>>): Float64Array {
  const out = new Float64Array(keys.length);
  let total = 0;
  keys.forEach((key, i) => {
    const value = Math.max(0, counts[key] ?? 0);
    out[i] = value;
    total += value;
  });
  if (total > 0) for (let i = 0; i < out.length; i += 1) out[i] = (out[i] ?? 0) / total;
  return out;
}

/** Targets from a model's pooled ground-truth counts. */
export function objectiveTargets(truth: CountFeatures): ObjectiveTargets {
  const sentences = histogramStats(truth.sentenceLengths);
  const words = histogramStats(truth.wordLengths);
  const functionWords = probabilities(FUNCTION_WORD_LIST, truth.functionWords);
  return {
    sentenceStats: [sentences.mean, sentences.median, sentences.stdDev],
    wordStats: [words.mean, words.median, words.stdDev],
    readability: [fleschReadingEase(truth), fleschKincaidGrade(truth)],
    lexicalDensity: truth.words > 0 ? truth.contentWords / truth.words : 0,
    functionWords,
    functionWordTotal: sum(functionWords),
    functionWordMemo: new JsDistanceMemo(),
    posMemo: new JsDistanceMemo(),
    punctuationMemo: new JsDistanceMemo(),
    pos: probabilities(UPOS_TAGS, truth.pos),
    structure: probabilities(SENTENCE_STRUCTURES, truth.structure),
    voice: probabilities(SENTENCE_VOICES, truth.voice),
    punctuation: probabilities(PUNCTUATION_MARKS, truth.punctuation),
    wordProfile: wordProfileTarget(truth),
  };
}

/** Scratch for groupDistances' histogram statistics. */
const stats: [number, number, number] = [0, 0, 0];

function sum(values: Float64Array): number {
  let total = 0;
  for (let i = 0; i < values.length; i += 1) total += values[i] ?? 0;
  return total;
}

/** Where each group's numbers sit in a flat distance array (OBJECTIVE_GROUPS order): [offset, count]. */
export const GROUP_SLOTS: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [3, 3],
  [6, 2],
  [8, 1],
  [9, 1],
  [10, 1],
  [11, 1],
  [12, 1],
  [13, 1],
];
/** Slots of the two readability distances (Flesch Reading Ease, Flesch-Kincaid Grade). */
export const READABILITY_SLOTS = [6, 7] as const;
/** Slot of the word-profile distance, after the groups' numbers (not an analytics group). */
export const WORD_PROFILE_SLOT = 14;
/** Length of a flat distance array. */
export const DISTANCE_SLOTS = 15;

/** Which distribution groups a change can move; the others keep their distance. */
export interface ChangedGroups {
  functionWords: boolean;
  pos: boolean;
  classes: boolean;
  punctuation: boolean;
  /** The word count (every rate of the word profile divides by it). */
  words: boolean;
}

/**
 * Each group's raw distances to the targets, written flat into `out` (see GROUP_SLOTS). With
 * `reuse`, the distribution groups `changed` marks false are copied from it instead of recomputed.
 */
export function groupDistances(
  state: FeatureState,
  targets: ObjectiveTargets,
  out: Float64Array = new Float64Array(DISTANCE_SLOTS),
  reuse?: Float64Array,
  changed?: ChangedGroups,
): Float64Array {
  denseHistogramStats(state.sentenceLengths, state.longestSentence, stats);
  for (let k = 0; k < 3; k += 1) out[k] = Math.abs((stats[k] as number) - (targets.sentenceStats[k] ?? 0));
  denseHistogramStats(state.wordLengths, state.wordLengths.length - 1, stats);
  for (let k = 0; k < 3; k += 1) out[3 + k] = Math.abs((stats[k] as number) - (targets.wordStats[k] ?? 0));
  const readable = state.words > 0 && state.sentences > 0;
  const counts = { words: state.words, sentences: state.sentences, syllables: state.syllables };
  out[6] = Math.abs((readable ? fleschReadingEase(counts) : 0) - targets.readability[0]);
  out[7] = Math.abs((readable ? fleschKincaidGrade(counts) : 0) - targets.readability[1]);
  const keep = reuse !== undefined && changed !== undefined;
  out[8] =
    keep && !changed.functionWords
      ? (reuse[8] as number)
      : jsDistance(
          state.functionWords,
          targets.functionWords,
          state.functionWordTotal,
          targets.functionWordTotal,
          targets.functionWordMemo,
        );
  out[9] =
    keep && !changed.pos
      ? (reuse[9] as number)
      : jsDistance(state.pos, targets.pos, undefined, undefined, targets.posMemo);
  const density = state.words > 0 ? state.contentWords / state.words : 0;
  out[10] = Math.abs(density - targets.lexicalDensity);
  out[11] = keep && !changed.classes ? (reuse[11] as number) : jsDistance(state.structure, targets.structure);
  out[12] = keep && !changed.classes ? (reuse[12] as number) : jsDistance(state.voice, targets.voice);
  out[13] =
    keep && !changed.punctuation
      ? (reuse[13] as number)
      : jsDistance(state.punctuation, targets.punctuation, undefined, undefined, targets.punctuationMemo);
  // Every word changes every rate, so the profile is recomputed whenever the word count moved too.
  out[WORD_PROFILE_SLOT] =
    keep && !changed.functionWords && !changed.words
      ? (reuse[WORD_PROFILE_SLOT] as number)
      : wordProfileDistance(state.functionWords, state.words, targets.wordProfile);
  return out;
}

/** Smallest word-profile distance a residual is measured against. */
export const WORD_PROFILE_FLOOR = 1e-4;

/** Smallest gap a residual is measured against, relative to the target's size (see groupFloors). */
export const RELATIVE_FLOOR = 0.01;
/** Smallest gap for a Jensen-Shannon distance. */
export const DISTANCE_FLOOR = 0.002;

/** The floor of a number measured against a target value: RELATIVE_FLOOR of it, never 0. */
export function relativeFloor(value: number): number {
  return Math.max(1e-9, RELATIVE_FLOOR * Math.abs(value));
}

/**
 * The gap below which a group's distance counts as noise, flat like the distances: 1 % of the
 * target value for the stats, readability and density, DISTANCE_FLOOR for distances. Without it a
 * text that happens to sit on the author's value of one metric would make every edit look
 * infinitely bad for that metric.
 */
export function groupFloors(targets: ObjectiveTargets): Float64Array {
  return Float64Array.from([
    ...targets.sentenceStats.map(relativeFloor),
    ...targets.wordStats.map(relativeFloor),
    ...targets.readability.map(relativeFloor),
    DISTANCE_FLOOR,
    DISTANCE_FLOOR,
    relativeFloor(targets.lexicalDensity),
    DISTANCE_FLOOR,
    DISTANCE_FLOOR,
    DISTANCE_FLOOR,
    WORD_PROFILE_FLOOR,
  ]);
}

/**
 * The denominators of the residuals: max(du, floor) per number, where du is the input's distance
 * (the baseline), flat like the distances.
 */
export function residualScales(baseline: Float64Array, floors: Float64Array): Float64Array {
  return baseline.map((du, k) => Math.max(du, floors[k] ?? 1e-9));
}

/**
 * What each number's residual starts from: 1 − du / max(du, floor), flat like the distances. It is 0
 * wherever the input's gap is above the floor; for a number the input already sits on (a median
 * equal to the author's, a gap below the floor) it makes the residual 1 while the number stays and
 * more as it moves away, as the analytics count it (an improvement of 0, then negative), instead of
 * counting the number as already won.
 */
export function residualOffsets(baseline: Float64Array, scales: Float64Array): Float64Array {
  return baseline.map((du, k) => residualOffset(du, scales[k] as number));
}

/** One number's residual offset: 1 − du / scale, its scale being max(du, floor). */
export function residualOffset(du: number, scale: number): number {
  return 1 - du / scale;
}

/**
 * Residual of group `g` relative to the input: the mean over the group's numbers of
 * dp / max(du, floor) + offset, i.e. 1 − the group's personalization_improvement wherever the
 * input's gap du is above the floor, and 1 + (dp − du) / floor below it (see residualOffsets). Below
 * 1 means the group moved toward the author.
 */
export function groupResidual(distances: Float64Array, scales: Float64Array, offsets: Float64Array, g: number): number {
  const [offset, count] = GROUP_SLOTS[g] ?? [0, 0];
  let total = 0;
  for (let k = offset; k < offset + count; k += 1)
    total += (distances[k] as number) / (scales[k] as number) + (offsets[k] as number);
  return count > 0 ? total / count : 1;
}

/** Every group's residual (OBJECTIVE_GROUPS order). */
export function groupResiduals(distances: Float64Array, scales: Float64Array, offsets: Float64Array): number[] {
  return OBJECTIVE_GROUPS.map((_, g) => groupResidual(distances, scales, offsets, g));
}
