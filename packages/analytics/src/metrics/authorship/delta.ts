/**
 * Authorship distance by Delta over the most frequent words (Burrows 2002, "Delta: a Measure of
 * Stylistic Difference and a Guide to Likely Authorship"; Cosine Delta after Smith & Aldridge 2011
 * and Evert et al. 2017).
 *
 * z-scoring: a text's relative frequency f_w of each reference word w (count of w / all word forms
 * of the text) becomes z_w = (f_w − μ_w) / σ_w, where μ_w and σ_w are the mean and the population
 * standard deviation of w's relative frequency over the reference population's profiles (each
 * profile, a document or an author's pooled documents, weighs the same). The reference words are
 * the `mostFrequent` words by mean relative frequency over those profiles.
 *
 * Burrows' Delta = mean over the words of |z_a − z_b|; Argamon's Delta = sqrt(Σ (z_a − z_b)²) / n
 * (Argamon 2008, "Interpreting Burrows's Delta", as stylo's dist.argamon); Cosine Delta = 1 − cos(z_a, z_b).
 */
import { countWordForms } from './word-counts.js';

/**
 * Word-form counts with the number of all word forms they come from (a stored profile may keep
 * only its most frequent forms; relative frequencies still divide by the whole).
 */
export interface WordProfile {
  total: number;
  counts: Readonly<Record<string, number>>;
}

/**
 * burrows: mean |z_a − z_b|; eder: the same with the word of rank r (1 = most frequent of n) weighted
 * (n − r + 1) / n, so frequent words count more (Eder, Rybicki & Kestemont 2016, "Stylometry with R");
 * argamon: the Euclidean distance of the z-scores over n (stylo's "Argamon's Linear Delta", dist.argamon:
 * the square root of Argamon's 2008 Quadratic Delta, over n, so it ranks candidates as that does);
 * cosine: 1 − cos (Cosine Delta, stylo's dist.wurzburg; Smith & Aldridge 2011, Evert et al. 2017).
 */
export type DeltaMethod = 'burrows' | 'eder' | 'argamon' | 'cosine';

/** The Delta variants, for validation and listings. */
export const DELTA_METHODS: readonly DeltaMethod[] = ['burrows', 'eder', 'argamon', 'cosine'];

/** The words Delta compares, with each one's mean and standard deviation over the reference profiles. */
export interface DeltaReference {
  words: string[];
  mean: number[];
  std: number[];
  /**
   * The candidates the words were cut from (set by deltaReference): the distinct words the profiles
   * use (or the word list's), and how many of them passed culling, so a caller can say when culling
   * left fewer than the words asked for.
   */
  available?: { vocabulary: number; afterCulling: number };
}

/** Words compared by default (a common Delta setting; stylo's default is 100). */
export const DEFAULT_MOST_FREQUENT = 150;

/** A σ of 0 (a word every profile uses at the same rate) would divide by zero; it counts as this small. */
const MIN_STD = 1e-9;

/** A text, or word-form counts (of which they are all), or a stored profile. */
export type DeltaInput = string | Readonly<Record<string, number>> | WordProfile;

function isProfile(input: DeltaInput): input is WordProfile {
  return (
    typeof input === 'object' && input !== null && typeof input.total === 'number' && typeof input.counts === 'object'
  );
}

/** Throws a TypeError unless `reference` has the shape deltaReference returns. */
function assertDeltaReference(reference: unknown): asserts reference is DeltaReference {
  const { words, mean, std } = (reference ?? {}) as Partial<DeltaReference>;
  if (
    !Array.isArray(words) ||
    !Array.isArray(mean) ||
    !Array.isArray(std) ||
    mean.length !== words.length ||
    std.length !== words.length
  ) {
    throw new TypeError(
      'reference must be a Delta reference ({ words, mean, std } of one length): make it with deltaReference(profiles)',
    );
  }
}

/** The profile of a text or of counts (counts alone: their sum is the total). */
export function wordProfile(input: DeltaInput): WordProfile {
  if (typeof input === 'string') input = countWordForms(input);
  if (isProfile(input)) return input;
  if (typeof input !== 'object' || input === null)
    throw new TypeError('expected a text, word counts or a word profile');
  let total = 0;
  for (const count of Object.values(input)) total += count;
  return { total, counts: input };
}

function relative(profile: WordProfile, words: readonly string[]): number[] {
  return words.map((word) => (profile.total > 0 ? (profile.counts[word] ?? 0) / profile.total : 0));
}

/** Options of deltaReference beyond the word count. */
export interface DeltaReferenceOptions {
  /**
   * Culling, as stylo's: only words used by at least this percentage of the profiles (0–100) are
   * candidates. Default 0 (all words).
   */
  culling?: number;
  /**
   * A word list of your own (stylo's use.existing.wordlist): the candidates are these words in this
   * order (rank 1 first) instead of the profiles' most frequent; culling still applies, and words no
   * profile uses stay (their σ is the floor). Duplicates count once.
   */
  words?: readonly string[];
}

