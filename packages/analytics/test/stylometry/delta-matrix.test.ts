/** Condensed Delta matrices, grown Burrows sums and nearest neighbours: deltaOfZScores's numbers, bit for bit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_METHODS, deltaOfZScores, type DeltaMethod } from '../../src/metrics/authorship/index.js';
import {
  BurrowsBySize,
  condensedDeltas,
  condensedIndex,
  condensedLength,
  deltaOfRows,
  deltaRows,
  matrixParts,
  mergeNearest,
  partLength,
  partStart,
  addBurrowsSums,
  nearestByTiles,
  nearestInCondensed,
  nearestOfEach,
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

  it('finds the same nearest neighbours from the condensed matrix and tile by tile, nearest first, ties to the lower index', () => {
    const z = randomZ(25, 12, 99);
    for (const method of ['burrows', 'cosine'] as DeltaMethod[]) {
      const fromCondensed = nearestInCondensed(condensedDeltas(z, method), 25, 4);
      const byTiles = nearestByTiles(z, method, 4);
      expect(byTiles).toEqual(fromCondensed);
      for (let i = 0; i < 25; i += 1) {
        const all = Array.from({ length: 25 }, (_, j) => j)
          .filter((j) => j !== i)
          .map((j) => ({ j, d: deltaOfRows(z, i, j, method) }))
          .sort((a, b) => a.d - b.d || a.j - b.j)
          .slice(0, 4);
        expect(Array.from(byTiles.index.subarray(i * 4, i * 4 + 4))).toEqual(all.map((x) => x.j));
        expect(Array.from(byTiles.distance.subarray(i * 4, i * 4 + 4))).toEqual(all.map((x) => x.d));
      }
    }
    // Rows 0 and 1 are the same document: each is the other's nearest, at 0.
    expect(nearestByTiles(z, 'burrows', 1).index.subarray(0, 2)).toEqual(Int32Array.of(1, 0));
    expect(nearestInCondensed(new Float64Array(0), 1, 3)).toEqual({
      k: 0,
      index: new Int32Array(0),
      distance: new Float64Array(0),
    });
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
      const nearest = mergeNearest(parts.map((part) => nearestByTiles(z, method, 6, { words: 15, part })));
      expect(nearest).toEqual(nearestByTiles(z, method, 6, { words: 15 }));
    }
    const sums = new Float64Array(condensedLength(70));
    for (const part of parts) {
      addBurrowsSums(z, sums.subarray(partStart(70, part.from), partStart(70, part.to)), 0, 12, undefined, part);
    }
    const whole = new Float64Array(condensedLength(70));
    addBurrowsSums(z, whole, 0, 12);
    expect(sums).toEqual(whole);
  });

  it("finds every variant's neighbours in one walk, as each alone (one loop for Burrows, Eder and Cosine)", () => {
    const z = randomZ(40, 16, 21);
    const methods = [...DELTA_METHODS].reverse();
    const together = nearestOfEach(z, methods, 5, { words: 11 });
    methods.forEach((method, m) => expect(together[m]).toEqual(nearestByTiles(z, method, 5, { words: 11 })));
    const pair = nearestOfEach(z, ['cosine', 'burrows'], 3);
    expect(pair).toEqual([nearestByTiles(z, 'cosine', 3), nearestByTiles(z, 'burrows', 3)]);
  });

  it('refuses a wrong output size or word count', () => {
    const z = randomZ(4, 3, 1);
    expect(() => condensedDeltas(z, 'burrows', { out: new Float64Array(5) })).toThrow(RangeError);
    expect(() => condensedDeltas(z, 'burrows', { words: 4 })).toThrow(RangeError);
  });
});
