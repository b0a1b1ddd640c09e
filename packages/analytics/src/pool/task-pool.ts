/**
 * The worker pool every Styler layer runs its heavy calls on: Piscina threads that load named task
 * modules, a fair queue in front of them (per tenant, round robin, oldest request first), a bound on
 * waiting work, deadlines, and cancellation. It knows nothing of the tasks: the analytics library and
 * the style engine each give it the module of their own tasks (see createAnalyticsPool and the
 * engine's createStylePool).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { deserializeError, StylerError } from '../errors.js';
import { FairQueue } from './fair-queue.js';
import type { PoolRequest, PoolResponse, TaskSignatures } from './protocol.js';
import type { PoolCallOptions, SharedArgumentRef, TaskPool, TaskPoolOptions } from './types.js';

const DEFAULTS = Object.freeze({ maxQueue: 256, deadlineGraceMs: 2_000 });

/**
 * The built JavaScript file of a module, given as a path relative to the built file of the module
 * asking (`from`, its import.meta.url). Worker threads do not go through a TypeScript loader, so when
 * `from` is a source file under src/ the built file under dist/ is used.
 */
export function builtModule(relativePath: string, from: string): URL {
  const url = new URL(relativePath, from);
  if (!from.endsWith('.ts')) return url;
  return new URL(url.href.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
}

function validateOptions(options: TaskPoolOptions): {
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
 * A Piscina pool whose threads load `options.taskModules` and run their tasks by name. Tasks wait in
 * a fair queue (per tenant, round robin) and go to Piscina only when a thread is free. A full queue
 * rejects at once with a `rate_limited` StylerError instead of queueing without bound; a task past
 * its deadline rejects with `time_budget_exceeded`, and one that keeps running past it has its thread
 * ended.
 */
export function createTaskPool<Tasks extends TaskSignatures = TaskSignatures>(
  options: TaskPoolOptions,
): TaskPool<Tasks> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const taskModules = options.taskModules;
  if (!Array.isArray(taskModules) || taskModules.length === 0 || !taskModules.every((m) => m instanceof URL)) {
    throw new TypeError('options.taskModules must be a non-empty array of URLs');
  }
  const { threads, maxQueue, maxQueuePerTenant, deadlineGraceMs } = validateOptions(options);
  const piscina = new Piscina<PoolRequest, PoolResponse>({
    filename: builtModule('./worker.js', import.meta.url).href,
    workerData: { taskModules: taskModules.map((url) => url.href) },
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

  /** How many times each shared key went out with its value (bounded: forgotten keys are sent again). */
  const sentWithValue = new Map<string, number>();

  /**
   * Runs the request with its shared argument. The first `threads` calls of a key carry the value,
   * most likely reaching every thread (a miss-and-resend costs a round trip behind other work);
   * later ones carry the key alone. A thread that does not hold it answers `missing`, and the
   * request goes again with the value, on the same slot.
   */
  async function runShared(
    method: string,
    args: unknown[],
    shared: SharedArgumentRef | undefined,
    deadline: number,
  ): Promise<PoolResponse> {
    if (shared === undefined) return runOnThread({ method, args }, deadline);
    const placeholder = [...args];
    placeholder[shared.index] = null;
    const withValue = { method, args: placeholder, shared: { ...shared, value: args[shared.index] } };
    const sent = sentWithValue.get(shared.key) ?? 0;
    if (sent < threads) {
      if (sentWithValue.size >= 1_024) sentWithValue.clear();
      sentWithValue.set(shared.key, sent + 1);
      return runOnThread(withValue, deadline);
    }
    const first = await runOnThread({ method, args: placeholder, shared: { ...shared } }, deadline);
    if (first.ok || !('missing' in first)) return first;
    return runOnThread(withValue, deadline);
  }

  async function call<T>(
    method: string,
    args: unknown[],
    options: PoolCallOptions = {},
    shared?: SharedArgumentRef,
  ): Promise<T> {
    if (closed) throw new StylerError('internal', 'The worker pool is closed.');
    const { signal, tenant = '', deadline = Infinity, submittedAt = Date.now() } = options;
    signal?.throwIfAborted();
    if (Date.now() >= deadline) throw new StylerError('time_budget_exceeded');
    await acquire(tenant, submittedAt, signal, deadline);
    // The signal may have fired while the task got its thread.
    if (signal?.aborted) {
      release();
      throw signal.reason;
    }
    const task = runShared(method, args, shared, deadline);
    void task.then(release, release);
    const response = await unlessAborted(task, signal);
    if (!response.ok) {
      if ('missing' in response) throw new StylerError('internal', 'A pool thread lost a shared argument.');
      throw deserializeError(response.error);
    }
    return response.value as T;
  }

  return {
    // The call's own types are checked by TaskPool<Tasks>.run; the wire carries any task's request.
    run: ((method: string, args: unknown[], callOptions?: PoolCallOptions, shared?: SharedArgumentRef) =>
      call(method, args, callOptions, shared)) as TaskPool<Tasks>['run'],
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
      const error = new StylerError('internal', 'The worker pool is closed.');
      for (let waiter = waiting.shift(); waiter; waiter = waiting.shift()) waiter.fail(error);
      await piscina.close();
    },
  };
}

const sharedIds = new WeakMap<object, number>();
let nextSharedId = 0;

/**
 * A key for `value` as a shared argument of pool calls (TaskPool.run): the same object (by
 * identity) and `variant` always get the same key, another object another key. The object must not
 * change afterwards: threads keep the copy they were sent.
 */
export function sharedKey(value: object, variant = ''): string {
  let id = sharedIds.get(value);
  if (id === undefined) {
    id = nextSharedId += 1;
    sharedIds.set(value, id);
  }
  return `${id}:${variant}`;
}

/**
 * `base` with more calls: a new object whose `methods` sit beside every call of `base`, sharing its
 * threads, queue and counts (how the analytics pool and the engine's pool add their calls).
 */
export function extendPool<P extends TaskPool, M extends object>(base: P, methods: M & ThisType<P & M>): P & M {
  const extended = Object.create(base) as P & M;
  return Object.assign(extended, methods);
}
