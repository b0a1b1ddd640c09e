import { describe, expect, it } from 'vitest';
import { pca, symmetricEigen } from '../../src/stylometry/index.js';

describe('symmetricEigen', () => {
  it('finds the eigenvalues of a hand-worked matrix', () => {
    // [[2, 1], [1, 2]]: eigenvalues 3 (vector (1, 1)/√2) and 1 (vector (1, −1)/√2).
    const { values, vectors } = symmetricEigen([
      [2, 1],
      [1, 2],
    ]);
    const order = values.map((value, i) => [value, i] as const).sort((a, b) => b[0] - a[0]);
    expect(order.map(([value]) => value)).toEqual([expect.closeTo(3, 12), expect.closeTo(1, 12)]);
    const first = vectors.map((row) => Math.abs(row[order[0]![1]]!));
    expect(first).toEqual([expect.closeTo(Math.SQRT1_2, 12), expect.closeTo(Math.SQRT1_2, 12)]);
  });
});

describe('pca', () => {
  it('matches a hand-worked example: variances, shares, loadings and scores', () => {
    // Centred already; covariance (n − 1 = 3): diag(8/3, 2/3), so 80 % and 20 % of the variance.
    const result = pca([
      [2, 0],
      [0, 1],
      [-2, 0],
      [0, -1],
    ]);
    expect(result.variances).toEqual([expect.closeTo(8 / 3, 12), expect.closeTo(2 / 3, 12)]);
    expect(result.explained).toEqual([expect.closeTo(0.8, 12), expect.closeTo(0.2, 12)]);
    expect(result.loadings[0]).toEqual([expect.closeTo(1, 12), expect.closeTo(0, 12)]);
    expect(result.loadings[1]).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
    expect(result.scores.map((row) => row[0])).toEqual([
      expect.closeTo(2, 12),
      expect.closeTo(0, 12),
      expect.closeTo(-2, 12),
      expect.closeTo(0, 12),
    ]);
  });

  it('puts perfectly correlated variables on one component, centred first', () => {
    const result = pca([
      [1, 11],
      [2, 12],
      [3, 13],
    ]);
    expect(result.explained[0]).toBeCloseTo(1, 12);
    expect(result.loadings[0]).toEqual([expect.closeTo(Math.SQRT1_2, 12), expect.closeTo(Math.SQRT1_2, 12)]);
    expect(result.scores[1]![0]).toBeCloseTo(0, 12);
  });

  it('refuses fewer than two observations or ragged rows', () => {
    expect(() => pca([[1, 2]])).toThrow(RangeError);
    expect(() => pca([[1, 2], [1]])).toThrow(RangeError);
  });
});

describe('pca with fewer observations than variables', () => {
  it('gives the components the covariance would (through the Gram matrix)', () => {
    // Three observations of four variables: rank 2. The covariance route (transposed problem) must agree.
    const data = [
      [1, 2, 0, 4],
      [3, 1, 1, 0],
      [0, 4, 2, 1],
    ];
    const viaGram = pca(data);
    // Pad with copies of the centroid: the same covariance shape through the n ≥ p route, scaled by (n − 1).
    const mean = data[0]!.map((_, j) => data.reduce((sum, row) => sum + row[j]!, 0) / data.length);
    const padded = pca([...data, mean, mean]);
    viaGram.loadings.forEach((loading, c) =>
      loading.forEach((value, j) => expect(value).toBeCloseTo(padded.loadings[c]![j]!, 9)),
    );
    expect(viaGram.explained[0]! + viaGram.explained[1]!).toBeCloseTo(1, 12);
    expect(viaGram.explained[0]).toBeCloseTo(padded.explained[0]!, 9);
  });
});
