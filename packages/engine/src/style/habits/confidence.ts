import type { Measured } from '../types.js';

/**
 * A habit with its confidence: `evidence / (evidence + halfConfidence)`, in [0, 1). It reaches 0.5
 * when the evidence equals `halfConfidence` observations (the number each habit names).
 */
export function measured<T>(value: T, evidence: number, halfConfidence: number): Measured<T> {
  const confidence = evidence <= 0 ? 0 : evidence / (evidence + halfConfidence);
  return { value, evidence, confidence: Math.round(confidence * 1000) / 1000 };
}

/** Occurrences per 1,000 words (0 for no words), rounded to 3 decimals. */
export function perThousand(count: number, words: number): number {
  return words > 0 ? Math.round((count / words) * 1_000_000) / 1000 : 0;
}

/** count / total, or `fallback` when total is 0, rounded to 4 decimals. */
export function share(count: number, total: number, fallback = 0): number {
  return total > 0 ? Math.round((count / total) * 10_000) / 10_000 : fallback;
}
