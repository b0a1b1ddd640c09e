/**
 * Pool tasks of the Delta matrices of `styler corpus`: each computes one part of a matrix (the pairs
 * of a run of rows, one stretch of the condensed matrix) on the z-scores, which each thread is sent
 * once, and returns that stretch (or the part's nearest neighbours). Plain memory, not shared: V8
 * reads a SharedArrayBuffer's numbers about a third slower in these loops.
 */
import {
  addBurrowsSums,
  condensedDeltas,
  nearestByTiles,
  type MatrixPart,
  type NearestNeighbours,
  type ZScoreMatrix,
} from '@styler/analytics/stylometry';
import type { DeltaMethod } from '@styler/analytics/metrics';

export const tasks = {
  /** Delta of the part's pairs over the first `words` words. */
  deltaPart(z: ZScoreMatrix, method: DeltaMethod, words: number, part: MatrixPart): Float64Array {
    return condensedDeltas(z, method, { words, part });
  },
  /** The part's Burrows sums (`sums`, its stretch) grown by the words [from, to). */
  burrowsSumsPart(z: ZScoreMatrix, sums: Float64Array, from: number, to: number, part: MatrixPart): Float64Array {
    addBurrowsSums(z, sums, from, to, undefined, part);
    return sums;
  },
  /** The nearest neighbours among the part's pairs. */
  nearestPart(z: ZScoreMatrix, method: DeltaMethod, k: number, words: number, part: MatrixPart): NearestNeighbours {
    return nearestByTiles(z, method, k, { words, part });
  },
};

export type DeltaTasks = typeof tasks;
