import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapMeanInterval, fnv1a, quantileSorted, seededRandom } from '../../src/stylometry/index.js';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Math.abs(draws.reduce((s, x) => s + x, 0) / 1000 - 0.5)).toBeLessThan(0.05);
    expect(seededRandom(43)()).not.toBe(seededRandom(42)());
  });
});

describe('fnv1a', () => {
  it('gives the published FNV-1a 32-bit test values, and another hash for another seed', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    expect(fnv1a('foobar', 7)).not.toBe(fnv1a('foobar'));
  });
});

describe('quantileSorted', () => {
  it('interpolates as R’s type 7', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantileSorted([5], 0.9)).toBe(5);
  });
});

describe('bootstrapMeanInterval', () => {
  it('is reproducible for a seed and brackets the mean', () => {
    const values = Array.from({ length: 50 }, (_, i) => Math.sin(i) + i / 50);
    const a = bootstrapMeanInterval(values, { seed: 7 });
    expect(bootstrapMeanInterval(values, { seed: 7 })).toEqual(a);
    expect(a.low).toBeLessThan(a.mean);
    expect(a.high).toBeGreaterThan(a.mean);
    expect(a.n).toBe(50);
  });

  it('gives a zero-width interval for constant values, NaNs for none', () => {
    expect(bootstrapMeanInterval([0.3, 0.3, 0.3])).toEqual({ mean: 0.3, low: 0.3, high: 0.3, n: 3 });
    expect(bootstrapMeanInterval([]).mean).toBeNaN();
  });

  it('has about the standard error’s width for a large sample (±1.96 σ/√n)', () => {
    const random = seededRandom(3);
    const values = Array.from({ length: 400 }, () => random());
    const { low, high } = bootstrapMeanInterval(values, { seed: 1, resamples: 4000 });
    const expected = (2 * 1.96 * Math.sqrt(1 / 12)) / Math.sqrt(400);
    expect(Math.abs(high - low - expected) / expected).toBeLessThan(0.15);
  });

  it('keeps the interval inside the range of the values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }), (values) => {
        const { low, high } = bootstrapMeanInterval(values, { resamples: 200 });
        expect(low).toBeGreaterThanOrEqual(Math.min(...values) - 1e-12);
        expect(high).toBeLessThanOrEqual(Math.max(...values) + 1e-12);
        expect(low).toBeLessThanOrEqual(high);
      }),
    );
  });
});
