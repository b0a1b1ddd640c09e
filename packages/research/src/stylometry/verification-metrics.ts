/**
 * The metrics of the PAN authorship-verification tasks, computed as PAN's evaluator (pan20-verif
 * evaluator.py) computes them. A problem's score is the probability that the questioned text is by
 * the known author, 0–1; a score of exactly 0.5 is a non-answer ("don't know"); above 0.5 answers
 * "same author", below "different author".
 *
 * - auc: area under the ROC curve (the Mann–Whitney statistic: the share of (same, different)
 *   pairs the score orders rightly, a tie counting one half), as sklearn's roc_auc_score.
 * - c@1 (Peñas & Rodrigo 2011): (correct + unanswered · correct / n) / n: a non-answer earns the
 *   accuracy of the answered problems.
 * - F0.5u (Bevendorff, Stein, Hagen & Potthast 2019): the F0.5 of the "same author" answers with
 *   every non-answer counted as a false negative: 1.25 tp / (1.25 tp + 0.25 (fn + unanswered) + fp).
 * - brier: PAN reports the complement, 1 − mean((score − truth)²), so that higher is better like the
 *   others; `brierLoss` is the score itself (lower is better).
 * - overall: the mean of auc, c@1, F0.5u and brier (PAN 2020 onwards also averages in the F1 of the
 *   answers; it is left out here).
 */

/** One verification problem's score (0–1) and its answer (true: same author). */
export interface ScoredAnswer {
  score: number;
  same: boolean;
}

/** The PAN metrics of a set of scored problems; null where undefined (auc needs both answers). */
export interface VerificationMetrics {
  problems: number;
  unanswered: number;
  auc: number | null;
  c_at_1: number;
  f_05_u: number;
  /** 1 − Brier score, as PAN reports it (higher is better). */
  brier: number;
  /** The Brier score, mean squared error of the score (lower is better). */
  brier_loss: number;
  /** Mean of auc, c@1, F0.5u and brier; null when auc is. */
  overall: number | null;
}

function checked(scored: readonly ScoredAnswer[]): readonly ScoredAnswer[] {
  if (scored.length === 0) throw new RangeError('scored must hold at least one problem');
  for (const { score } of scored) {
    if (!(score >= 0 && score <= 1)) throw new RangeError(`every score must be in [0, 1], got ${score}`);
  }
  return scored;
}

/** Area under the ROC curve (ties count ½); null when every problem has the same answer. */
export function rocAuc(scored: readonly ScoredAnswer[]): number | null {
  const same = checked(scored).filter((p) => p.same);
  const different = scored.filter((p) => !p.same);
  if (same.length === 0 || different.length === 0) return null;
  // Average ranks over the pooled scores (ties share their mean rank): the Mann–Whitney U.
  const sorted = scored.map((p) => p.score).sort((a, b) => a - b);
  const rankOf = new Map<number, number>();
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j += 1;
    rankOf.set(sorted[i]!, (i + 1 + j) / 2);
    i = j;
  }
  const rankSum = same.reduce((sum, p) => sum + rankOf.get(p.score)!, 0);
  const u = rankSum - (same.length * (same.length + 1)) / 2;
  return u / (same.length * different.length);
}

interface Outcomes {
  correct: number;
  unanswered: number;
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

function outcomes(scored: readonly ScoredAnswer[]): Outcomes {
  const counts = { correct: 0, unanswered: 0, truePositive: 0, falsePositive: 0, falseNegative: 0 };
  for (const { score, same } of checked(scored)) {
    if (score === 0.5) {
      counts.unanswered += 1;
      continue;
    }
    const answer = score > 0.5;
    if (answer === same) counts.correct += 1;
    if (answer && same) counts.truePositive += 1;
    else if (answer) counts.falsePositive += 1;
    else if (same) counts.falseNegative += 1;
  }
  return counts;
}

/** c@1 (Peñas & Rodrigo 2011), 0–1: a score of exactly 0.5 is unanswered. */
export function cAt1(scored: readonly ScoredAnswer[]): number {
  const { correct, unanswered } = outcomes(scored);
  const n = scored.length;
  return (correct + (unanswered * correct) / n) / n;
}

/** F0.5u (Bevendorff et al. 2019), 0–1: non-answers count as false negatives; 0 when nothing is positive. */
export function f05u(scored: readonly ScoredAnswer[]): number {
  const { truePositive, falsePositive, falseNegative, unanswered } = outcomes(scored);
  const denominator = 1.25 * truePositive + 0.25 * (falseNegative + unanswered) + falsePositive;
  return denominator === 0 ? 0 : (1.25 * truePositive) / denominator;
}

/** The Brier score, 0–1: the mean squared difference between the score and the answer (1 or 0). */
export function brierLoss(scored: readonly ScoredAnswer[]): number {
  return checked(scored).reduce((sum, p) => sum + (p.score - (p.same ? 1 : 0)) ** 2, 0) / scored.length;
}

/** Every PAN metric of the scored problems. */
export function verificationMetrics(scored: readonly ScoredAnswer[]): VerificationMetrics {
  const auc = rocAuc(scored);
  const c = cAt1(scored);
  const f = f05u(scored);
  const loss = brierLoss(scored);
  return {
    problems: scored.length,
    unanswered: outcomes(scored).unanswered,
    auc,
    c_at_1: c,
    f_05_u: f,
    brier: 1 - loss,
    brier_loss: loss,
    overall: auc === null ? null : (auc + c + f + (1 - loss)) / 4,
  };
}

/** One bin of a reliability diagram: the problems whose score fell in [low, high). */
export interface ReliabilityBin {
  low: number;
  high: number;
  problems: number;
  /** Mean score of the bin's problems. */
  meanScore: number;
  /** Share of the bin's problems by the same author. */
  observed: number;
  /** The 95 % Wilson score interval of that share (wide for a bin of few problems). */
  observedLow: number;
  observedHigh: number;
}

/** z of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval (Wilson 1927) of a share of `successes` in `n` trials, 95 %: unlike the
 * normal approximation it stays within [0, 1] and is not empty at 0 or n successes.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (!(Number.isInteger(n) && n >= 1 && successes >= 0 && successes <= n)) {
    throw new RangeError('successes must be from 0 to n, and n a positive integer');
  }
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

function interval(same: number, problems: number): { observedLow: number; observedHigh: number } {
  const { low, high } = wilsonInterval(same, problems);
  return { observedLow: low, observedHigh: high };
}

/**
 * The reliability diagram's bins: `bins` equal-width bins of the score ([0, 1/bins), …, the last
 * closed at 1), each with its mean score and observed share of same-author problems; empty bins left
 * out. A calibrated score lies on the diagonal.
 */
export function reliabilityBins(scored: readonly ScoredAnswer[], bins = 10): ReliabilityBin[] {
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError('bins must be a positive integer');
  const sums = Array.from({ length: bins }, () => ({ problems: 0, score: 0, same: 0 }));
  for (const { score, same } of checked(scored)) {
    const bin = sums[Math.min(bins - 1, Math.floor(score * bins))]!;
    bin.problems += 1;
    bin.score += score;
    if (same) bin.same += 1;
  }
  return sums.flatMap((bin, i) =>
    bin.problems === 0
      ? []
      : [
          {
            low: i / bins,
            high: (i + 1) / bins,
            problems: bin.problems,
            meanScore: bin.score / bin.problems,
            observed: bin.same / bin.problems,
            ...interval(bin.same, bin.problems),
          },
        ],
  );
}
