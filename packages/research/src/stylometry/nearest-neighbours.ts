/**
 * Each document's nearest neighbours by Delta: from a condensed matrix, or tile by tile without one
 * (memory O(documents × k)), in parts for threads and merged; nearest first, ties to the lower index.
 */
import type { DeltaMethod } from '@styler-dev/analytics/metrics';
import { segmentsOf, wordsOf, type DeltaMatrixOptions, type ZScoreMatrix } from './delta-matrix.js';
import { condensedLength } from './linkage.js';
import { forEachSegment, partOf, tileRows } from './matrix-parts.js';

/**
 * Each document's `k` nearest others: indices and distances, row-major (rows × k), nearest first;
 * a row with fewer candidates (a part of the matrix) ends in index −1 at distance Infinity.
 */
export interface NearestNeighbours {
  k: number;
  index: Int32Array;
  distance: Float64Array;
}

/** Every row's k smallest (distance, index) pairs so far, nearest first; on ties the index offered first. */
class NearestTable {
  readonly index: Int32Array;
  readonly distance: Float64Array;
  readonly #sizes: Int32Array;
  constructor(
    rows: number,
    readonly k: number,
  ) {
    this.index = new Int32Array(rows * k).fill(-1);
    this.distance = new Float64Array(rows * k).fill(Number.POSITIVE_INFINITY);
    this.#sizes = new Int32Array(rows);
  }
  offer(row: number, index: number, distance: number): void {
    const k = this.k;
    const base = row * k;
    const size = this.#sizes[row]!;
    if (size === k && !(distance < this.distance[base + k - 1]!)) return;
    let at = size < k ? size : k - 1;
    if (size < k) this.#sizes[row] = size + 1;
    while (at > 0 && distance < this.distance[base + at - 1]!) {
      this.distance[base + at] = this.distance[base + at - 1]!;
      this.index[base + at] = this.index[base + at - 1]!;
      at -= 1;
    }
    this.distance[base + at] = distance;
    this.index[base + at] = index;
  }
  result(): NearestNeighbours {
    return { k: this.k, index: this.index, distance: this.distance };
  }
}

/** The `k` nearest neighbours of every item of a condensed matrix of `n` items. */
export function nearestInCondensed(condensed: Float64Array, n: number, k: number): NearestNeighbours {
  if (condensed.length !== condensedLength(n)) {
    throw new RangeError(`a condensed matrix of ${n} items has ${condensedLength(n)} entries`);
  }
  const table = new NearestTable(n, Math.min(k, Math.max(0, n - 1)));
  if (table.k === 0) return table.result();
  // Pairs in index order: each row is offered its neighbours in ascending order.
  let p = 0;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const d = condensed[p++]!;
      table.offer(i, j, d);
      table.offer(j, i, d);
    }
  }
  return table.result();
}

/**
 * The `k` nearest neighbours of every document by Delta, each pair computed once, tile by tile,
 * without the whole matrix (memory O(rows × k)): for corpora whose condensed matrix would not fit.
 */
export function nearestByTiles(
  z: ZScoreMatrix,
  method: DeltaMethod,
  k: number,
  options: DeltaMatrixOptions = {},
): NearestNeighbours {
  return nearestOfEach(z, [method], k, options)[0]!;
}

/**
 * nearestByTiles for several variants in one walk over the pairs (Burrows', Eder's and Cosine Delta
 * share one loop over the words: segmentsOf), one result per variant.
 */
export function nearestOfEach(
  z: ZScoreMatrix,
  methods: readonly DeltaMethod[],
  k: number,
  options: DeltaMatrixOptions = {},
): NearestNeighbours[] {
  const n = z.rows;
  const words = wordsOf(z, options);
  const tables = methods.map(() => new NearestTable(n, Math.min(k, Math.max(0, n - 1))));
  if (k === 0 || n < 2) return tables.map((table) => table.result());
  const segments = segmentsOf(z, methods, words);
  const rowsPerTile = tileRows(words);
  const scratch = methods.map(() => new Float64Array(rowsPerTile));
  // Row j hears of rows i < j in its own tile's block, in ascending i, then of rows above it, ascending.
  forEachSegment(
    n,
    rowsPerTile,
    (i, jFrom, jTo) => {
      segments(i, jFrom, jTo, scratch, 0);
      tables.forEach((table, m) => {
        const distances = scratch[m]!;
        for (let j = jFrom; j < jTo; j += 1) {
          const d = distances[j - jFrom]!;
          table.offer(i, j, d);
          table.offer(j, i, d);
        }
      });
    },
    options.onPairs,
    partOf(n, options.part),
  );
  return tables.map((table) => table.result());
}

/** The nearest neighbours of several parts of one matrix together: by distance, ties to the lower index. */
export function mergeNearest(parts: readonly NearestNeighbours[]): NearestNeighbours {
  const first = parts[0];
  if (first === undefined) throw new RangeError('give at least one part');
  const { k } = first;
  const rows = k === 0 ? 0 : first.index.length / k;
  if (parts.some((part) => part.k !== k || part.index.length !== rows * k)) {
    throw new RangeError('parts of different matrices or neighbour counts');
  }
  const table = new NearestTable(rows, k);
  const candidates: Array<[number, number]> = [];
  for (let row = 0; row < rows; row += 1) {
    candidates.length = 0;
    for (const part of parts) {
      for (let r = row * k; r < (row + 1) * k && part.index[r]! >= 0; r += 1)
        candidates.push([part.distance[r]!, part.index[r]!]);
    }
    candidates.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [distance, index] of candidates.slice(0, k)) table.offer(row, index, distance);
  }
  return table.result();
}
