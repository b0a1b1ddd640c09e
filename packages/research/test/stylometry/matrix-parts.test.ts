/** Parts of a condensed matrix: runs of rows of about equal pairs, computed apart to the same numbers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_METHODS } from '@styler-dev/analytics/metrics';
import {
  addBurrowsSums,
  condensedDeltas,
  condensedLength,
  matrixParts,
  partLength,
  partStart,
  seededRandom,
  type ZScoreMatrix,
} from '../../src/stylometry/index.js';

function randomZ(rows: number, columns: number, seed: number): ZScoreMatrix {
  const random = seededRandom(seed);
  // Some exact zeros and repeated rows, as short documents give.
  const values = Float64Array.from({ length: rows * columns }, () => (random() < 0.2 ? 0 : 4 * random() - 2));
  if (rows > 2) values.copyWithin(columns, 0, columns);
  return { rows, columns, values };
}

describe('matrix parts', () => {
  it('splits the pairs into parts that threads can compute apart, to the same numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 9 }), (n, count) => {
        const parts = matrixParts(n, count);
        expect(parts[0]!.from).toBe(0);
        expect(parts.at(-1)!.to).toBe(n);
        parts.forEach((part, i) => i > 0 && expect(part.from).toBe(parts[i - 1]!.to));
        // About as many pairs each: none more than a row's worth above the average.
        const pairs = parts.map((part) => partLength(n, part));
        for (const count of pairs) expect(count).toBeLessThanOrEqual(condensedLength(n) / parts.length + n);
      }),
    );
    const z = randomZ(70, 20, 5);
    const parts = matrixParts(70, 5);
    for (const method of DELTA_METHODS) {
      const whole = condensedDeltas(z, method, { words: 15 });
      const pieced = new Float64Array(condensedLength(70)).fill(Number.NaN);
      for (const part of parts) pieced.set(condensedDeltas(z, method, { words: 15, part }), partStart(70, part.from));
      expect(Array.from(pieced)).toEqual(Array.from(whole));
    }
    const sums = new Float64Array(condensedLength(70));
    for (const part of parts) {
      addBurrowsSums(z, sums.subarray(partStart(70, part.from), partStart(70, part.to)), 0, 12, undefined, part);
    }
    const whole = new Float64Array(condensedLength(70));
    addBurrowsSums(z, whole, 0, 12);
    expect(sums).toEqual(whole);
  });
});
