import {
  fleschKincaidGrade,
  fleschReadingEase,
  histogramStats,
  PUNCTUATION_MARKS,
  SENTENCE_STRUCTURES,
  SENTENCE_VOICES,
  UPOS_TAGS,
  type CountFeatures,
} from '../../analytics/index.js';
import { FUNCTION_WORD_LIST, type FeatureState } from './state.js';

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
  pos: Float64Array;
  structure: Float64Array;
  voice: Float64Array;
  punctuation: Float64Array;
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
  return {
    sentenceStats: [sentences.mean, sentences.median, sentences.stdDev],
    wordStats: [words.mean, words.median, words.stdDev],
    readability: [fleschReadingEase(truth), fleschKincaidGrade(truth)],
    lexicalDensity: truth.words > 0 ? truth.contentWords / truth.words : 0,
    functionWords: probabilities(FUNCTION_WORD_LIST, truth.functionWords),
    pos: probabilities(UPOS_TAGS, truth.pos),
    structure: probabilities(SENTENCE_STRUCTURES, truth.structure),
    voice: probabilities(SENTENCE_VOICES, truth.voice),
    punctuation: probabilities(PUNCTUATION_MARKS, truth.punctuation),
  };
}

/** Mean, median and population std-dev of a histogram held as an array (index = value). */
export function arrayStats(histogram: Float64Array, limit = histogram.length - 1): [number, number, number] {
  let n = 0;
  let sum = 0;
  let squares = 0;
  const end = Math.min(histogram.length, limit + 1);
  for (let value = 0; value < end; value += 1) {
    const count = histogram[value] ?? 0;
    if (count <= 0) continue;
    n += count;
    sum += value * count;
    squares += value * value * count;
  }
  if (n === 0) return [0, 0, 0];
  const mean = sum / n;
  const variance = Math.max(0, squares / n - mean * mean);
  const low = Math.floor((n - 1) / 2);
  const high = Math.floor(n / 2);
  let seen = 0;
  let lowValue = -1;
  let median = 0;
  for (let value = 0; value < end; value += 1) {
    const count = histogram[value] ?? 0;
    if (count <= 0) continue;
    seen += count;
    if (lowValue < 0 && seen > low) lowValue = value;
    if (seen > high) {
      median = (lowValue + value) / 2;
      break;
    }
  }
  return [mean, median, Math.sqrt(variance)];
}

/** Jensen-Shannon distance (base 2) between counts `p` and probabilities `q`; as the analytics define it. */
export function jsDistance(p: Float64Array, q: Float64Array): number {
  let total = 0;
  for (let i = 0; i < p.length; i += 1) total += Math.max(0, p[i] ?? 0);
  let qTotal = 0;
  for (let i = 0; i < q.length; i += 1) qTotal += q[i] ?? 0;
  if (total === 0 && qTotal === 0) return 0;
  if (total === 0 || qTotal === 0) return 1;
  let divergence = 0;
  for (let i = 0; i < p.length; i += 1) {
    const a = Math.max(0, p[i] ?? 0) / total;
    const b = q[i] ?? 0;
    if (a === 0 && b === 0) continue;
    const m = (a + b) / 2;
    if (a > 0) divergence += 0.5 * a * Math.log2(a / m);
    if (b > 0) divergence += 0.5 * b * Math.log2(b / m);
  }
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

/** Groups whose distances depend only on their own counts: function words, POS, structure, voice, punctuation. */
export const DISTRIBUTION_GROUPS = [3, 4, 6, 7, 8] as const;

/**
 * Each group's raw distances to the targets (several for the stats groups). With `reuse`, the
 * distribution groups flagged false in `changed` are copied from it instead of recomputed.
 */
export function groupDistances(
  state: FeatureState,
  targets: ObjectiveTargets,
  reuse?: number[][],
  changed?: readonly boolean[],
): number[][] {
  const keep = (g: number): number[] | undefined =>
    reuse !== undefined && changed !== undefined && changed[g] === false ? reuse[g] : undefined;
  const sentence = arrayStats(state.sentenceLengths, state.longestSentence);
  const word = arrayStats(state.wordLengths);
  const counts = { words: state.words, sentences: state.sentences, syllables: state.syllables };
  const gap = (values: readonly number[], truth: readonly number[]): number[] =>
    values.map((v, i) => Math.abs(v - (truth[i] ?? 0)));
  const readability =
    state.words > 0 && state.sentences > 0 ? [fleschReadingEase(counts), fleschKincaidGrade(counts)] : [0, 0];
  const density = state.words > 0 ? state.contentWords / state.words : 0;
  return [
    gap(sentence, targets.sentenceStats),
    gap(word, targets.wordStats),
    gap(readability, targets.readability),
    keep(3) ?? [jsDistance(state.functionWords, targets.functionWords)],
    keep(4) ?? [jsDistance(state.pos, targets.pos)],
    [Math.abs(density - targets.lexicalDensity)],
    keep(6) ?? [jsDistance(state.structure, targets.structure)],
    keep(7) ?? [jsDistance(state.voice, targets.voice)],
    keep(8) ?? [jsDistance(state.punctuation, targets.punctuation)],
  ];
}

/** Smallest gap a residual is measured against, relative to the target's size (see groupFloors). */
export const RELATIVE_FLOOR = 0.01;
/** Smallest gap for a Jensen-Shannon distance. */
export const DISTANCE_FLOOR = 0.002;

/**
 * The gap below which a group's distance counts as noise: 1 % of the target value for the stats,
 * readability and density, DISTANCE_FLOOR for distances. Without it a text that happens to sit on
 * the author's value of one metric would make every edit look infinitely bad for that metric.
 */
export function groupFloors(targets: ObjectiveTargets): number[][] {
  const relative = (values: readonly number[]): number[] =>
    values.map((v) => Math.max(1e-9, RELATIVE_FLOOR * Math.abs(v)));
  return [
    relative(targets.sentenceStats),
    relative(targets.wordStats),
    relative(targets.readability),
    [DISTANCE_FLOOR],
    [DISTANCE_FLOOR],
    relative([targets.lexicalDensity]),
    [DISTANCE_FLOOR],
    [DISTANCE_FLOOR],
    [DISTANCE_FLOOR],
  ];
}

/**
 * Residual of one group relative to the input: the mean over the group's numbers of
 * dp / max(du, floor), i.e. 1 − the group's personalization_improvement wherever the input's gap
 * du is above the floor. Below 1 means the group moved toward the author.
 */
export function groupResiduals(distances: number[][], baseline: number[][], floors: number[][]): number[] {
  return distances.map((values, g) => {
    let sum = 0;
    values.forEach((dp, k) => {
      const du = Math.max(baseline[g]?.[k] ?? 0, floors[g]?.[k] ?? 1e-9);
      sum += dp / du;
    });
    return values.length > 0 ? sum / values.length : 1;
  });
}
