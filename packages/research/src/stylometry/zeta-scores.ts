/**
 * The word scores of stylo's oppose() methods, from how many of each group's slices use a word
 * (a of the primary group's nA slices, b of the secondary's nB; p_A = a/nA, p_B = b/nB):
 *
 * - `craig`: Craig's Zeta as stylo scores it (Burrows 2007, "All the way through: testing for
 *   authorship in different frequency strata", LLC 22(1); Craig & Kinney 2009): p_A − p_B, from −1
 *   to 1; a word is kept past ±filter.
 * - `eder`: Eder's Zeta (stylo's eder.zeta, after the Canberra distance): (p_A − p_B) / (p_A + p_B),
 *   from −1 to 1, which weighs a difference by how rare the word is in both groups, so rarer
 *   words with the same gap in shares score higher; words of one group only (±1) are left out, as
 *   stylo does, since any word used once would otherwise top the list. Kept past ±filter.
 * - `chisquare`: Pearson's chi-square keyness test (as Kilgarriff 2001, "Comparing corpora", IJCL
 *   6(1), applies it to two corpora) on the 2 × 2 table of slices with and without the word:
 *   χ² = N (a·d − b·c)² / ((a + b)(c + d)(a + c)(b + d)), c = nA − a, d = nB − b, N = nA + nB, with
 *   1 degree of freedom; the score is χ² signed by p_A − p_B, and a word is kept when p < 0.05
 *   (the filter does not apply). stylo's chisquare.zeta tests the two shares, as percentages,
 *   against equality, which depends on the scale the shares are written in; the table here does not.
 */
import { normalTail } from './wilcoxon.js';

export type ZetaMethod = 'craig' | 'eder' | 'chisquare';

/** The methods of `styler oppose --zeta`, stylo's oppose() names without ".zeta". */
export const ZETA_METHODS: readonly ZetaMethod[] = ['craig', 'eder', 'chisquare'];

/** The p below which the chi-square method keeps a word. */
export const CHI_SQUARE_ALPHA = 0.05;

/** A word's score and, for the chi-square method, its p-value. */
export interface ZetaScore {
  score: number;
  p?: number;
}

/** The method's name for titles. */
export function zetaLabel(method: ZetaMethod): string {
  return { craig: "Craig's Zeta", eder: "Eder's Zeta", chisquare: 'Chi-square Zeta' }[method];
}

/** The score of a word used in `a` of `nA` primary slices and `b` of `nB` secondary ones; undefined: left out. */
export function zetaScore(method: ZetaMethod, a: number, nA: number, b: number, nB: number): ZetaScore | undefined {
  const pA = a / nA;
  const pB = b / nB;
  if (method === 'craig') return { score: pA - pB };
  if (method === 'eder') {
    if (pA === 0 || pB === 0) return undefined;
    return { score: (pA - pB) / (pA + pB) };
  }
  const c = nA - a;
  const d = nB - b;
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  if (margins === 0) return { score: 0, p: 1 };
  const chiSquare = ((nA + nB) * (a * d - b * c) ** 2) / margins;
  // With 1 degree of freedom χ² is Z², so P(χ² > x) = 2 P(Z > √x).
  return { score: Math.sign(pA - pB) * chiSquare, p: 2 * normalTail(Math.sqrt(chiSquare)) };
}

/** Whether a word with `score` is kept as preferred (1), avoided (−1) or neither (0). */
export function zetaSide(method: ZetaMethod, score: ZetaScore, filter: number): -1 | 0 | 1 {
  if (method === 'chisquare') return score.p! < CHI_SQUARE_ALPHA ? (Math.sign(score.score) as -1 | 0 | 1) : 0;
  return score.score > filter ? 1 : score.score < -filter ? -1 : 0;
}
