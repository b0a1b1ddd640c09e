/**
 * Classical (Torgerson–Gower) multidimensional scaling, as R's cmdscale, which stylo's "MDS" analysis
 * runs on the distance matrix: B = −½ J D⁽²⁾ J (D⁽²⁾ the squared distances, J = I − 11ᵀ/n the centring
 * matrix); the coordinates on dimension k are the eigenvector of B's k-th largest eigenvalue λ_k
 * scaled by sqrt(λ_k). When D is Euclidean (it comes from points), the coordinates reproduce it
 * exactly in as many dimensions as the points span; Delta distances are not Euclidean, so B may have
 * negative eigenvalues, and the fit says how much of B the dimensions kept (cmdscale's GOF):
 * Σ_{k≤m} λ_k / Σ |λ| and Σ_{k≤m} λ_k / Σ max(λ, 0).
 *
 * Up to 200 documents: every eigenpair by Jacobi rotations (pca.ts). More: only the top ones, by
 * subspace iteration on B shifted to be positive semi-definite (the shift keeps the eigenvalues'
 * order) with a Rayleigh–Ritz step, so the fit, which needs every eigenvalue, is not given.
 */
import { symmetricEigen } from './pca.js';

export interface MdsResult {
  /** Per document, its coordinates (one per dimension). */
  coordinates: number[][];
  /** The eigenvalues of the dimensions kept, largest first. */
  eigenvalues: number[];
  /** cmdscale's two goodness-of-fit ratios (0–1); null past 200 documents (only the top eigenvalues are found). */
  fit: [number, number] | null;
}

const EXACT_MAX_N = 200;

function doubleCentred(distances: readonly (readonly number[])[]): number[][] {
  const n = distances.length;
  const squared = distances.map((row) => row.map((d) => d * d));
  const rowMeans = squared.map((row) => row.reduce((a, b) => a + b, 0) / n);
  const grand = rowMeans.reduce((a, b) => a + b, 0) / n;
  return squared.map((row, i) => row.map((d, j) => -0.5 * (d - rowMeans[i]! - rowMeans[j]! + grand)));
}

/**
 * Top `count` eigenpairs of a symmetric matrix: orthogonal iteration on B + cI, with a Rayleigh–Ritz
 * step every few rounds, until every kept Ritz pair's residual ‖By − λy‖ is below 1e-10 of c.
 */
function topEigen(b: number[][], count: number): { values: number[]; vectors: number[][] } {
  const n = b.length;
  // Gershgorin: B + cI is positive semi-definite for c at least the largest row sum of |b|.
  const shift = Math.max(...b.map((row) => row.reduce((sum, v) => sum + Math.abs(v), 0))) || 1;
  const width = Math.min(n, count + 6);
  const dot = (u: readonly number[], v: readonly number[]): number => u.reduce((sum, x, i) => sum + x * v[i]!, 0);
  const orthonormalise = (vectors: number[][]): number[][] => {
    const out: number[][] = [];
    for (const v of vectors) {
      const w = [...v];
      for (const u of out) {
        const projection = dot(u, w);
        for (let i = 0; i < n; i += 1) w[i]! -= projection * u[i]!;
      }
      const norm = Math.sqrt(dot(w, w));
      out.push(norm > 1e-300 ? w.map((x) => x / norm) : w.map(() => 0));
    }
    return out;
  };
  const apply = (v: readonly number[]): number[] => b.map((row, i) => dot(row, v) + shift * v[i]!);
  const combine = (basis: readonly number[][], weights: readonly number[]): number[] =>
    Array.from({ length: n }, (_, i) => basis.reduce((sum, u, k) => sum + u[i]! * weights[k]!, 0));
  let q = orthonormalise(
    Array.from({ length: width }, (_, k) => Array.from({ length: n }, (_, i) => Math.sin((i + 1) * (k + 1) * 1.618))),
  );
  let result = { values: [] as number[], vectors: [] as number[][] };
  for (let round = 0; round < 2_000; round += 1) {
    const images = q.map(apply);
    if (round % 5 === 4) {
      // Rayleigh–Ritz: the eigenpairs of Qᵀ(B + cI)Q give the best pairs inside the subspace.
      const projected = q.map((u) => images.map((image) => dot(image, u)));
      const small = symmetricEigen(projected);
      const order = small.values.map((value, i) => [value, i] as const).sort((x, y) => y[0] - x[0]);
      const kept = order.slice(0, count);
      const weights = kept.map(([, index]) => small.vectors.map((row) => row[index]!));
      const residual = Math.max(
        ...kept.map(([value], k) => {
          const image = combine(images, weights[k]!);
          const vector = combine(q, weights[k]!);
          return Math.sqrt(image.reduce((sum, x, i) => sum + (x - value * vector[i]!) ** 2, 0));
        }),
      );
      result = { values: kept.map(([value]) => value - shift), vectors: weights.map((w) => combine(q, w)) };
      if (residual <= 1e-10 * shift) break;
    }
    q = orthonormalise(images);
  }
  return result;
}

/** Classical MDS of a symmetric distance matrix into `dimensions` (default 2). */
export function classicalMds(distances: readonly (readonly number[])[], dimensions = 2): MdsResult {
  const n = distances.length;
  if (n < 2) throw new RangeError('MDS needs at least two documents');
  if (distances.some((row) => row.length !== n)) throw new RangeError('distances must be a square matrix');
  if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError('dimensions must be a positive integer');
  const k = Math.min(dimensions, n - 1);
  const b = doubleCentred(distances);
  let values: number[];
  let vectors: number[][];
  let fit: MdsResult['fit'] = null;
  if (n <= EXACT_MAX_N) {
    // Jacobi's stopping rule is absolute: B is scaled to entries of at most 1 first, then back.
    const scale = Math.max(...b.map((row) => Math.max(...row.map(Math.abs)))) || 1;
    const all = symmetricEigen(b.map((row) => row.map((x) => x / scale)));
    all.values = all.values.map((value) => value * scale);
    const order = all.values.map((value, i) => [value, i] as const).sort((a, c) => c[0] - a[0]);
    values = order.slice(0, k).map(([value]) => value);
    vectors = order.slice(0, k).map(([, index]) => all.vectors.map((row) => row[index]!));
    const kept = values.reduce((sum, v) => sum + v, 0);
    const absoluteSum = all.values.reduce((sum, v) => sum + Math.abs(v), 0);
    const positiveSum = all.values.reduce((sum, v) => sum + Math.max(v, 0), 0);
    fit = [absoluteSum > 0 ? kept / absoluteSum : 0, positiveSum > 0 ? kept / positiveSum : 0];
  } else {
    ({ values, vectors } = topEigen(b, k));
  }
  // Signs: each dimension's largest coordinate is positive (as pca.ts's loadings).
  const factors = vectors.map((vector, d) => {
    const largest = vector.reduce((best, x) => (Math.abs(x) > Math.abs(best) ? x : best), 0);
    return (largest < 0 ? -1 : 1) * Math.sqrt(Math.max(values[d]!, 0));
  });
  const coordinates = Array.from({ length: n }, (_, i) => vectors.map((vector, d) => vector[i]! * factors[d]!));
  return { coordinates, eigenvalues: values, fit };
}
