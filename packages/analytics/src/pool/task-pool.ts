/**
 * The worker pool every Styler layer runs its heavy calls on: Piscina threads that load named task
 * modules, a fair queue in front of them (per tenant, round robin, oldest request first), a bound on
 * waiting work, deadlines, and cancellation. It knows nothing of the tasks: the analytics library and
 * the style engine each give it the module of their own tasks (see createAnalyticsPool and the
 * engine's createStylePool).
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { deserializeError, AnalyticsError } from '../errors.js';
import { FairQueue } from './fair-queue.js';
import { assertKnownOptions } from '../quality/validate.js';
import type { PoolRequest, PoolResponse, TaskSignatures } from './protocol.js';
import type { PoolCallOptions, SharedArgumentRef, TaskPool, TaskPoolOptions } from './types.js';

const DEFAULTS = Object.freeze({ maxQueue: 256, deadlineGraceMs: 2_000 });

/**
 * The file of a module a worker thread loads, found as Node finds `specifier` (a package's export,
 * e.g. '@styler-dev/analytics/pool/worker') from the module asking (`from`, its import.meta.url): worker
 * threads do not go through a TypeScript loader, and a package's exports name its built files
 * wherever it is installed, so no caller needs to know where its sources or built files lie.
 */
export function threadModule(specifier: string, from: string): URL {
  return pathToFileURL(createRequire(from).resolve(specifier));
}

/**
 * The built JavaScript file of a module, given as a path relative to the built file of the module
 * asking (`from`, its import.meta.url); a source file under src/ gives the built file under dist/.
 * @deprecated Use threadModule with a package export: this one knows a src/→dist/ layout. Removed in
 * the next release.
 */
export function builtModule(relativePath: string, from: string): URL {
  const url = new URL(relativePath, from);
  if (!from.endsWith('.ts')) return url;
  return new URL(url.href.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
}

/** A value as an error message names it: a string quoted, so `'2'` does not read as the number 2. */
function described(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'symbol' || typeof value === 'function') return `a ${typeof value}`;
  return JSON.stringify(value) ?? String(value);
}

const POOL_OPTIONS = [
  'taskModules',
  'threads',
  'maxQueue',
  'maxQueuePerTenant',
  'deadlineGraceMs',
  'tasksPerThread',
  'errorClasses',
  'onTaskSettled',
] as const satisfies ReadonlyArray<keyof TaskPoolOptions>;
const CALL_OPTIONS = [
  'signal',
  'endThreadOnAbort',
  'tenant',
  'deadline',
  'submittedAt',
] as const satisfies ReadonlyArray<keyof PoolCallOptions>;

/**
 * Deadlines are times (milliseconds since the epoch), and a duration passed as one (5000 for five
 * seconds) would fall in January 1970 and reject every call at once without saying why: any value
 * before this (2001-09-09) is taken for a duration and refused.
 */
const EARLIEST_DEADLINE = 1e12;

/** The call's deadline, checked: a finite time since the epoch, or Infinity for none. */
function validDeadline(deadline: unknown): number {
  if (deadline === undefined) return Infinity;
  if (typeof deadline !== 'number' || Number.isNaN(deadline)) {
    throw new TypeError(`deadline must be a time in milliseconds since the epoch, got ${described(deadline)}`);
  }
  if (deadline < EARLIEST_DEADLINE) {
    throw new RangeError(
      `deadline is a time in milliseconds since the epoch, not a duration: got ${deadline}; for ${deadline} ms from now pass Date.now() + ${deadline}`,
    );
  }
  return deadline;
}

function validateOptions(options: TaskPoolOptions): {
  threads: number;
  maxQueue: number;
  maxQueuePerTenant: number;
  deadlineGraceMs: number;
  tasksPerThread: 1 | 2;
} {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) {
    throw new RangeError(`threads must be an integer from 1 to 256, got ${described(options.threads)}`);
  }
  const maxQueue = options.maxQueue ?? DEFAULTS.maxQueue;
  if (!Number.isInteger(maxQueue) || maxQueue < 0) {
    throw new RangeError(`maxQueue must be a non-negative integer, got ${described(options.maxQueue)}`);
  }
  const maxQueuePerTenant = options.maxQueuePerTenant ?? maxQueue;
  if (!Number.isInteger(maxQueuePerTenant) || maxQueuePerTenant < 0) {
    throw new RangeError(
      `maxQueuePerTenant must be a non-negative integer, got ${described(options.maxQueuePerTenant)}`,
    );
  }
  const deadlineGraceMs = options.deadlineGraceMs ?? DEFAULTS.deadlineGraceMs;
  if (!Number.isInteger(deadlineGraceMs) || deadlineGraceMs < 0) {
    throw new RangeError(`deadlineGraceMs must be a non-negative integer, got ${described(options.deadlineGraceMs)}`);
  }
  const tasksPerThread = options.tasksPerThread ?? 1;
  if (tasksPerThread !== 1 && tasksPerThread !== 2) {
    throw new RangeError(`tasksPerThread must be 1 or 2, got ${described(options.tasksPerThread)}`);
  }
  return { threads, maxQueue, maxQueuePerTenant, deadlineGraceMs, tasksPerThread };
}

