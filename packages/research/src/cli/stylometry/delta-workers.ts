/**
 * The Delta matrices of `styler corpus` on worker threads: the pairs cut into parts of about equal
 * work (matrixParts: runs of rows, each one stretch of the condensed matrix), each part a pool task
 * that writes its stretch of a matrix the threads share (sharedMatrix); the z-scores go to each
 * thread once (a shared argument). With one thread the parts run here. The numbers are those of
 * one thread, bit for bit: each pair is computed by the same code wherever it runs, and nearest
 * neighbours are merged by distance, ties to the lower index.
 */
import { availableParallelism } from 'node:os';
import type { TaskPool } from '@styler-dev/analytics/pool';
import type { DeltaMethod } from '@styler-dev/analytics/metrics';
import type { Progress } from '@styler-dev/cli-kit';
import {
  condensedLength,
  matrixParts,
  mergeNearest,
  partLength,
  type MatrixPart,
  type NearestNeighbours,
  type ZScoreMatrix,
} from '../../stylometry/index.js';
import { tasks, type DeltaTasks } from './delta-tasks.js';

/** Parts per thread: enough for the progress to move and for the threads to finish together. */
const PARTS_PER_THREAD = 8;

/**
 * Below this many steps (one word of one pair's Delta, about 3 ns on one thread) the matrices are
 * computed on this thread: a worker thread costs 0.3–0.5 s of start-up (its modules, then the
 * z-scores), more than it saves on a small corpus (120 documents at the default sizes: 5 million
 * steps, 20 ms; 2,000 documents: 1.4 billion, 4 s).
 */
export const THREADED_STEPS = 200_000_000;

/**
 * The threads of the matrices: the `asked` number when given, else one per CPU when the work is
 * THREADED_STEPS or more, and this thread alone below it.
 */
export function deltaThreads(steps: number, asked?: number, cpus = availableParallelism()): number {
  if (asked !== undefined) return asked;
  return steps >= THREADED_STEPS ? Math.max(1, cpus) : 1;
}

/** A condensed matrix of n items over shared memory, which the threads write their parts of. */
export function sharedMatrix(n: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(condensedLength(n) * Float64Array.BYTES_PER_ELEMENT));
}

interface DeltaPool {
  pool: TaskPool<DeltaTasks>;
  /** The key under which the pool's threads hold the z-scores. */
  key(z: ZScoreMatrix): string;
}

/** The pool's threads, on the task module; the pool (Piscina) is loaded only when a run uses threads. */
async function deltaPool(threads: number): Promise<DeltaPool> {
  const { createTaskPool, sharedKey, threadModule } = await import('@styler-dev/analytics/pool');
  const taskModule = threadModule('@styler-dev/research/delta-tasks', import.meta.url);
  return {
    pool: createTaskPool<DeltaTasks>({ taskModules: [taskModule], threads, tasksPerThread: 2 }),
    key: (z) => sharedKey(z, 'z-scores'),
  };
}

export class DeltaWorkers {
  readonly #z: ZScoreMatrix;
  readonly #pool: DeltaPool | undefined;
  readonly #parts: MatrixPart[];

  private constructor(z: ZScoreMatrix, threads: number, pool: DeltaPool | undefined) {
    this.#z = z;
    this.#pool = pool;
    this.#parts = matrixParts(z.rows, threads * PARTS_PER_THREAD);
  }

  /** Workers on `threads` threads (default one per CPU); with one, every part runs on this thread. */
  static async start(z: ZScoreMatrix, threads = Math.max(1, availableParallelism())): Promise<DeltaWorkers> {
    return new DeltaWorkers(z, threads, threads > 1 ? await deltaPool(threads) : undefined);
  }

  /** Runs a task on every part (here, or on the pool), advancing `progress` by its pairs times `weight` as it ends. */
  async #each<M extends keyof DeltaTasks>(
    method: M,
    args: (part: MatrixPart) => Parameters<DeltaTasks[M]>,
    progress: Progress,
    weight: number,
  ): Promise<Array<ReturnType<DeltaTasks[M]>>> {
    const n = this.#z.rows;
    const ended = <T>(part: MatrixPart, result: T): T => {
      progress.advance(partLength(n, part) * weight);
      return result;
    };
    if (this.#pool === undefined) {
      const run = tasks[method] as (...a: Parameters<DeltaTasks[M]>) => ReturnType<DeltaTasks[M]>;
      return this.#parts.map((part) => ended(part, run(...args(part))));
    }
    const { pool, key } = this.#pool;
    // The z-scores (argument 0) go to each thread once.
    const shared = { index: 0, key: key(this.#z) };
    return Promise.all(
      this.#parts.map(async (part) =>
        ended(part, (await pool.run(method, args(part), undefined, shared)) as ReturnType<DeltaTasks[M]>),
      ),
    );
  }

  /** Every pair's Delta over the first `words` words into `out` (sharedMatrix). */
  async condensed(method: DeltaMethod, words: number, out: Float64Array, progress: Progress): Promise<void> {
    const buffer = bufferOf(out, this.#z.rows);
    await this.#each('deltaPart', (part) => [this.#z, method, words, buffer, part], progress, 1);
  }

  /** Burrows' sums in `sums` (sharedMatrix) grown by the words [from, to). */
  async addBurrowsSums(sums: Float64Array, from: number, to: number, progress: Progress): Promise<void> {
    const buffer = bufferOf(sums, this.#z.rows);
    await this.#each('burrowsSumsPart', (part) => [this.#z, buffer, from, to, part], progress, to - from);
  }

  /** Each document's k nearest by each of `methods` over the first `words` words (one walk for them all). */
  async nearest(
    methods: readonly DeltaMethod[],
    k: number,
    words: number,
    progress: Progress,
  ): Promise<NearestNeighbours[]> {
    const parts = await this.#each('nearestPart', (part) => [this.#z, [...methods], k, words, part], progress, 1);
    return methods.map((_, m) => mergeNearest(parts.map((found) => found[m]!)));
  }

  close(): Promise<void> {
    return this.#pool?.pool.close() ?? Promise.resolve();
  }
}

function bufferOf(matrix: Float64Array, n: number): SharedArrayBuffer {
  if (!(matrix.buffer instanceof SharedArrayBuffer) || matrix.byteOffset !== 0) {
    throw new TypeError('the matrix must be a sharedMatrix');
  }
  if (matrix.length !== condensedLength(n)) throw new RangeError(`the matrix must hold ${condensedLength(n)} pairs`);
  return matrix.buffer;
}
