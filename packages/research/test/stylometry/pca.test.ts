import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pca, symmetricEigen } from '../../src/stylometry/index.js';

/** The cyclic Jacobi method as the textbook writes it, on nested arrays: what symmetricEigen computes. */
function textbookJacobi(a: number[][]): { values: number[]; vectors: number[][] } {
  const n = a.length;
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += a[p]![q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        const rotate = (get: (k: number) => [number, number], set: (k: number, x: number, y: number) => void): void => {
          for (let k = 0; k < n; k += 1) {
            const [x, y] = get(k);
            set(k, c * x - s * y, s * x + c * y);
          }
        };
        rotate(
          (k) => [a[k]![p]!, a[k]![q]!],
          (k, x, y) => ((a[k]![p] = x), (a[k]![q] = y)),
        );
        rotate(
          (k) => [a[p]![k]!, a[q]![k]!],
          (k, x, y) => ((a[p]![k] = x), (a[q]![k] = y)),
        );
        rotate(
          (k) => [v[k]![p]!, v[k]![q]!],
          (k, x, y) => ((v[k]![p] = x), (v[k]![q] = y)),
        );
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

describe('symmetricEigen', () => {
  it('gives the textbook Jacobi method’s numbers to the last bit, and leaves the same matrix behind', () => {
    const symmetric = fc
      .integer({ min: 1, max: 12 })
      .chain((n) =>
        fc
          .array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: n * n, maxLength: n * n })
          .map((cells) =>
            Array.from({ length: n }, (_, i) =>
              Array.from({ length: n }, (_, j) => cells[Math.min(i, j) * n + Math.max(i, j)]!),
            ),
          ),
      );
    fc.assert(
      fc.property(symmetric, (matrix) => {
        const ours = matrix.map((row) => [...row]);
        const theirs = matrix.map((row) => [...row]);
        expect(symmetricEigen(ours)).toEqual(textbookJacobi(theirs));
        expect(ours).toEqual(theirs);
      }),
    );
  });

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
