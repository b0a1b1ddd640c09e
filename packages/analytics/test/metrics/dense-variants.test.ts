import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denseHistogramStats, histogramStats, jensenShannonDistance, jsDistance } from '../../src/metrics/index.js';

describe('dense variants for the style engine', () => {
  it('denseHistogramStats equals histogramStats', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 80 }), (values) => {
        const array = new Float64Array(64);
        const histogram: Record<string, number> = {};
        for (const value of values) {
          array[value] = (array[value] ?? 0) + 1;
          histogram[String(value)] = (histogram[String(value)] ?? 0) + 1;
        }
        const expected = histogramStats(histogram);
        const [mean, median, stdDev] = denseHistogramStats(array);
        expect(Math.abs(mean - expected.mean)).toBeLessThan(1e-9);
        expect(median).toBe(expected.median);
        expect(Math.abs(stdDev - expected.stdDev)).toBeLessThan(1e-6);
      }),
    );
  });

  it('jsDistance equals jensenShannonDistance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 5, maxLength: 5 }),
        fc.array(fc.nat(20), { minLength: 5, maxLength: 5 }),
        (a, b) => {
          const total = b.reduce((s, v) => s + v, 0);
          const q = Float64Array.from(b.map((v) => (total > 0 ? v / total : 0)));
          const record = (values: number[]): Record<string, number> =>
            Object.fromEntries(values.map((v, i) => [`k${i}`, v]));
          expect(
            Math.abs(jsDistance(Float64Array.from(a), q) - jensenShannonDistance(record(a), record(b))),
          ).toBeLessThan(1e-9);
        },
      ),
    );
  });
});
