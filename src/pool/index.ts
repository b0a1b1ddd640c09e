import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { deserializeError, StylerError } from '../errors.js';
import type { StyleModel } from '../style/types.js';
import { FairQueue } from './fair-queue.js';
import type { PoolMethod, PoolRequest, PoolResponse } from './protocol.js';
import type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, QualityInput } from './types.js';

export type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, QualityInput } from './types.js';

const DEFAULTS = Object.freeze({ maxQueue: 256, deadlineGraceMs: 2_000 });

/**
 * Worker threads do not go through a TypeScript loader, so the pool always runs the built worker:
 * beside this file when running from dist/, or dist/pool/worker.js when this module is loaded from src/.
 */
function workerFile(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/pool/worker.js', here) : new URL('./worker.js', here);
}

function validateOptions(options: AnalyticsPoolOptions): {
  threads: number;
  maxQueue: number;
  maxQueuePerTenant: number;
  deadlineGraceMs: number;
} {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) {
    throw new RangeError(`threads must be an integer from 1 to 256, got ${String(options.threads)}`);
  }
  const maxQueue = options.maxQueue ?? DEFAULTS.maxQueue;
  if (!Number.isInteger(maxQueue) || maxQueue < 0) {
    throw new RangeError(`maxQueue must be a non-negative integer, got ${String(options.maxQueue)}`);
  }
  const maxQueuePerTenant = options.maxQueuePerTenant ?? maxQueue;
  if (!Number.isInteger(maxQueuePerTenant) || maxQueuePerTenant < 0) {
    throw new RangeError(`maxQueuePerTenant must be a non-negative integer, got ${String(options.maxQueuePerTenant)}`);
  }
  const deadlineGraceMs = options.deadlineGraceMs ?? DEFAULTS.deadlineGraceMs;
  if (!Number.isInteger(deadlineGraceMs) || deadlineGraceMs < 0) {
    throw new RangeError(`deadlineGraceMs must be a non-negative integer, got ${String(options.deadlineGraceMs)}`);
  }
  return { threads, maxQueue, maxQueuePerTenant, deadlineGraceMs };
}

/**
 * A ground truth without its ROUGE references, for calls that do not use them: the references are
 * most of its size, and copying them to the worker thread on every call was most of the pool's
 * overhead. Anything malformed is passed as it is, for the worker to reject.
 */
function withoutReferences<T>(groundTruth: T): T {
  if (typeof groundTruth !== 'object' || groundTruth === null) return groundTruth;
  if (!Array.isArray((groundTruth as { rouge?: unknown }).rouge)) return groundTruth;
  return { ...groundTruth, rouge: [] };
}

/** qualityAnalytics' input as the worker needs it: the references only when ROUGE is asked for. */
function slimQualityInput(input: QualityInput): QualityInput {
  if (typeof input !== 'object' || input === null || input.includeRouge === true) return input;
  return { ...input, groundTruth: withoutReferences(input.groundTruth) };
}

/** A style model as restyle needs it: restyle measures against the ground truth's features only. */
function slimStyleModel(model: StyleModel): StyleModel {
  if (typeof model !== 'object' || model === null) return model;
  return { ...model, groundTruth: withoutReferences(model.groundTruth) };
}

/**
 * Tasks given to a thread at once: the one it runs and the next. With one, a thread idled for a
 * round trip to the main thread between tasks (about 0.25 ms, a tenth of a 500-word quality call);
 * with the next task already there it starts it at once. Which task goes next is still decided here,
 * fairly, at most one task ahead. Piscina never puts a task beside one that can be aborted (one with
 * a deadline), so ending a thread for a deadline never takes another task with it.
 */
const TASKS_PER_THREAD = 2;

/** A task waiting for a thread: `start` hands it one, `fail` turns it away. */
interface Waiter {
  start(): void;
  fail(error: unknown): void;
}

/**
 * A Piscina pool that runs analyzeText, buildGroundTruth, qualityAnalytics, fitStyle and restyle off
 * the event loop, with the same results as the direct calls. Tasks wait in a fair queue (per tenant,
 * round robin) and go to Piscina only when a thread is free. A full queue rejects at once with a
 * `rate_limited` StylerError instead of queueing without bound; a task past its deadline rejects with
 * `time_budget_exceeded`, and one that keeps running past it has its thread ended.
 */
