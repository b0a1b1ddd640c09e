import {
  deltaOfZScores,
  deltaReference,
  deltaZScores,
  sumWordForms,
  type WordProfile,
} from '@styler-dev/analytics/metrics';

/**
 * Most frequent words the typicality of an excerpt is measured on. An excerpt of 40–120 words holds
 * few of them, so more would add words it almost never has (100 is stylo's default).
 */
export const TYPICALITY_WORDS = 100;

/** Typicality by Delta against one author: the words it reads and a scorer of their counts. */
export interface Typicality {
  /** The words scored (the reference's most frequent), in the order `score` takes their counts. */
  words: readonly string[];
  /**
   * The Burrows' Delta of a text to the author, from its counts of `words` (in that order) and the
   * number of all its word forms; lower is more typical.
   */
  score(counts: ArrayLike<number>, total: number): number;
  /** Word-form counts as `score` takes them: the counts of `words`, and the total of all forms. */
  vector(counts: Readonly<Record<string, number>>): { counts: Float64Array; total: number };
}

/**
 * Typicality by Burrows' Delta (Burrows 2002): the mean over the TYPICALITY_WORDS most frequent
 * words of |z_text − z_author|, z-scores over `population`, word-form counts of excerpt-sized
 * stretches of the author's own text (so each word's deviation is measured in units of how much it
 * varies between such stretches, not between whole documents). `author`: the author's pooled
 * counts; by default the sum of the population. Burrows' rather than Cosine Delta because the
 * author's z-scores sit near the population's mean (near zero), where a cosine is unstable.
 * Undefined when the population holds fewer than two stretches with words.
 */
export function typicality(
  population: ReadonlyArray<Readonly<Record<string, number>>>,
  author?: WordProfile,
): Typicality | undefined {
  const stretches = population.filter((counts) => Object.keys(counts).length > 0);
  if (stretches.length < 2) return undefined;
  const reference = deltaReference(stretches, TYPICALITY_WORDS);
  const authorZ = deltaZScores(author ?? sumWordForms(stretches), reference);
  const z = new Array<number>(reference.words.length).fill(0);
  const indexOf = new Map(reference.words.map((word, i) => [word, i]));
  return {
    words: reference.words,
    vector(counts) {
      const out = new Float64Array(reference.words.length);
      let total = 0;
      for (const word in counts) {
        const count = counts[word] as number;
        total += count;
        const at = indexOf.get(word);
        if (at !== undefined) out[at] = count;
      }
      return { counts: out, total };
    },
    score(counts, total) {
      // deltaZScores of the counts, without building a profile object for each of many windows.
      for (let i = 0; i < z.length; i += 1) {
        const share = total > 0 ? (counts[i] ?? 0) / total : 0;
        z[i] = (share - (reference.mean[i] as number)) / (reference.std[i] as number);
      }
      return deltaOfZScores(z, authorZ, 'burrows');
    },
  };
}

/** The Delta of word-form counts under a typicality. */
export function scoreCounts(scorer: Typicality, counts: Readonly<Record<string, number>>): number {
  const vector = scorer.vector(counts);
  return scorer.score(vector.counts, vector.total);
}

/** Deltas run from about 0.1 to 2: a spread below this is rounding noise, and every score there is typical. */
const SPREAD_FLOOR = 1e-9;

/** Least-squares line of ys on xs: the value it expects at each x (the mean when the xs do not vary). */
function fittedLine(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * ((ys[i] as number) - meanY);
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  return xs.map((x) => meanY + slope * (x - meanX));
}

/**
 * Typicality scores with the length taken out: how far each Delta lies below the Delta expected at
 * its length, in units of the spread expected at that length. Both are least-squares lines on
 * ln(words) over all the scored stretches: the expected Delta, and the expected absolute deviation
 * from it (longer stretches sit closer to any profile by chance alone, shorter ones scatter more, so
 * a raw or unscaled Delta would favour one or the other). Lower is more typical; 0 is as typical as
 * stretches of that length go. Empty in, empty out.
 */
export function lengthAdjusted(deltas: readonly number[], words: readonly number[]): number[] {
  if (deltas.length === 0) return [];
  const xs = words.map((count) => Math.log(Math.max(1, count)));
  const expected = fittedLine(xs, deltas);
  const residuals = deltas.map((delta, i) => delta - (expected[i] as number));
  const spread = fittedLine(
    xs,
    residuals.map((residual) => Math.abs(residual)),
  );
  return residuals.map((residual, i) => {
    const scale = spread[i] as number;
    return scale > SPREAD_FLOOR ? residual / scale : 0;
  });
}
