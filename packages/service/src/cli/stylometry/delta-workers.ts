/**
 * The Delta matrices of `styler corpus` on worker threads: the pairs cut into parts of about equal
 * work (matrixParts: runs of rows, each one stretch of the condensed matrix), each part a pool task;
 * the z-scores go to each thread once (a shared argument), each stretch comes back and is copied
 * into place. With one thread the parts run here, without copies. The numbers are those of one
 * thread, bit for bit: each pair is computed by the same code wherever it runs, and nearest
 * neighbours are merged by distance, ties to the lower index.
 */
import { availableParallelism } from 'node:os';
import { builtModule, createTaskPool, sharedKey, type TaskPool } from '@styler/analytics/pool';
import {
  addBurrowsSums,
  condensedDeltas,
  condensedLength,
  matrixParts,
  mergeNearest,
  nearestByTiles,
  partLength,
  partStart,
  type MatrixPart,
  type NearestNeighbours,
  type ZScoreMatrix,
} from '@styler/analytics/stylometry';
import type { DeltaMethod } from '@styler/analytics/metrics';
import type { Progress } from '../progress.js';
import type { DeltaTasks } from './delta-tasks.js';

const DELTA_TASKS = builtModule('./delta-tasks.js', import.meta.url);

/** Parts per thread: enough for the progress to move and for the threads to finish together. */
const PARTS_PER_THREAD = 8;

export class DeltaWorkers {
  readonly #z: ZScoreMatrix;
  readonly #pool: TaskPool<DeltaTasks> | undefined;
  readonly #parts: MatrixPart[];

  constructor(z: ZScoreMatrix, threads = Math.max(1, availableParallelism())) {
    this.#z = z;
    this.#pool =
      threads > 1 ? createTaskPool<DeltaTasks>({ taskModules: [DELTA_TASKS], threads, tasksPerThread: 2 }) : undefined;
    this.#parts = matrixParts(z.rows, threads * PARTS_PER_THREAD);
  }

  /** The z-scores as a call's first argument, sent to each thread once. */
  #shared = (): { index: number; key: string } => ({ index: 0, key: sharedKey(this.#z, 'z-scores') });

  /** Runs each part (here, or as a pool task), advancing `progress` by its pairs times `weight` as it ends. */
  async #each<T>(
    here: (part: MatrixPart) => T,
    there: (pool: TaskPool<DeltaTasks>, part: MatrixPart) => Promise<T>,
    use: (part: MatrixPart, result: T) => void,
    progress: Progress,
    weight: number,
  ): Promise<void> {
    const pool = this.#pool;
    const ended = (part: MatrixPart, result: T): void => {
      use(part, result);
      progress.advance(partLength(this.#z.rows, part) * weight);
    };
    if (pool === undefined) {
      for (const part of this.#parts) ended(part, here(part));
      return;
    }
    await Promise.all(this.#parts.map((part) => there(pool, part).then((result) => ended(part, result))));
  }

  /** Every pair's Delta over the first `words` words into `out` (a condensed matrix). */
  async condensed(method: DeltaMethod, words: number, out: Float64Array, progress: Progress): Promise<void> {
    const n = this.#z.rows;
    if (out.length !== condensedLength(n)) throw new RangeError(`out must hold ${condensedLength(n)} pairs`);
    await this.#each(
      (part) => condensedDeltas(this.#z, method, { words, part, out: stretch(out, n, part) }),
      (pool, part) => pool.run('deltaPart', [this.#z, method, words, part], undefined, this.#shared()),
      (part, result) => result.buffer !== out.buffer && out.set(result, partStart(n, part.from)),
      progress,
      1,
    );
  }

  /** Burrows' sums in `sums` (a condensed matrix) grown by the words [from, to). */
  async addBurrowsSums(sums: Float64Array, from: number, to: number, progress: Progress): Promise<void> {
    const n = this.#z.rows;
    if (sums.length !== condensedLength(n)) throw new RangeError(`sums must hold ${condensedLength(n)} pairs`);
    await this.#each(
      (part) => {
        const own = stretch(sums, n, part);
        addBurrowsSums(this.#z, own, from, to, undefined, part);
        return own;
      },
      // A copy of the stretch goes (a view would send the whole matrix) and comes back grown.
      (pool, part) =>
        pool.run(
          'burrowsSumsPart',
          [this.#z, stretch(sums, n, part).slice(), from, to, part],
          undefined,
          this.#shared(),
        ),
      (part, result) => result.buffer !== sums.buffer && sums.set(result, partStart(n, part.from)),
      progress,
      to - from,
    );
  }

  /** Each document's k nearest by `method` over the first `words` words. */
  async nearest(method: DeltaMethod, k: number, words: number, progress: Progress): Promise<NearestNeighbours> {
    const found: NearestNeighbours[] = [];
    await this.#each(
      (part) => nearestByTiles(this.#z, method, k, { words, part }),
      (pool, part) => pool.run('nearestPart', [this.#z, method, k, words, part], undefined, this.#shared()),
      (_part, result) => found.push(result),
      progress,
      1,
    );
    return mergeNearest(found);
  }

  close(): Promise<void> {
    return this.#pool?.close() ?? Promise.resolve();
  }
}

/** The part's stretch of a condensed matrix (a view). */
function stretch(matrix: Float64Array, n: number, part: MatrixPart): Float64Array {
  return matrix.subarray(partStart(n, part.from), partStart(n, part.to));
}
