/**
 * The distances of R's stylo between two documents on one feature space (Eder, Rybicki & Kestemont
 * 2016, "Stylometry with R", R Journal 8(1)), chosen by name. The Delta family compares z-scores and
 * lives in metrics/authorship/delta.ts (burrows, eder, argamon, cosine); the others compare relative
 * frequencies, as stylo's perform.delta does (R's dist() for manhattan, euclidean and canberra;
 * stylo's dist.minmax):
 *
 * - manhattan: Σ |f_a − f_b|
 * - euclidean: sqrt(Σ (f_a − f_b)²)
 * - canberra: Σ |f_a − f_b| / (f_a + f_b), a feature neither uses (0/0) left out and the sum scaled
 *   up by n / (features used), as R's dist(method = "canberra")
 * - minmax (Ruzicka; Koppel & Winter 2014): 1 − Σ min(f_a, f_b) / Σ max(f_a, f_b), 0 for two empty
 *   vectors
 *
 * Every distance is symmetric, never negative and zero between identical vectors.
 */
import { DELTA_METHODS, deltaOfZScores, type DeltaMethod } from '@styler-dev/analytics/metrics';

/** The distances on relative frequencies. */
export type FrequencyDistance = 'manhattan' | 'euclidean' | 'canberra' | 'minmax';

/** Every distance by name: the Delta variants (on z-scores) and the frequency distances. */
export type DistanceName = DeltaMethod | FrequencyDistance;

export const FREQUENCY_DISTANCES: readonly FrequencyDistance[] = ['manhattan', 'euclidean', 'canberra', 'minmax'];

/** All distances, for validation and listings. */
export const DISTANCES: readonly DistanceName[] = [...DELTA_METHODS, ...FREQUENCY_DISTANCES];

/** A document on a feature space: its relative frequencies and z-scores, feature by feature. */
export interface FeatureVector {
  frequencies: readonly number[];
  zScores: readonly number[];
}

export function isDistanceName(name: unknown): name is DistanceName {
  return typeof name === 'string' && (DISTANCES as readonly string[]).includes(name);
}

/** Whether the distance compares z-scores (the Delta family) rather than relative frequencies. */
export function usesZScores(name: DistanceName): name is DeltaMethod {
  return (DELTA_METHODS as readonly string[]).includes(name);
}

/** A frequency distance between two vectors of relative frequencies of the same features. */
export function frequencyDistance(a: readonly number[], b: readonly number[], name: FrequencyDistance): number {
  if (a.length !== b.length) throw new RangeError('frequency vectors of different features');
  let sum = 0;
  switch (name) {
    case 'manhattan':
      for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
      return sum;
    case 'euclidean':
      for (let i = 0; i < a.length; i += 1) sum += (a[i]! - b[i]!) ** 2;
      return Math.sqrt(sum);
    case 'canberra': {
      let used = 0;
      for (let i = 0; i < a.length; i += 1) {
        const denominator = Math.abs(a[i]!) + Math.abs(b[i]!);
        if (denominator === 0) continue;
        sum += Math.abs(a[i]! - b[i]!) / denominator;
        used += 1;
      }
      return used === 0 ? 0 : (sum * a.length) / used;
    }
    case 'minmax': {
      let low = 0;
      let high = 0;
      for (let i = 0; i < a.length; i += 1) {
        low += Math.min(a[i]!, b[i]!);
        high += Math.max(a[i]!, b[i]!);
      }
      return high === 0 ? 0 : Math.max(0, 1 - low / high);
    }
    default:
      throw new RangeError(`distance must be one of ${DISTANCES.join(', ')}`);
  }
}

/** The named distance between two documents on one feature space. */
export function distanceBetween(a: FeatureVector, b: FeatureVector, name: DistanceName): number {
  if (usesZScores(name)) return deltaOfZScores(a.zScores, b.zScores, name);
  return frequencyDistance(a.frequencies, b.frequencies, name);
}

/** The symmetric matrix of the named distance between every two vectors. */
export function distanceMatrix(vectors: readonly FeatureVector[], name: DistanceName): number[][] {
  if (!isDistanceName(name)) throw new RangeError(`distance must be one of ${DISTANCES.join(', ')}`);
  const n = vectors.length;
  const matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const d = distanceBetween(vectors[i]!, vectors[j]!, name);
      matrix[i]![j] = d;
      matrix[j]![i] = d;
    }
  }
  return matrix;
}
