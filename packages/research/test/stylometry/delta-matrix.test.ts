/** Condensed Delta matrices, whole rows and grown Burrows sums: deltaOfZScores's numbers, bit for bit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_METHODS, deltaOfZScores } from '@styler-dev/analytics/metrics';
import {
  BurrowsBySize,
  condensedDeltas,
  condensedIndex,
  condensedLength,
  deltaOfRows,
  deltaRows,
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

const row = (z: ZScoreMatrix, i: number, words: number): number[] =>
  Array.from(z.values.subarray(i * z.columns, i * z.columns + words));

describe('Delta matrices', () => {
  it("gives deltaOfZScores's value for every pair, every variant and any prefix of the words", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(...DELTA_METHODS),
        (rows, columns, seed, method) => {
          const z = randomZ(rows, columns, seed);
          const words = Math.floor(columns / 2);
          const condensed = condensedDeltas(z, method, { words });
          for (let i = 0; i < rows; i += 1) {
            for (let j = i + 1; j < rows; j += 1) {
              const expected = deltaOfZScores(row(z, i, words), row(z, j, words), method);
              expect(condensed[condensedIndex(rows, i, j)]).toBe(expected);
              expect(deltaOfRows(z, j, i, method, words)).toBe(
                deltaOfZScores(row(z, j, words), row(z, i, words), method),
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("grows Burrows' sums to exactly the matrix at each size", () => {
    const z = randomZ(30, 50, 7);
    const sizes = [0, 1, 10, 10, 33, 50];
    const burrows = new BurrowsBySize(z);
    const out = new Float64Array(condensedLength(30));
    for (const words of sizes) {
      expect(Array.from(burrows.at(words, out))).toEqual(Array.from(condensedDeltas(z, 'burrows', { words })));
    }
    expect(() => burrows.at(20, out)).toThrow(/must not decrease/);
  });

  it('gives whole rows, own distance 0, as the condensed matrix holds them', () => {
    const z = randomZ(9, 6, 3);
    for (const method of DELTA_METHODS) {
      const condensed = condensedDeltas(z, method);
      const rowOf = deltaRows(z, method);
      const row = new Float64Array(9);
      for (let i = 0; i < 9; i += 1) {
        rowOf(i, row);
        for (let j = 0; j < 9; j += 1) {
          expect(row[j]).toBe(i === j ? 0 : condensed[condensedIndex(9, Math.min(i, j), Math.max(i, j))]);
        }
      }
    }
  });

  it('refuses a wrong output size or word count', () => {
    const z = randomZ(4, 3, 1);
    expect(() => condensedDeltas(z, 'burrows', { out: new Float64Array(5) })).toThrow(RangeError);
    expect(() => condensedDeltas(z, 'burrows', { words: 4 })).toThrow(RangeError);
  });
});
