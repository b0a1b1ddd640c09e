/**
 * Delta distance matrices of a corpus at scale: the documents' z-scores in one row-major
 * Float64Array, every pair's distance in a condensed matrix (the pairs i < j, as linkage() takes
 * it), Burrows' sums grown word by word so that the trees at several MFW sizes share one pass, and
 * each document's nearest neighbours when the whole matrix is too large to keep.
 *
 * Every distance is deltaOfZScores's on the same z-scores, bit for bit: the sums run over the words
 * in the same order with the same operations.
 */
import { deltaOfZScores, type DeltaMethod } from '../metrics/authorship/delta.js';
import type { CorpusCounts, CountsReference } from './corpus-counts.js';
import { condensedLength } from './linkage.js';

/** Documents' z-scores: `rows` documents × `columns` reference words, row-major. */
export interface ZScoreMatrix {
  rows: number;
  columns: number;
  values: Float64Array;
}

/** The z-scores of `documents` on `reference` (as deltaZScores: (f − μ) / σ per word). */
export function zScoreMatrix(
  counts: CorpusCounts,
  documents: readonly number[],
  reference: CountsReference,
): ZScoreMatrix {
  const columns = reference.ids.length;
  const values = new Float64Array(documents.length * columns);
  const column = counts.columnsOf(reference.ids);
  const row = new Float64Array(columns);
  documents.forEach((index, r) => {
    counts.frequencyRow(index, column, row);
    for (let w = 0; w < columns; w += 1) values[r * columns + w] = (row[w]! - reference.mean[w]!) / reference.std[w]!;
  });
  return { rows: documents.length, columns, values };
}

/** Rows `i` and `j` of `z`, their first `words` columns. */
function rowsOf(z: ZScoreMatrix, i: number, j: number, words: number): [Float64Array, Float64Array] {
  return [
    z.values.subarray(i * z.columns, i * z.columns + words),
    z.values.subarray(j * z.columns, j * z.columns + words),
  ];
}

/** Σ a_w² over each row's first `words` columns, in order (Cosine Delta's norms). */
function squaredNorms(z: ZScoreMatrix, words: number): Float64Array {
  const norms = new Float64Array(z.rows);
  for (let i = 0; i < z.rows; i += 1) {
    let sum = 0;
    for (let w = 0; w < words; w += 1) sum += z.values[i * z.columns + w]! ** 2;
    norms[i] = sum;
  }
  return norms;
}

/**
 * A function of two row numbers giving their Delta over the first `words` columns: a tight loop for
 * Burrows', Eder's and Cosine Delta, deltaOfZScores on the rows for any other variant.
 */
function deltaOfPair(z: ZScoreMatrix, method: DeltaMethod, words: number): (i: number, j: number) => number {
  const { values, columns } = z;
  if (words === 0) return () => 0;
  if (method === 'burrows') {
    return (i, j) => {
      let sum = 0;
      for (let w = 0, a = i * columns, b = j * columns; w < words; w += 1)
        sum += Math.abs(values[a + w]! - values[b + w]!);
      return sum / words;
    };
  }
  if (method === 'eder') {
    const weights = Float64Array.from({ length: words }, (_, w) => (words - w) / words);
    return (i, j) => {
      let sum = 0;
      for (let w = 0, a = i * columns, b = j * columns; w < words; w += 1) {
        sum += Math.abs(values[a + w]! - values[b + w]!) * weights[w]!;
      }
      return sum / words;
    };
  }
  if (method === 'cosine') {
    const norms = squaredNorms(z, words);
    return (i, j) => {
      let dot = 0;
      for (let w = 0, a = i * columns, b = j * columns; w < words; w += 1) dot += values[a + w]! * values[b + w]!;
      const normA = norms[i]!;
      const normB = norms[j]!;
      if (normA === 0 && normB === 0) return 0;
      if (normA === 0 || normB === 0) return 1;
      return Math.min(2, Math.max(0, 1 - dot / Math.sqrt(normA * normB)));
    };
  }
  return (i, j) => {
    const [a, b] = rowsOf(z, i, j, words);
    return deltaOfZScores(a as unknown as number[], b as unknown as number[], method);
  };
}

/** Options of the matrix computations. */
export interface DeltaMatrixOptions {
  /** Compare the first `words` reference words only (default: all columns). */
  words?: number;
  /** Called after each row with the pairs done so far, for progress. */
  onPairs?: (pairsDone: number) => void;
}

function wordsOf(z: ZScoreMatrix, options: DeltaMatrixOptions): number {
  const words = options.words ?? z.columns;
  if (!Number.isInteger(words) || words < 0 || words > z.columns) {
    throw new RangeError(`words must be a whole number up to ${z.columns}, got ${String(words)}`);
  }
  return words;
}

/** Delta between documents `i` and `j` (rows of `z`) over the first `words` words: deltaOfZScores's value. */
export function deltaOfRows(z: ZScoreMatrix, i: number, j: number, method: DeltaMethod, words = z.columns): number {
  return deltaOfPair(z, method, words)(i, j);
}

/**
 * Every pair's Delta in a condensed matrix (pairs i < j row by row, as linkage() reads it), written
 * into `out` when given (its length must be condensedLength(rows)).
 */
export function condensedDeltas(
  z: ZScoreMatrix,
  method: DeltaMethod,
  options: DeltaMatrixOptions & { out?: Float64Array } = {},
): Float64Array {
  const n = z.rows;
  const out = options.out ?? new Float64Array(condensedLength(n));
  if (out.length !== condensedLength(n)) throw new RangeError(`out must hold ${condensedLength(n)} pairs`);
  const delta = deltaOfPair(z, method, wordsOf(z, options));
  let k = 0;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) out[k++] = delta(i, j);
    options.onPairs?.(k);
  }
  return out;
}

