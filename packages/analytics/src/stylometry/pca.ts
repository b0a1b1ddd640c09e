/**
 * Principal component analysis of a data matrix (rows: observations, e.g. documents; columns:
 * variables, e.g. the z-scores of the most frequent words): columns centred, covariance with n − 1,
 * eigenvectors by the cyclic Jacobi method (exact to rounding for a symmetric matrix, and enough for
 * stylometry's hundreds of variables). Signs: each component's largest loading is positive.
 */

export interface PcaResult {
  /** Per component: the variance it explains (its eigenvalue). */
  variances: number[];
  /** Per component: its share of the total variance (0–1). */
  explained: number[];
  /** Per component: the loading of every variable (unit length). */
  loadings: number[][];
  /** Per observation: its coordinates on the components. */
  scores: number[][];
}

/** Eigenvalues and eigenvectors (columns of `vectors`) of the symmetric matrix `a` (changed in place). */
export function symmetricEigen(a: number[][]): { values: number[]; vectors: number[][] } {
  const n = a.length;
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
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
        for (let k = 0; k < n; k += 1) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

/** The first `components` principal components of `data` (at least two rows, equal-length rows). */
export function pca(data: readonly (readonly number[])[], components = 2): PcaResult {
  const rows = data.length;
  if (rows < 2) throw new RangeError('PCA needs at least two observations');
  const columns = data[0]!.length;
  if (data.some((row) => row.length !== columns)) throw new RangeError('PCA needs rows of equal length');
  const k = Math.min(components, columns);
  const means = Array.from({ length: columns }, (_, j) => data.reduce((sum, row) => sum + row[j]!, 0) / rows);
  const centred = data.map((row) => row.map((value, j) => value - means[j]!));
  // With fewer observations than variables (a corpus and its 500 most frequent words), the same
  // components come from the smaller Gram matrix X·Xᵀ: its eigenvector u of eigenvalue μ gives the
  // loading Xᵀu / sqrt(μ) and the variance μ / (n − 1).
  const gram = rows < columns;
  const size = gram ? rows : columns;
  const product = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) =>
      gram
        ? centred[i]!.reduce((sum, value, c) => sum + value * centred[j]![c]!, 0) / (rows - 1)
        : centred.reduce((sum, row) => sum + row[i]! * row[j]!, 0) / (rows - 1),
    ),
  );
  const total = product.reduce((sum, row, i) => sum + row[i]!, 0);
  const { values, vectors } = symmetricEigen(product);
  const order = values.map((value, i) => [value, i] as const).sort((a, b) => b[0] - a[0]);
  const loadings = order.slice(0, k).map(([value, index]) => {
    let vector = vectors.map((row) => row[index]!);
    if (gram) {
      const norm = Math.sqrt(Math.max(value, 0) * (rows - 1));
      vector = Array.from({ length: columns }, (_, c) =>
        norm > 0 ? centred.reduce((sum, row, r) => sum + row[c]! * vector[r]!, 0) / norm : 0,
      );
    }
    const largest = vector.reduce((best, entry) => (Math.abs(entry) > Math.abs(best) ? entry : best), 0);
    return largest < 0 ? vector.map((entry) => -entry) : vector;
  });
  const variances = order.slice(0, k).map(([value]) => Math.max(0, value));
  return {
    variances,
    explained: variances.map((value) => (total > 0 ? value / total : 0)),
    loadings,
    scores: centred.map((row) =>
      loadings.map((loading) => row.reduce((sum, value, j) => sum + value * loading[j]!, 0)),
    ),
  };
}
