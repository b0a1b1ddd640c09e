/** Classical MDS: a Euclidean distance matrix is recovered; cmdscale's fit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classicalMds, pca, seededRandom } from '../../src/stylometry/index.js';

const euclidean = (points: number[][]): number[][] =>
  points.map((p) => points.map((q) => Math.sqrt(p.reduce((sum, x, i) => sum + (x - q[i]!) ** 2, 0))));

describe('classicalMds', () => {
  it('recovers the distances of points in the plane (any points)', () => {
    const point = fc.tuple(
      fc.double({ min: -10, max: 10, noNaN: true }),
      fc.double({ min: -10, max: 10, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 12 }), (tuples) => {
        const points = tuples.map(([x, y]) => [x, y]);
        const distances = euclidean(points);
        const { coordinates, fit } = classicalMds(distances, 2);
        const recovered = euclidean(coordinates);
        // Tolerances relative to the data's scale: eigen-decomposition loses digits in proportion to it.
        const scale = Math.max(1, ...distances.flat());
        distances.forEach((row, i) =>
          row.forEach((d, j) => expect(Math.abs(recovered[i]![j]! - d)).toBeLessThanOrEqual(1e-6 * scale)),
        );
        if (distances.some((row) => row.some((d) => d > 1e-3)))
          expect(Math.abs(fit![0]! - 1)).toBeLessThanOrEqual(1e-6);
      }),
      { numRuns: 60 },
    );
  });

  it('matches a worked example: the corners of a 3 × 4 rectangle', () => {
    const { coordinates, eigenvalues } = classicalMds(
      euclidean([
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ]),
    );
    // Centred corners (±2, ±1.5): B's eigenvalues are 4·2² = 16 and 4·1.5² = 9.
    expect(eigenvalues[0]).toBeCloseTo(16, 9);
    expect(eigenvalues[1]).toBeCloseTo(9, 9);
    expect(coordinates.map((c) => Math.abs(c[0]!))).toEqual([2, 2, 2, 2].map((v) => expect.closeTo(v, 9)));
  });

  it('finds the top dimensions by subspace iteration past 200 documents: the PCA scores of the points', () => {
    // Classical MDS of Euclidean distances is PCA of the points (Gower 1966): same 2-D configuration.
    const random = seededRandom(4);
    const points = Array.from({ length: 230 }, () => [10 * random(), 4 * random(), random()]);
    const large = classicalMds(euclidean(points), 2);
    expect(large.fit).toBeNull();
    const scores = pca(points, 2).scores;
    const fromMds = euclidean(large.coordinates);
    const fromPca = euclidean(scores);
    for (let i = 0; i < 230; i += 3)
      for (let j = 0; j < 230; j += 5) expect(fromMds[i]![j]).toBeCloseTo(fromPca[i]![j]!, 6);
    // Eigenvalues of B are (n − 1) × the PCA variances.
    expect(large.eigenvalues[0]).toBeCloseTo(229 * pca(points, 2).variances[0]!, 4);
  });

  it('refuses what is not a distance matrix', () => {
    expect(() => classicalMds([[0]])).toThrow(/at least two/);
    expect(() => classicalMds([[0, 1], [1]])).toThrow(/square/);
  });
});
