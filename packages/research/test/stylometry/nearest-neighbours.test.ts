/** Nearest neighbours from the condensed matrix, tile by tile, in parts, and of several variants at once. */
import { describe, expect, it } from 'vitest';
import { DELTA_METHODS, type DeltaMethod } from '@styler-dev/analytics/metrics';
import {
  condensedDeltas,
  deltaOfRows,
  matrixParts,
  mergeNearest,
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

describe('nearest neighbours', () => {
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

  it("finds every variant's neighbours in one walk, as each alone (one loop for Burrows, Eder and Cosine)", () => {
    const z = randomZ(40, 16, 21);
    const methods = [...DELTA_METHODS].reverse();
    const together = nearestOfEach(z, methods, 5, { words: 11 });
    methods.forEach((method, m) => expect(together[m]).toEqual(nearestByTiles(z, method, 5, { words: 11 })));
    const pair = nearestOfEach(z, ['cosine', 'burrows'], 3);
    expect(pair).toEqual([nearestByTiles(z, 'cosine', 3), nearestByTiles(z, 'burrows', 3)]);
  });

  it('merges parts of the pairs into the neighbours of the whole', () => {
    const z = randomZ(70, 20, 5);
    const parts = matrixParts(70, 5);
    for (const method of DELTA_METHODS) {
      const nearest = mergeNearest(parts.map((part) => nearestByTiles(z, method, 6, { words: 15, part })));
      expect(nearest).toEqual(nearestByTiles(z, method, 6, { words: 15 }));
    }
  });
});
