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
  const flat = new Float64Array(n * n);
  a.forEach((row, i) => flat.set(row, i * n));
  const { values, vectors } = jacobiEigen(flat, n);
  a.forEach((row, i) => {
    for (let j = 0; j < n; j += 1) row[j] = flat[i * n + j]!;
  });
  return {
    values,
    vectors: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => vectors[j * n + i]!)),
  };
}

/**
 * Rotates the pairs (x[first + k·stride], x[second + k·stride]), k < n, by the angle whose cosine
 * is c and sine s: a column pair of a row-major matrix (stride n) or a row pair (stride 1).
 */
function rotatePairs(x: Float64Array, n: number, first: number, second: number, stride: number, c: number, s: number) {
  for (let k = 0, i = first, j = second; k < n; k += 1, i += stride, j += stride) {
    const xi = x[i]!;
    const xj = x[j]!;
    x[i] = c * xi - s * xj;
    x[j] = s * xi + c * xj;
  }
}

/**
 * The cyclic Jacobi method on an n × n matrix held row-major in one array (changed in place): its
 * eigenvalues, and its eigenvectors as the rows of `vectors` (eigenvector j at j·n … j·n + n − 1).
 * The rotations, their order and every sum are those of the textbook two-sided update, so the
 * numbers are the same to the last bit whichever layout holds them; one array keeps a column's walk
 * from visiting a hundred separate arrays, and one small rotation function is compiled to fast
 * code after a few calls, where a loop inside this one would wait for the whole to be.
 */
function jacobiEigen(a: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  // Transposed: the rotation of columns p and q of V is a walk along two rows.
  const vt = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) vt[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += a[p * n + q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        rotatePairs(a, n, p, q, n, c, s);
        rotatePairs(a, n, p * n, q * n, 1, c, s);
        rotatePairs(vt, n, p * n, q * n, 1, c, s);
      }
    }
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]!), vectors: vt };
}

/** A data matrix in one row-major array: `rows` × `columns`, row r's values at r·stride … r·stride + columns − 1. */
export interface DataMatrix {
  values: Float64Array;
  rows: number;
  columns: number;
  /** Distance between rows (default `columns`), to take the first columns of a wider matrix. */
  stride?: number;
}

/** The first `components` principal components of `data` (at least two rows, equal-length rows). */
export function pca(data: readonly (readonly number[])[], components = 2): PcaResult {
  const rows = data.length;
  if (rows < 2) throw new RangeError('PCA needs at least two observations');
  const columns = data[0]!.length;
  if (data.some((row) => row.length !== columns)) throw new RangeError('PCA needs rows of equal length');
  const values = new Float64Array(rows * columns);
  data.forEach((row, r) => values.set(row, r * columns));
  return pcaOfMatrix({ values, rows, columns }, components);
}

/** pca() of a matrix held in one array (the same numbers, without a nested array per row). */
export function pcaOfMatrix(data: DataMatrix, components = 2): PcaResult {
  const { rows, columns } = data;
  const stride = data.stride ?? columns;
  if (rows < 2) throw new RangeError('PCA needs at least two observations');
  const k = Math.min(components, columns);
  const means = new Float64Array(columns);
  for (let j = 0; j < columns; j += 1) {
    let sum = 0;
    for (let r = 0; r < rows; r += 1) sum += data.values[r * stride + j]!;
    means[j] = sum / rows;
  }
  const centred = new Float64Array(rows * columns);
  for (let r = 0; r < rows; r += 1) {
    for (let j = 0; j < columns; j += 1) centred[r * columns + j] = data.values[r * stride + j]! - means[j]!;
  }
  // With fewer observations than variables (a corpus and its 500 most frequent words), the same
  // components come from the smaller Gram matrix X·Xᵀ: its eigenvector u of eigenvalue μ gives the
  // loading Xᵀu / sqrt(μ) and the variance μ / (n − 1).
  const gram = rows < columns;
  const size = gram ? rows : columns;
  const product = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    for (let j = i; j < size; j += 1) {
      let sum = 0;
      if (gram) for (let c = 0; c < columns; c += 1) sum += centred[i * columns + c]! * centred[j * columns + c]!;
      else for (let r = 0; r < rows; r += 1) sum += centred[r * columns + i]! * centred[r * columns + j]!;
      product[i * size + j] = sum / (rows - 1);
      product[j * size + i] = sum / (rows - 1);
    }
  }
  let total = 0;
  for (let i = 0; i < size; i += 1) total += product[i * size + i]!;
  const { values, vectors } = jacobiEigen(product, size);
  const order = values.map((value, i) => [value, i] as const).sort((a, b) => b[0] - a[0]);
  const loadings = order.slice(0, k).map(([value, index]) => {
    let vector = Array.from(vectors.subarray(index * size, (index + 1) * size));
    if (gram) {
      const norm = Math.sqrt(Math.max(value, 0) * (rows - 1));
      const u = vector;
      vector = Array.from({ length: columns }, (_, c) => {
        if (!(norm > 0)) return 0;
        let sum = 0;
        for (let r = 0; r < rows; r += 1) sum += centred[r * columns + c]! * u[r]!;
        return sum / norm;
      });
    }
    const largest = vector.reduce((best, entry) => (Math.abs(entry) > Math.abs(best) ? entry : best), 0);
    return largest < 0 ? vector.map((entry) => -entry) : vector;
  });
  const variances = order.slice(0, k).map(([value]) => Math.max(0, value));
  const scores: number[][] = [];
  for (let r = 0; r < rows; r += 1) {
    scores.push(
      loadings.map((loading) => {
        let sum = 0;
        for (let j = 0; j < columns; j += 1) sum += centred[r * columns + j]! * loading[j]!;
        return sum;
      }),
    );
  }
  return {
    variances,
    explained: variances.map((value) => (total > 0 ? value / total : 0)),
    loadings,
    scores,
  };
}
