/** Every distance of stylo: one contract (identity, symmetry, sign) and hand-worked values. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaOfZScores, deltaReference, wordProfile } from '@styler-dev/analytics/metrics';
import {
  DISTANCES,
  distanceBetween,
  distanceMatrix,
  frequencyDistance,
  spaceVector,
  type DistanceName,
} from '../../src/stylometry/index.js';
import { countProfiles, vectorsOf } from './support.js';

describe.each(DISTANCES.map((name) => [name] as [DistanceName]))('distance %s (contract)', (name) => {
  it('is zero on identical profiles, symmetric and never negative', () => {
    fc.assert(
      fc.property(countProfiles, (profiles) => {
        const vectors = vectorsOf(profiles);
        for (const a of vectors) {
          expect(distanceBetween(a, a, name)).toBeCloseTo(0, 9);
          for (const b of vectors) {
            const d = distanceBetween(a, b, name);
            expect(Number.isFinite(d)).toBe(true);
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeCloseTo(distanceBetween(b, a, name), 12);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives a symmetric matrix with a zero diagonal', () => {
    const vectors = vectorsOf([
      { the: 3, of: 1 },
      { the: 1, of: 3 },
      { the: 2, of: 2, upon: 1 },
    ]);
    const matrix = distanceMatrix(vectors, name);
    matrix.forEach((row, i) => {
      expect(row[i]).toBe(0);
      row.forEach((d, j) => expect(d).toBe(matrix[j]![i]));
    });
  });
});

describe('distances against hand computations', () => {
  // Three profiles of two words (as the Delta test): μ = 0.5, σ = sqrt(0.125 / 3); z(3:1) = ±1.2247.
  const reference = deltaReference(
    [
      { a: 2, b: 2 },
      { a: 3, b: 1 },
      { a: 1, b: 3 },
    ],
    2,
  );
  const x = spaceVector(wordProfile({ a: 3, b: 1 }), reference);
  const y = spaceVector(wordProfile({ a: 1, b: 3 }), reference);

  it("takes Argamon's Delta as the Euclidean distance of the z-scores over n (stylo's dist.argamon)", () => {
    // z difference (2.449, −2.449): sqrt(6 + 6) / 2.
    expect(distanceBetween(x, y, 'argamon')).toBeCloseTo(Math.sqrt(12) / 2, 12);
    expect(deltaOfZScores([3, 0, 0], [0, 4, 0], 'argamon')).toBeCloseTo(5 / 3, 12);
  });

  it('compares relative frequencies for Manhattan, Euclidean, Canberra and min-max', () => {
    // f = (0.75, 0.25) against (0.25, 0.75).
    expect(distanceBetween(x, y, 'manhattan')).toBeCloseTo(1, 12);
    expect(distanceBetween(x, y, 'euclidean')).toBeCloseTo(Math.sqrt(0.5), 12);
    expect(distanceBetween(x, y, 'canberra')).toBeCloseTo(0.5 / 1 + 0.5 / 1, 12);
    // min-max: 1 − (0.25 + 0.25) / (0.75 + 0.75).
    expect(distanceBetween(x, y, 'minmax')).toBeCloseTo(1 - 0.5 / 1.5, 12);
  });

  it("leaves out Canberra's 0/0 terms and scales the sum up, as R's dist()", () => {
    // Terms: |0.5 − 0.1| / 0.6, 0/0 left out, |0.5 − 0.9| / 1.4; scaled by 3 / 2.
    expect(frequencyDistance([0.5, 0, 0.5], [0.1, 0, 0.9], 'canberra')).toBeCloseTo(
      ((0.4 / 0.6 + 0.4 / 1.4) * 3) / 2,
      12,
    );
    expect(frequencyDistance([0, 0], [0, 0], 'canberra')).toBe(0);
    expect(frequencyDistance([0, 0], [0, 0], 'minmax')).toBe(0);
  });

  it('refuses an unknown distance and vectors of different features', () => {
    expect(() => distanceMatrix([x], 'chebyshev' as DistanceName)).toThrow(/distance must be one of/);
    expect(() => frequencyDistance([1], [1, 2], 'manhattan')).toThrow(RangeError);
  });
});

describe('deltaReference with a word list of its own', () => {
  const profiles = [
    { the: 5, upon: 1 },
    { the: 4, of: 2 },
    { the: 6, upon: 2, of: 1 },
  ];

  it('takes the listed words in their order, culled, and says what was available', () => {
    const reference = deltaReference(profiles, 10, { words: ['upon', 'the', 'whilst', 'upon'] });
    expect(reference.words).toEqual(['upon', 'the', 'whilst']);
    expect(reference.available).toEqual({ vocabulary: 3, afterCulling: 3 });
    // 'whilst' no profile uses: its z-score is 0 everywhere.
    expect(spaceVector(wordProfile({ whilst: 0, the: 1 }), reference).zScores[2]).toBe(0);
    const culled = deltaReference(profiles, 10, { words: ['upon', 'the', 'whilst'], culling: 100 });
    expect(culled.words).toEqual(['the']);
    expect(() => deltaReference(profiles, 10, { words: 'the' as never })).toThrow(TypeError);
  });

  it('reports how far culling shrank the most frequent words', () => {
    expect(deltaReference(profiles, 2).available).toEqual({ vocabulary: 3, afterCulling: 3 });
    expect(deltaReference(profiles, 3, { culling: 100 }).available).toEqual({ vocabulary: 3, afterCulling: 1 });
  });
});