/**
 * Burrows' sums grown by the words [from, to): each pair's Σ |z_a − z_b| in `sums` (condensed) goes
 * on word by word, so `sums[k] / m` at m words is Burrows' Delta at m words exactly as if summed
 * afresh; the trees at MFW sizes 100, 200, … 500 thus cost one pass over 500 words, not 1,500.
 */
export function addBurrowsSums(
  z: ZScoreMatrix,
  sums: Float64Array,
  from: number,
  to: number,
  onPairs?: (pairsDone: number) => void,
): void {
  const n = z.rows;
  if (sums.length !== condensedLength(n)) throw new RangeError(`sums must hold ${condensedLength(n)} pairs`);
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && from <= to && to <= z.columns)) {
    throw new RangeError(`words [${from}, ${to}) are not within the ${z.columns} columns`);
  }
  const { values, columns } = z;
  let k = 0;
  for (let i = 0; i < n; i += 1) {
    const a = i * columns;
    for (let j = i + 1; j < n; j += 1) {
      const b = j * columns;
      let sum = sums[k]!;
      for (let w = from; w < to; w += 1) sum += Math.abs(values[a + w]! - values[b + w]!);
      sums[k++] = sum;
    }
    onPairs?.(k);
  }
}

/**
 * Burrows' Delta at growing numbers of words from one running sum per pair (addBurrowsSums): ask
 * for sizes in increasing order; each answer is what condensedDeltas(z, 'burrows', { words }) gives.
 */
export class BurrowsBySize {
  readonly #z: ZScoreMatrix;
  readonly #sums: Float64Array;
  #words = 0;

  constructor(z: ZScoreMatrix) {
    this.#z = z;
    this.#sums = new Float64Array(condensedLength(z.rows));
  }

  /** Burrows' Delta of every pair over the first `words` words, into `out` (condensed). */
  at(words: number, out: Float64Array, onPairs?: (pairsDone: number) => void): Float64Array {
    if (words < this.#words) throw new RangeError(`sizes must not decrease: ${words} after ${this.#words}`);
    if (out.length !== this.#sums.length) throw new RangeError(`out must hold ${this.#sums.length} pairs`);
    addBurrowsSums(this.#z, this.#sums, this.#words, words, onPairs);
    this.#words = words;
    const sums = this.#sums;
    for (let k = 0; k < sums.length; k += 1) out[k] = words === 0 ? 0 : sums[k]! / words;
    return out;
  }
}

/** Each document's `k` nearest others: indices and distances, row-major (rows × k), nearest first. */
export interface NearestNeighbours {
  k: number;
  index: Int32Array;
  distance: Float64Array;
}

/** Keeps the k smallest (distance, index) pairs of a row, nearest first; ties to the lower index. */
class Nearest {
  readonly index: Int32Array;
  readonly distance: Float64Array;
  size = 0;
  constructor(readonly k: number) {
    this.index = new Int32Array(k);
    this.distance = new Float64Array(k);
  }
  reset(): void {
    this.size = 0;
  }
  offer(index: number, distance: number): void {
    const k = this.k;
    if (this.size === k && !(distance < this.distance[k - 1]!)) return;
    let at = this.size < k ? this.size++ : k - 1;
    while (at > 0 && distance < this.distance[at - 1]!) {
      this.distance[at] = this.distance[at - 1]!;
      this.index[at] = this.index[at - 1]!;
      at -= 1;
    }
    this.distance[at] = distance;
    this.index[at] = index;
  }
}

function neighboursOf(rows: number, k: number, fill: (i: number, nearest: Nearest) => void): NearestNeighbours {
  const kept = Math.min(k, Math.max(0, rows - 1));
  const index = new Int32Array(rows * kept);
  const distance = new Float64Array(rows * kept);
  const nearest = new Nearest(Math.max(1, kept));
  if (kept > 0) {
    for (let i = 0; i < rows; i += 1) {
      nearest.reset();
      fill(i, nearest);
      index.set(nearest.index.subarray(0, kept), i * kept);
      distance.set(nearest.distance.subarray(0, kept), i * kept);
    }
  }
  return { k: kept, index, distance };
}

/** The `k` nearest neighbours of every item of a condensed matrix of `n` items. */
export function nearestInCondensed(condensed: Float64Array, n: number, k: number): NearestNeighbours {
  if (condensed.length !== condensedLength(n))
    throw new RangeError(`a condensed matrix of ${n} items has ${condensedLength(n)} entries`);
  return neighboursOf(n, k, (i, nearest) => {
    // Column i above the diagonal (pairs j < i), then row i.
    for (let j = 0; j < i; j += 1) nearest.offer(j, condensed[j * n - (j * (j + 1)) / 2 + i - j - 1]!);
    const start = i * n - (i * (i + 1)) / 2 - i - 1;
    for (let j = i + 1; j < n; j += 1) nearest.offer(j, condensed[start + j]!);
  });
}

/**
 * The `k` nearest neighbours of every document by Delta, one row at a time (each pair computed
 * twice, memory O(rows × k)): for corpora whose condensed matrix would not fit in memory.
 */
export function nearestByRows(
  z: ZScoreMatrix,
  method: DeltaMethod,
  k: number,
  options: DeltaMatrixOptions & { onRow?: (rowsDone: number) => void } = {},
): NearestNeighbours {
  const delta = deltaOfPair(z, method, wordsOf(z, options));
  return neighboursOf(z.rows, k, (i, nearest) => {
    for (let j = 0; j < z.rows; j += 1) if (j !== i) nearest.offer(j, delta(i, j));
    options.onRow?.(i + 1);
  });
}
