/**
 * Critical values of G² (χ² with one degree of freedom). Keyness tests thousands of words at once,
 * so it takes p < 0.0001 (15.13), as Rayson, Berridge & Francis (2004) advise for many comparisons;
 * a single test (the rhythm of sentence lengths) takes p < 0.001 (10.83).
 */
export const G2_P_0001 = 15.13;
export const G2_P_001 = 10.83;

function term(observed: number, expected: number): number {
  return observed > 0 && expected > 0 ? observed * Math.log(observed / expected) : 0;
}

/**
 * Dunning's log-likelihood ratio G² (Dunning 1993, "Accurate methods for the statistics of surprise
 * and coincidence") of a 2 × 2 table of counts [[a, b], [c, d]]: 2 Σ O ln(O / E) over the four cells,
 * E from the row and column sums. 0 for an empty table; ≥ 0; asymptotically χ² with 1 degree of freedom.
 */
export function logLikelihood(a: number, b: number, c: number, d: number): number {
  const total = a + b + c + d;
  if (total <= 0) return 0;
  const row1 = a + b;
  const row2 = c + d;
  const column1 = a + c;
  const column2 = b + d;
  const sum =
    term(a, (row1 * column1) / total) +
    term(b, (row1 * column2) / total) +
    term(c, (row2 * column1) / total) +
    term(d, (row2 * column2) / total);
  return Math.max(0, 2 * sum);
}
