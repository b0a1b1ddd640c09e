/**
 * Delta distance matrices of a corpus at scale: the documents' z-scores in one row-major
 * Float64Array, every pair's distance in a condensed matrix (the pairs i < j, as linkage() takes
 * it; matrix-parts.ts cuts it into parts for threads), and Burrows' sums grown word by word so that
 * the trees at several MFW sizes share one pass (nearest-neighbours.ts: when the whole matrix is too
 * large to keep).
 *
 * Every distance is deltaOfZScores's on the same z-scores, bit for bit: the sums run over the words
 * in the same order with the same operations.
 */
import { deltaOfZScores, type DeltaMethod } from '@styler-dev/analytics/metrics';
import type { CorpusCounts, CountsReference } from './corpus-counts.js';
import { condensedLength } from './linkage.js';
import { forEachSegment, partLength, partOf, tileRows, type MatrixPart } from './matrix-parts.js';

/** Documents' z-scores: `rows` documents × `columns` reference words, row-major. */
export interface ZScoreMatrix {
  rows: number;
  columns: number;
  values: Float64Array;
}

/**
 * The z-scores of `documents` on `reference` (as deltaZScores: (f − μ) / σ per word), in an array
 * from `allocate` when given (e.g. one over a SharedArrayBuffer, for worker threads).
 */
