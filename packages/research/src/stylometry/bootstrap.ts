/**
 * Bootstrap confidence intervals of a mean (percentile method, Efron 1979): resample the values with
 * replacement, take each resample's mean, and read the interval off the sorted means. Seeded, so a
 * run's intervals repeat exactly.
 */
import { seededRandom } from './random.js';

export interface BootstrapOptions {
  /** Resamples drawn (default 2,000). */
  resamples?: number;
  /** Coverage of the interval (default 0.95). */
  confidence?: number;
  /** Seed of the resampling (default 1). */
  seed?: number;
}

export interface MeanInterval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** The q-quantile of sorted values, linearly interpolated (R's type 7, numpy's default). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The mean of `values` with its bootstrap percentile interval; NaNs for no values. */
export function bootstrapMeanInterval(values: ArrayLike<number>, options: BootstrapOptions = {}): MeanInterval {
  const n = values.length;
  const resamples = options.resamples ?? 2_000;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError('resamples must be a positive integer');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be between 0 and 1');
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, n };
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += values[i]!;
  const random = seededRandom(options.seed ?? 1);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r += 1) {
    let total = 0;
    for (let i = 0; i < n; i += 1) total += values[Math.floor(random() * n)]!;
    means[r] = total / n;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  return { mean: sum / n, low: quantileSorted(means, tail), high: quantileSorted(means, 1 - tail), n };
}