/**
 * How long a tenant whose last task just ended keeps a thread free for its next one. A request
 * makes its calls one after another (restyle, then quality), and a user sends the next request
 * when the last is answered: without the hold, another tenant's waiting task takes the thread in
 * between, and every call of the request waits behind a task of the flood again.
 */
const HOLD_MS = 10;

/** A task waiting for a thread: `start` hands it one, `fail` turns it away. */
interface Waiter {
  readonly tenant: string;
  start(): void;
  fail(error: unknown): void;
}

/**
 * A Piscina pool whose threads load `options.taskModules` and run their tasks by name. Tasks wait in
 * a fair queue (per tenant, round robin) and go to Piscina only when a thread is free. A full queue
 * rejects at once with a `rate_limited` AnalyticsError instead of queueing without bound; a task past
 * its deadline rejects with `time_budget_exceeded`, and one that keeps running past it has its thread
 * ended.
 */
export function createTaskPool<Tasks extends TaskSignatures = TaskSignatures>(
  options: TaskPoolOptions,
): TaskPool<Tasks> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  assertKnownOptions(options, POOL_OPTIONS, 'pool option');
  const taskModules = options.taskModules;
  if (!Array.isArray(taskModules) || taskModules.length === 0 || !taskModules.every((m) => m instanceof URL)) {
    throw new TypeError('options.taskModules must be a non-empty array of URLs');
  }
  const { threads, maxQueue, maxQueuePerTenant, deadlineGraceMs, tasksPerThread } = validateOptions(options);
  const { onTaskSettled, errorClasses = [] } = options;
  if (!Array.isArray(errorClasses) || !errorClasses.every((c) => typeof c === 'function')) {
    throw new TypeError('options.errorClasses must be an array of error classes');
  }
  const piscina = new Piscina<PoolRequest, PoolResponse>({
    filename: threadModule('@styler-dev/analytics/pool/worker', import.meta.url).href,
    workerData: { taskModules: taskModules.map((url) => url.href) },
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    // With 2, Piscina never puts a task beside one that can be aborted (one with a deadline), so
    // ending a thread for a deadline never takes another task with it.
    concurrentTasksPerWorker: tasksPerThread,
    // Threads wait for tasks without blocking their event loop, so their idle heap release can run.
    atomics: 'async',
  });
  const capacity = threads * tasksPerThread;
  const waiting = new FairQueue<Waiter>();
  let running = 0;
  let closed = false;
  /** Slots each tenant holds. */
  const runningBy = new Map<string, number>();
  /** Tenants holding no slot and waiting for none whose last task just ended, until when (performance.now()). */
  const holds = new Map<string, number>();
  let holdTimer: NodeJS.Timeout | undefined;

  /** Slots kept free for tenants on hold: never every slot, so waiting work always moves. */
  function heldSlots(now: number): number {
    for (const [tenant, until] of holds) if (until <= now) holds.delete(tenant);
    return Math.min(holds.size, capacity - 1);
  }

  function take(tenant: string): void {
    running += 1;
    runningBy.set(tenant, (runningBy.get(tenant) ?? 0) + 1);
  }

  function dispatch(): void {
    const now = performance.now();
    let free = capacity - running - heldSlots(now);
    while (free > 0 && waiting.size > 0) {
      // The tenant holding the fewest threads goes first (round robin among equals).
      const next = waiting.shift((tenant) => runningBy.get(tenant) ?? 0)!;
      take(next.tenant);
      next.start();
      free -= 1;
    }
    // Slots left free for a hold go to the waiting tasks when it ends.
    if (waiting.size > 0 && running < capacity && holds.size > 0 && holdTimer === undefined) {
      const until = Math.min(...holds.values());
      holdTimer = setTimeout(
        () => {
          holdTimer = undefined;
          dispatch();
        },
        Math.max(0, until - now),
      );
      holdTimer.unref();
    }
  }

  function release(tenant: string): void {
    running -= 1;
    const held = runningBy.get(tenant)! - 1;
    if (held > 0) runningBy.set(tenant, held);
    else {
      runningBy.delete(tenant);
      if (waiting.sizeOf(tenant) === 0 && !closed) holds.set(tenant, performance.now() + HOLD_MS);
    }
    dispatch();
  }

  /**
   * What a call rejects with when the trip to a thread failed: the caller's own abort reason as it
   * is; a value a thread cannot be sent (a symbol, a function) as a TypeError, as a direct call would
   * refuse it; the pool closing under the task as `pool_closed`; anything else unchanged.
   */
  function threadError(error: unknown, method: string, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted && error === signal.reason) return error;
    if (error instanceof Error && error.name === 'DataCloneError') {
      return new TypeError(`the arguments of ${method} cannot be sent to a pool thread: ${error.message}`);
    }
    if (closed && !(error instanceof AnalyticsError)) {
      return new AnalyticsError('pool_closed', undefined, { cause: error });
    }
    return error;
  }

  /** Resolves once the task holds a thread (counted in `running`); rejects if turned away while waiting. */
  function acquire(tenant: string, order: number, signal: AbortSignal | undefined, deadline: number): Promise<void> {
    // A tenant on hold takes the slot kept for it; anyone else a slot nobody waits or holds for.
    const onHold = holds.delete(tenant);
    if (running < capacity && (onHold || (waiting.size === 0 && running + heldSlots(performance.now()) < capacity))) {
      take(tenant);
      return Promise.resolve();
    }
    if (waiting.size >= maxQueue || waiting.sizeOf(tenant) >= maxQueuePerTenant) {
      return Promise.reject(new AnalyticsError('rate_limited'));
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        tenant,
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
        timer = setTimeout(() => waiter.fail(new AnalyticsError('time_budget_exceeded')), deadline - Date.now());
        timer.unref();
      }
      waiting.push(tenant, waiter, order);
      // Slots kept for a hold come to this task when the hold ends.
      dispatch();
    });
  }

  /**
   * Runs the task on a thread; past the deadline and its grace, or when `stop` fires, aborting it
   * ends that thread (Piscina runs an abortable task alone on its thread, so no other task goes too).
   */
  async function runOnThread(request: PoolRequest, deadline: number, stop?: AbortSignal): Promise<PoolResponse> {
    if (!Number.isFinite(deadline) && stop === undefined) return piscina.run(request);
    const controller = new AbortController();
    const timer = Number.isFinite(deadline)
      ? setTimeout(
          () => controller.abort(new AnalyticsError('time_budget_exceeded')),
          deadline - Date.now() + deadlineGraceMs,
        )
      : undefined;
    const onStop = (): void => controller.abort(stop?.reason);
    stop?.addEventListener('abort', onStop, { once: true });
    try {
      return await piscina.run(request, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
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
    stop: AbortSignal | undefined,
  ): Promise<PoolResponse> {
    if (shared === undefined) return runOnThread({ method, args }, deadline, stop);
    const placeholder = [...args];
    placeholder[shared.index] = null;
    const withValue = { method, args: placeholder, shared: { ...shared, value: args[shared.index] } };
    const sent = sentWithValue.get(shared.key) ?? 0;
    if (sent < threads) {
      if (sentWithValue.size >= 1_024) sentWithValue.clear();
      sentWithValue.set(shared.key, sent + 1);
      return runOnThread(withValue, deadline, stop);
    }
    const first = await runOnThread({ method, args: placeholder, shared: { ...shared } }, deadline, stop);
    if (first.ok || !('missing' in first)) return first;
    return runOnThread(withValue, deadline, stop);
  }

  async function call<T>(
    method: string,
    args: unknown[],
    options: PoolCallOptions = {},
    shared?: SharedArgumentRef,
  ): Promise<T> {
    if (closed) throw new AnalyticsError('pool_closed', 'The worker pool is closed.');
    if (typeof options !== 'object' || options === null) throw new TypeError('call options must be an object');
    assertKnownOptions(options, CALL_OPTIONS, 'call option');
    const { signal, tenant = '', submittedAt = Date.now(), endThreadOnAbort = false } = options;
    const deadline = validDeadline(options.deadline);
    signal?.throwIfAborted();
    if (Date.now() >= deadline) throw new AnalyticsError('time_budget_exceeded');
    const called = performance.now();
    await acquire(tenant, submittedAt, signal, deadline);
    // The signal may have fired while the task got its thread.
    if (signal?.aborted) {
      release(tenant);
      throw signal.reason;
    }
    const started = performance.now();
    const task = runShared(method, args, shared, deadline, endThreadOnAbort ? signal : undefined);
    const settled = (): void => {
      release(tenant);
      onTaskSettled?.({ method, tenant, waitedMs: started - called, ranMs: performance.now() - started });
    };
    void task.then(settled, settled);
    let response: PoolResponse;
    try {
      response = await unlessAborted(task, signal);
    } catch (error) {
      throw threadError(error, method, signal);
    }
    if (!response.ok) {
      if ('missing' in response) throw new AnalyticsError('internal', 'A pool thread lost a shared argument.');
      throw deserializeError(response.error, errorClasses);
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
      clearTimeout(holdTimer);
      holds.clear();
      const error = new AnalyticsError('pool_closed', 'The worker pool was closed before the task had a thread.');
      for (let waiter = waiting.shift(); waiter; waiter = waiting.shift()) waiter.fail(error);
      // Running tasks finish (each bounded by its deadline) before the threads end.
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
