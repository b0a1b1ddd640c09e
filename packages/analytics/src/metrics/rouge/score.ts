import type { RougeScore } from './types.js';

/** rouge-score's F1: 2PR / (P + R), evaluated in the same operation order; 0 when P + R is 0. */
export function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * A score from a match count: precision = matches / predictionUnits, recall = matches / targetUnits,
 * each denominator floored at 1 as rouge-score does for n-grams (so an empty side scores 0).
 */
export function scoreFromMatches(matches: number, predictionUnits: number, targetUnits: number): RougeScore {
  const precision = matches / Math.max(predictionUnits, 1);
  const recall = matches / Math.max(targetUnits, 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** The all-zero score rouge-score returns for empty or disjoint inputs. */
export function zeroScore(): RougeScore {
  return { precision: 0, recall: 0, fmeasure: 0 };
}

/** rougeL from an LCS length: LCS / prediction tokens, LCS / target tokens; 0s if either side is empty. */
export function lcsScore(lcs: number, predictionTokens: number, targetTokens: number): RougeScore {
  if (predictionTokens === 0 || targetTokens === 0) return zeroScore();
  const precision = lcs / predictionTokens;
  const recall = lcs / targetTokens;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}
