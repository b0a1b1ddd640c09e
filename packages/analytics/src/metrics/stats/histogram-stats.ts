import type { Histogram } from '../../vocabulary/features.js';

export interface LengthSummary {
  mean: number;
  median: number;
  /** Population standard deviation (ddof = 0). */
  stdDev: number;
}

/**
 * Mean, median and population standard deviation of the values a histogram counts.
 * The median of an even count is the mean of the two middle values (as numpy's). Empty: all 0.
 */
export function histogramStats(histogram: Histogram): LengthSummary {
  const buckets = Object.entries(histogram)
    .map(([value, count]) => [Number(value), count] as const)
    .filter(([value, count]) => Number.isFinite(value) && count > 0)
    .sort((a, b) => a[0] - b[0]);
  let n = 0;
  let sum = 0;
  for (const [value, count] of buckets) {
    n += count;
    sum += value * count;
  }
  if (n === 0) return { mean: 0, median: 0, stdDev: 0 };
  const mean = sum / n;
  let squares = 0;
  for (const [value, count] of buckets) squares += count * (value - mean) ** 2;
  return { mean, median: histogramMedian(buckets, n), stdDev: Math.sqrt(squares / n) };
}

function histogramMedian(sorted: ReadonlyArray<readonly [number, number]>, n: number): number {
  // 0-based ranks of the middle element(s).
  const lowRank = Math.floor((n - 1) / 2);
  const highRank = Math.floor(n / 2);
  let low: number | undefined;
  let seen = 0;
  for (const [value, count] of sorted) {
    seen += count;
    if (low === undefined && seen > lowRank) low = value;
    if (seen > highRank) return ((low ?? value) + value) / 2;
  }
  return low ?? 0;
}

/**
 * histogramStats for a histogram held as a typed array (index = value), for the style engine's
 * inner loop: values up to `limit` only, written into `out` when given (and returned), no allocation.
 * The variance is E[x²] − mean², which equals histogramStats' to rounding.
 */
export function denseHistogramStats(
  histogram: Float64Array,
  limit = histogram.length - 1,
  out: [number, number, number] = [0, 0, 0],
): [number, number, number] {
  let n = 0;
  let sum = 0;
  let squares = 0;
  const end = Math.min(histogram.length, limit + 1);
  for (let value = 0; value < end; value += 1) {
    const count = histogram[value] ?? 0;
    if (count <= 0) continue;
    n += count;
    sum += value * count;
    squares += value * value * count;
  }
  if (n === 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return out;
  }
  const mean = sum / n;
  const variance = Math.max(0, squares / n - mean * mean);
  const low = Math.floor((n - 1) / 2);
  const high = Math.floor(n / 2);
  let seen = 0;
  let lowValue = -1;
  let median = 0;
  for (let value = 0; value < end; value += 1) {
    const count = histogram[value] ?? 0;
    if (count <= 0) continue;
    seen += count;
    if (lowValue < 0 && seen > low) lowValue = value;
    if (seen > high) {
      median = (lowValue + value) / 2;
      break;
    }
  }
  out[0] = mean;
  out[1] = median;
  out[2] = Math.sqrt(variance);
  return out;
}