export function createAnalyticsPool(options: AnalyticsPoolOptions = {}): AnalyticsPool {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const { threads, maxQueue, maxQueuePerTenant, deadlineGraceMs } = validateOptions(options);
  const piscina = new Piscina<PoolRequest, PoolResponse>({
    filename: workerFile().href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: TASKS_PER_THREAD,
    // Threads wait for tasks without blocking their event loop, so their idle heap release can run.
    atomics: 'async',
  });
  const capacity = threads * TASKS_PER_THREAD;
  const waiting = new FairQueue<Waiter>();
  let running = 0;
  let closed = false;

  function dispatch(): void {
    while (running < capacity && waiting.size > 0) {
      running += 1;
      waiting.shift()!.start();
    }
  }

  function release(): void {
    running -= 1;
    dispatch();
  }

  /** Resolves once the task holds a thread (counted in `running`); rejects if turned away while waiting. */
  function acquire(tenant: string, order: number, signal: AbortSignal | undefined, deadline: number): Promise<void> {
    if (running < capacity && waiting.size === 0) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.size >= maxQueue || waiting.sizeOf(tenant) >= maxQueuePerTenant) {
      return Promise.reject(new StylerError('rate_limited'));
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        start: () => {
          settle();
          resolve();
        },
        fail: (error) => {
          settle();
          waiting.remove(tenant, waiter);
          reject(error);
        },
      };
      const onAbort = (): void => waiter.fail(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (Number.isFinite(deadline)) {
        timer = setTimeout(() => waiter.fail(new StylerError('time_budget_exceeded')), deadline - Date.now());
        timer.unref();
      }
      waiting.push(tenant, waiter, order);
    });
  }

  /** Runs the task on a thread; past the deadline and its grace, aborting it ends that thread. */
  async function runOnThread(request: PoolRequest, deadline: number): Promise<PoolResponse> {
    if (!Number.isFinite(deadline)) return piscina.run(request);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new StylerError('time_budget_exceeded')),
      deadline - Date.now() + deadlineGraceMs,
    );
    try {
      return await piscina.run(request, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new StylerError('time_budget_exceeded');
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Settles with the task, or rejects as soon as `signal` fires. A caller that gives up (a client
   * that disconnected) does not end the thread: restarting one costs a second or more of model
   * loading, so the task runs to its end (bounded by its deadline) and keeps its slot until then.
   */
  function unlessAborted<T>(task: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return task;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function call<T>(method: PoolMethod, args: unknown[], options: PoolCallOptions = {}): Promise<T> {
    if (closed) throw new StylerError('internal', 'The analytics pool is closed.');
    const { signal, tenant = '', deadline = Infinity, submittedAt = Date.now() } = options;
    signal?.throwIfAborted();
    if (Date.now() >= deadline) throw new StylerError('time_budget_exceeded');
    await acquire(tenant, submittedAt, signal, deadline);
    // The signal may have fired while the task got its thread.
    if (signal?.aborted) {
      release();
      throw signal.reason;
    }
    const task = runOnThread({ method, args }, deadline);
    void task.then(release, release);
    const response = await unlessAborted(task, signal);
    if (!response.ok) throw deserializeError(response.error);
    return response.value as T;
  }

  return {
    analyzeText: (text, options) => call('analyzeText', [text], options),
    buildGroundTruth: (documents, options) => call('buildGroundTruth', [documents], options),
    qualityAnalytics: (input, options) => call('qualityAnalytics', [slimQualityInput(input)], options),
    fitStyle: (documents, fitOptions, options) =>
      call('fitStyle', fitOptions === undefined ? [documents] : [documents, fitOptions], options),
    restyle: (text, model, restyleOptions, options) => {
      // The engine checks the deadline itself and stops cleanly; the thread-ending backstop is a last resort.
      const withDeadline =
        options?.deadline !== undefined && restyleOptions?.deadline === undefined
          ? { ...restyleOptions, deadline: options.deadline }
          : restyleOptions;
      const slim = slimStyleModel(model);
      return call('restyle', withDeadline === undefined ? [text, slim] : [text, slim, withDeadline], options);
    },
    get queueSize() {
      return waiting.size + piscina.queueSize;
    },
    get running() {
      return running;
    },
    threads,
    async close() {
      if (closed) return;
      closed = true;
      const error = new StylerError('internal', 'The analytics pool is closed.');
      for (let waiter = waiting.shift(); waiter; waiter = waiting.shift()) waiter.fail(error);
      await piscina.close();
    },
  };
}
