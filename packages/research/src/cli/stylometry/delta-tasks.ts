/**
 * Pool tasks of the Delta matrices of `styler corpus`: each computes one part of a matrix (the pairs
 * of a run of rows, one stretch of the condensed matrix) on the z-scores, which each thread is sent
 * once and holds in its own memory, straight into the condensed matrix the threads share (a
 * SharedArrayBuffer written once a pair: nothing is copied back), or returns the part's nearest
 * neighbours. The z-scores are not shared: V8 reads a SharedArrayBuffer's numbers about a third
 * slower, and they are read many times a pair.
 */
import type { DeltaMethod } from '@styler-dev/analytics/metrics';
import {
  addBurrowsSums,
  condensedDeltas,
  nearestOfEach,
  partLength,
  partStart,
  type MatrixPart,
  type NearestNeighbours,
  type ZScoreMatrix,
} from '../../stylometry/index.js';

/** The part's stretch of a shared condensed matrix of n items. */
export function stretchOf(matrix: SharedArrayBuffer, n: number, part: MatrixPart): Float64Array {
  return new Float64Array(matrix, partStart(n, part.from) * Float64Array.BYTES_PER_ELEMENT, partLength(n, part));
}

export const tasks = {
  /** Delta of the part's pairs over the first `words` words, into its stretch of `out`. */
  deltaPart(z: ZScoreMatrix, method: DeltaMethod, words: number, out: SharedArrayBuffer, part: MatrixPart): void {
    condensedDeltas(z, method, { words, part, out: stretchOf(out, z.rows, part) });
  },
  /** The part's Burrows sums in `sums` grown by the words [from, to). */
  burrowsSumsPart(z: ZScoreMatrix, sums: SharedArrayBuffer, from: number, to: number, part: MatrixPart): void {
    addBurrowsSums(z, stretchOf(sums, z.rows, part), from, to, undefined, part);
  },
  /** The nearest neighbours among the part's pairs, by each variant (one walk for them all). */
  nearestPart(
    z: ZScoreMatrix,
    methods: DeltaMethod[],
    k: number,
    words: number,
    part: MatrixPart,
  ): NearestNeighbours[] {
    return nearestOfEach(z, methods, k, { words, part });
  },
};

export type DeltaTasks = typeof tasks;
