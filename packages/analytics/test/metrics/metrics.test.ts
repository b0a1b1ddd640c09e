import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceImprovement,
  fleschKincaidGrade,
  fleschReadingEase,
  gapImprovement,
  histogramStats,
  jensenShannonDistance,
  scoreImprovement,
} from '../../src/metrics/index.js';

describe('histogramStats', () => {
  it('gives mean, numpy-style median and population std', () => {
    // values 1, 2, 2, 7
    const stats = histogramStats({ '1': 1, '2': 2, '7': 1 });
    expect(stats.mean).toBeCloseTo(3, 12);
    expect(stats.median).toBeCloseTo(2, 12);
    expect(stats.stdDev).toBeCloseTo(Math.sqrt((4 + 1 + 1 + 16) / 4), 12);
    expect(histogramStats({ '1': 1, '4': 1 }).median).toBe(2.5);
    expect(histogramStats({})).toEqual({ mean: 0, median: 0, stdDev: 0 });
  });

  it('matches the statistics of the expanded list', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 200 }), (values) => {
        const histogram: Record<string, number> = {};
        for (const v of values) histogram[String(v)] = (histogram[String(v)] ?? 0) + 1;
        const sorted = [...values].sort((a, b) => a - b);
        const n = sorted.length;
        const mean = values.reduce((s, v) => s + v, 0) / n;
        const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
        const std = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
        const stats = histogramStats(histogram);
        expect(stats.mean).toBeCloseTo(mean, 9);
        expect(stats.median).toBeCloseTo(median, 9);
        expect(stats.stdDev).toBeCloseTo(std, 9);
      }),
    );
  });
});

describe('Flesch formulas', () => {
  it('reproduce textstat from its own counts (reference sentence-001)', () => {
    const counts = { sentences: 1, words: 6, syllables: 6 };
    expect(Math.abs(fleschReadingEase(counts) - 116.14500000000001)).toBeLessThan(1e-9);
    expect(Math.abs(fleschKincaidGrade(counts) - -1.4499999999999993)).toBeLessThan(1e-9);
  });
  it('are 0 without words or sentences', () => {
    expect(fleschReadingEase({ sentences: 0, words: 0, syllables: 0 })).toBe(0);
    expect(fleschKincaidGrade({ sentences: 1, words: 0, syllables: 0 })).toBe(0);
  });
});

describe('jensenShannonDistance', () => {
  const dist = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.nat({ max: 1000 }));
  it('is symmetric, in [0, 1] and 0 on identical inputs', () => {
    fc.assert(
      fc.property(dist, dist, (p, q) => {
        const d = jensenShannonDistance(p, q);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1);
        expect(Math.abs(d - jensenShannonDistance(q, p))).toBeLessThan(1e-12);
        expect(jensenShannonDistance(p, p)).toBeLessThan(1e-7);
      }),
    );
  });
  it('is 1 for disjoint supports, 0 for two empties, 1 for empty vs non-empty', () => {
    expect(jensenShannonDistance({ a: 3 }, { b: 5 })).toBeCloseTo(1, 12);
    expect(jensenShannonDistance({}, {})).toBe(0);
    expect(jensenShannonDistance({}, { a: 1 })).toBe(1);
  });
  it('matches a hand computation', () => {
    // p = (1/2, 1/2), q = (1, 0): m = (3/4, 1/4); JSD = 1/2·[1/2 log2(2/3) + 1/2 log2 2] + 1/2·log2(4/3)
    const jsd = 0.5 * (0.5 * Math.log2(0.5 / 0.75) + 0.5 * Math.log2(0.5 / 0.25)) + 0.5 * Math.log2(1 / 0.75);
    expect(jensenShannonDistance({ a: 1, b: 1 }, { a: 2 })).toBeCloseTo(Math.sqrt(jsd), 12);
  });
});

describe('personalization_improvement', () => {
  it('follows the three METRICS.md formulas', () => {
    expect(scoreImprovement(0.6, 0.5)).toBeCloseTo(0.2, 12);
    expect(gapImprovement(12, 20, 10)).toBeCloseTo(0.8, 12);
    expect(distanceImprovement(0.2, 0.4)).toBeCloseTo(0.5, 12);
  });
  it('maps a zero denominator to 0 or ±1', () => {
    expect(scoreImprovement(0, 0)).toBe(0);
    expect(scoreImprovement(0.3, 0)).toBe(1);
    expect(gapImprovement(5, 5, 5)).toBe(0);
    expect(gapImprovement(6, 5, 5)).toBe(-1);
    expect(distanceImprovement(0.1, 0)).toBe(-1);
  });
});
