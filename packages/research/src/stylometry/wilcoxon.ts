/**
 * The Wilcoxon signed-rank test of paired differences against zero (Wilcoxon 1945): zero
 * differences dropped (Wilcoxon's convention, as R's wilcox.test), tied absolute differences given
 * their mean rank. The p-value is exact (the null distribution of W+ counted over all sign patterns)
 * for up to EXACT_MAX_N differences without ties; otherwise the normal approximation with the tie
 * correction of the variance and a continuity correction. Effect sizes: the matched-pairs
 * rank-biserial correlation (W+ − W−) / (W+ + W−), and r = |z| / √n.
 */

/** Largest n with an exact p-value (R's wilcox.test uses 50 too). */
export const EXACT_MAX_N = 50;

export interface WilcoxonResult {
  /** Non-zero differences ranked. */
  n: number;
  /** Sum of the ranks of the positive differences (R's V). */
  wPlus: number;
  wMinus: number;
  /** Two-sided p-value. */
  p: number;
  exact: boolean;
  /** Normal deviate of W+ (continuity- and tie-corrected); 0 when n = 0. */
  z: number;
  /** (W+ − W−) / (W+ + W−): from −1 (all negative) to 1 (all positive). */
  rankBiserial: number;
  /** |z| / √n. */
  r: number;
}

/** Ranks (1-based) of `values`, ties sharing their mean rank; and Σ(t³ − t) over tie groups. */
function rank(values: readonly number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  let tieTerm = 0;
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    const mean = (start + end) / 2 + 1;
    for (let k = start; k <= end; k += 1) ranks[order[k]!.index] = mean;
    const t = end - start + 1;
    tieTerm += t * t * t - t;
    start = end + 1;
  }
  return { ranks, tieTerm };
}

/** Counts of each W+ from 0 to n(n+1)/2 over the 2^n sign patterns of ranks 1…n. */
function signedRankCounts(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  const counts = new Float64Array(max + 1);
  counts[0] = 1;
  for (let k = 1; k <= n; k += 1) {
    for (let w = max; w >= k; w -= 1) counts[w]! += counts[w - k]!;
  }
  return counts;
}

/** P(Z > z) of the standard normal (0–1), to about 1e-7. */
export function normalTail(z: number): number {
  // Upper tail of the standard normal: erfc(z/√2)/2 by the Abramowitz–Stegun 7.1.26 rational form.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The signed-rank test of `differences` (e.g. personalized − unpersonalized, row by row). */
export function wilcoxonSignedRank(differences: ArrayLike<number>): WilcoxonResult {
  const nonZero: number[] = [];
  for (let i = 0; i < differences.length; i += 1) {
    const d = differences[i]!;
    if (!Number.isFinite(d)) throw new RangeError('differences must be finite numbers');
    if (d !== 0) nonZero.push(d);
  }
  const n = nonZero.length;
  if (n === 0) return { n, wPlus: 0, wMinus: 0, p: 1, exact: true, z: 0, rankBiserial: 0, r: 0 };
  const { ranks, tieTerm } = rank(nonZero.map(Math.abs));
  let wPlus = 0;
  nonZero.forEach((d, i) => {
    if (d > 0) wPlus += ranks[i]!;
  });
  const total = (n * (n + 1)) / 2;
  const wMinus = total - wPlus;
  const mean = total / 2;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48;
  const z = variance > 0 ? (wPlus - mean - Math.sign(wPlus - mean) * 0.5) / Math.sqrt(variance) : 0;
  const exact = n <= EXACT_MAX_N && tieTerm === 0;
  let p: number;
  if (exact) {
    const counts = signedRankCounts(n);
    const low = Math.min(wPlus, wMinus);
    let tail = 0;
    for (let w = 0; w <= low; w += 1) tail += counts[w]!;
    p = Math.min(1, (2 * tail) / 2 ** n);
  } else {
    p = Math.min(1, 2 * normalTail(Math.abs(z)));
  }
  return { n, wPlus, wMinus, p, exact, z, rankBiserial: (wPlus - wMinus) / total, r: Math.abs(z) / Math.sqrt(n) };
}