/** The reference of Delta from profiles (word-form counts of documents or of authors). */
export function deltaReference(
  inputs: readonly DeltaInput[],
  mostFrequent = DEFAULT_MOST_FREQUENT,
  options: DeltaReferenceOptions = {},
): DeltaReference {
  if (!Array.isArray(inputs) || inputs.length < 2) {
    throw new RangeError('a Delta reference needs at least two profiles (documents or authors)');
  }
  if (!Number.isInteger(mostFrequent) || mostFrequent < 1) {
    throw new RangeError(`mostFrequent must be a positive integer, got ${String(mostFrequent)}`);
  }
  const culling = options.culling ?? 0;
  if (typeof culling !== 'number' || !(culling >= 0 && culling <= 100)) {
    throw new RangeError(`culling must be a percentage from 0 to 100, got ${String(options.culling)}`);
  }
  if (
    options.words !== undefined &&
    !(Array.isArray(options.words) && options.words.every((w) => typeof w === 'string'))
  ) {
    throw new TypeError('words must be an array of strings');
  }
  const profiles = inputs.map(wordProfile);
  const share = new Map<string, number>();
  const users = new Map<string, number>();
  for (const { total, counts } of profiles) {
    if (total === 0) continue;
    for (const [word, count] of Object.entries(counts)) {
      share.set(word, (share.get(word) ?? 0) + count / total);
      if (count > 0) users.set(word, (users.get(word) ?? 0) + 1);
    }
  }
  const needed = (culling / 100) * profiles.length;
  const kept = (word: string): boolean => (users.get(word) ?? 0) >= needed - 1e-9;
  const listed = options.words === undefined ? undefined : [...new Set(options.words)];
  const candidates =
    listed !== undefined
      ? listed.filter(kept)
      : [...share]
          .filter(([word]) => kept(word))
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .map(([word]) => word);
  const words = candidates.slice(0, mostFrequent);
  const rows = profiles.map((profile) => relative(profile, words));
  const mean = words.map((_, i) => rows.reduce((sum, row) => sum + (row[i] as number), 0) / rows.length);
  const std = words.map((_, i) =>
    Math.max(
      MIN_STD,
      Math.sqrt(rows.reduce((sum, row) => sum + ((row[i] as number) - (mean[i] as number)) ** 2, 0) / rows.length),
    ),
  );
  return {
    words,
    mean,
    std,
    available: { vocabulary: listed?.length ?? share.size, afterCulling: candidates.length },
  };
}

/** The z-scores of a text (or its word-form counts) against a reference. */
export function deltaZScores(input: DeltaInput, reference: DeltaReference): number[] {
  return zScoresOfFrequencies(relative(wordProfile(input), reference.words), reference);
}

/** z-scores of relative frequencies already in the order of the reference's words. */
export function zScoresOfFrequencies(frequencies: ArrayLike<number>, reference: DeltaReference): number[] {
  if (frequencies.length !== reference.words.length)
    throw new RangeError('frequencies must follow the reference words');
  return Array.from(frequencies, (f, i) => (f - (reference.mean[i] as number)) / (reference.std[i] as number));
}

/** Delta between two z-score vectors of one reference. */
export function deltaOfZScores(a: readonly number[], b: readonly number[], method: DeltaMethod = 'burrows'): number {
  if (a.length !== b.length) throw new RangeError('z-score vectors of different references');
  if (a.length === 0) return 0;
  if (method === 'argamon') {
    let sum = 0;
    for (let i = 0; i < a.length; i += 1) sum += ((a[i] as number) - (b[i] as number)) ** 2;
    return Math.sqrt(sum) / a.length;
  }
  if (method === 'burrows' || method === 'eder') {
    const n = a.length;
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      const weight = method === 'eder' ? (n - i) / n : 1;
      sum += Math.abs((a[i] as number) - (b[i] as number)) * weight;
    }
    return sum / n;
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] as number) * (b[i] as number);
    normA += (a[i] as number) ** 2;
    normB += (b[i] as number) ** 2;
  }
  if (normA === 0 && normB === 0) return 0;
  if (normA === 0 || normB === 0) return 1;
  // Rounding can leave a hair outside [0, 2].
  return Math.min(2, Math.max(0, 1 - dot / Math.sqrt(normA * normB)));
}

/** Delta distance between two texts (or their word-form counts or profiles) over a reference. */
export function styleDistance(
  a: DeltaInput,
  b: DeltaInput,
  reference: DeltaReference,
  method: DeltaMethod = 'burrows',
): number {
  if (!DELTA_METHODS.includes(method)) throw new RangeError(`method must be one of ${DELTA_METHODS.join(', ')}`);
  assertDeltaReference(reference);
  return deltaOfZScores(deltaZScores(a, reference), deltaZScores(b, reference), method);
}