export function zScoreMatrix(
  counts: CorpusCounts,
  documents: readonly number[],
  reference: CountsReference,
  allocate: (length: number) => Float64Array = (length) => new Float64Array(length),
): ZScoreMatrix {
  const columns = reference.ids.length;
  const values = allocate(documents.length * columns);
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
 * A row segment's distances: row i against rows jFrom … jTo − 1 into out[at …]. Tight loops for
 * Burrows', Eder's and Cosine Delta; deltaOfZScores on the rows for any other variant.
 */
export type Segment = (i: number, jFrom: number, jTo: number, out: Float64Array, at: number) => void;

export function segmentOf(z: ZScoreMatrix, method: DeltaMethod, words: number): Segment {
  const { values, columns } = z;
  if (words === 0) return (_i, jFrom, jTo, out, at) => out.fill(0, at, at + jTo - jFrom);
  if (method === 'burrows') {
    return (i, jFrom, jTo, out, at) => {
      const a = i * columns;
      for (let j = jFrom; j < jTo; j += 1) {
        const b = j * columns;
        let sum = 0;
        for (let w = 0; w < words; w += 1) sum += Math.abs(values[a + w]! - values[b + w]!);
        out[at++] = sum / words;
      }
    };
  }
  if (method === 'eder') {
    const weights = Float64Array.from({ length: words }, (_, w) => (words - w) / words);
    return (i, jFrom, jTo, out, at) => {
      const a = i * columns;
      for (let j = jFrom; j < jTo; j += 1) {
        const b = j * columns;
        let sum = 0;
        for (let w = 0; w < words; w += 1) sum += Math.abs(values[a + w]! - values[b + w]!) * weights[w]!;
        out[at++] = sum / words;
      }
    };
  }
  if (method === 'cosine') {
    const norms = squaredNorms(z, words);
    return (i, jFrom, jTo, out, at) => {
      const a = i * columns;
      const normA = norms[i]!;
      for (let j = jFrom; j < jTo; j += 1) {
        const b = j * columns;
        let dot = 0;
        for (let w = 0; w < words; w += 1) dot += values[a + w]! * values[b + w]!;
        const normB = norms[j]!;
        out[at++] =
          normA === 0 && normB === 0
            ? 0
            : normA === 0 || normB === 0
              ? 1
              : Math.min(2, Math.max(0, 1 - dot / Math.sqrt(normA * normB)));
      }
    };
  }
  return (i, jFrom, jTo, out, at) => {
    for (let j = jFrom; j < jTo; j += 1) {
      const [a, b] = rowsOf(z, i, j, words);
      out[at++] = deltaOfZScores(a as unknown as number[], b as unknown as number[], method);
    }
  };
}

/** Several variants' row segments at once: out[m] for methods[m]. */
export type Segments = (i: number, jFrom: number, jTo: number, outs: readonly Float64Array[], at: number) => void;

const FUSED: readonly DeltaMethod[] = ['burrows', 'eder', 'cosine'];

/**
 * Row segments of several variants in one walk: Burrows', Eder's and Cosine Delta share one loop
 * over the words when two or more of them are asked (the same sums as segmentOf's, so the same
 * numbers bit for bit, at about the cost of one), any other variant its own segment.
 */
export function segmentsOf(z: ZScoreMatrix, methods: readonly DeltaMethod[], words: number): Segments {
  const { values, columns } = z;
  const fused = methods.filter((method) => FUSED.includes(method)).length >= 2 && words > 0;
  const single = methods.map((method) => (fused && FUSED.includes(method) ? undefined : segmentOf(z, method, words)));
  if (!fused) {
    return (i, jFrom, jTo, outs, at) => single.forEach((segment, m) => segment!(i, jFrom, jTo, outs[m]!, at));
  }
  const [ib, ie, ic] = FUSED.map((method) => methods.indexOf(method)) as [number, number, number];
  const weights = Float64Array.from({ length: words }, (_, w) => (words - w) / words);
  const norms = squaredNorms(z, words);
  return (i, jFrom, jTo, outs, at) => {
    const a = i * columns;
    const normA = norms[i]!;
    for (let j = jFrom, k = at; j < jTo; j += 1, k += 1) {
      const b = j * columns;
      let burrows = 0;
      let eder = 0;
      let dot = 0;
      for (let w = 0; w < words; w += 1) {
        const x = values[a + w]!;
        const y = values[b + w]!;
        const difference = Math.abs(x - y);
        burrows += difference;
        eder += difference * weights[w]!;
        dot += x * y;
      }
      if (ib >= 0) outs[ib]![k] = burrows / words;
      if (ie >= 0) outs[ie]![k] = eder / words;
      if (ic >= 0) {
        const normB = norms[j]!;
        outs[ic]![k] =
          normA === 0 && normB === 0
            ? 0
            : normA === 0 || normB === 0
              ? 1
              : Math.min(2, Math.max(0, 1 - dot / Math.sqrt(normA * normB)));
      }
    }
    single.forEach((segment, m) => segment?.(i, jFrom, jTo, outs[m]!, at));
  };
}

/** Options of the matrix computations. */
export interface DeltaMatrixOptions {
  /** Compare the first `words` reference words only (default: all columns). */
  words?: number;
  /** Only this part of the pairs (default all); `out` or `sums` then hold the part's stretch alone. */
  part?: MatrixPart;
  /** Called now and then with the pairs done so far, for progress. */
  onPairs?: (pairsDone: number) => void;
}

export function wordsOf(z: ZScoreMatrix, options: DeltaMatrixOptions): number {
  const words = options.words ?? z.columns;
  if (!Number.isInteger(words) || words < 0 || words > z.columns) {
    throw new RangeError(`words must be a whole number up to ${z.columns}, got ${String(words)}`);
  }
  return words;
}

/** Delta between documents `i` and `j` (rows of `z`) over the first `words` words: deltaOfZScores's value. */
export function deltaOfRows(z: ZScoreMatrix, i: number, j: number, method: DeltaMethod, words = z.columns): number {
  const out = new Float64Array(1);
  segmentOf(z, method, wordsOf(z, { words }))(i, j, j + 1, out, 0);
  return out[0]!;
}

/**
 * A function writing document i's Delta to every document (its own 0) into `out`, without the
 * condensed matrix: for whole matrices of corpora too large to hold one (each pair computed twice).
 */
export function deltaRows(
  z: ZScoreMatrix,
  method: DeltaMethod,
  options: DeltaMatrixOptions = {},
): (i: number, out: Float64Array) => Float64Array {
  const segment = segmentOf(z, method, wordsOf(z, options));
  return (i, out) => {
    if (out.length !== z.rows) throw new RangeError(`out must hold ${z.rows} distances`);
    segment(i, 0, i, out, 0);
    out[i] = 0;
    segment(i, i + 1, z.rows, out, i + 1);
    return out;
  };
}

/**
 * Every pair's Delta in a condensed matrix (pairs i < j row by row, as linkage() reads it), written
 * into `out` when given (the whole matrix, or the part's stretch when a part is given).
 */
export function condensedDeltas(
  z: ZScoreMatrix,
  method: DeltaMethod,
  options: DeltaMatrixOptions & { out?: Float64Array } = {},
): Float64Array {
  const n = z.rows;
  const part = partOf(n, options.part);
  const length = partLength(n, part);
  const out = options.out ?? new Float64Array(length);
  if (out.length !== length) throw new RangeError(`out must hold ${length} pairs`);
  const words = wordsOf(z, options);
  const segment = segmentOf(z, method, words);
  forEachSegment(n, tileRows(words), (i, jFrom, jTo, k) => segment(i, jFrom, jTo, out, k), options.onPairs, part);
  return out;
}

/**
 * Burrows' sums grown by the words [from, to): each pair's Σ |z_a − z_b| in `sums` (condensed, or
 * the part's stretch) goes
 * on word by word, so `sums[k] / m` at m words is Burrows' Delta at m words exactly as if summed
 * afresh; the trees at MFW sizes 100, 200, … 500 thus cost one pass over 500 words, not 1,500.
 */
export function addBurrowsSums(
  z: ZScoreMatrix,
  sums: Float64Array,
  from: number,
  to: number,
  onPairs?: (pairsDone: number) => void,
  part?: MatrixPart,
): void {
  const n = z.rows;
  const whole = partOf(n, part);
  const length = partLength(n, whole);
  if (sums.length !== length) throw new RangeError(`sums must hold ${length} pairs`);
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && from <= to && to <= z.columns)) {
    throw new RangeError(`words [${from}, ${to}) are not within the ${z.columns} columns`);
  }
  const { values, columns } = z;
  forEachSegment(
    n,
    tileRows(to - from),
    (i, jFrom, jTo, k) => {
      const a = i * columns;
      for (let j = jFrom; j < jTo; j += 1) {
        const b = j * columns;
        let sum = sums[k]!;
        for (let w = from; w < to; w += 1) sum += Math.abs(values[a + w]! - values[b + w]!);
        sums[k++] = sum;
      }
    },
    onPairs,
    whole,
  );
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
    return burrowsOfSums(this.#sums, words, out);
  }
}

/** Burrows' Delta at `words` words from the pairs' sums (addBurrowsSums) into `out`: sum / words (0 at no words). */
export function burrowsOfSums(sums: Float64Array, words: number, out: Float64Array): Float64Array {
  if (out.length !== sums.length) throw new RangeError(`out must hold ${sums.length} pairs`);
  for (let k = 0; k < sums.length; k += 1) out[k] = words === 0 ? 0 : sums[k]! / words;
  return out;
}
