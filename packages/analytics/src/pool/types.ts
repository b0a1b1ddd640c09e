import type { TaskSignatures } from './protocol.js';
import type { GroundTruth } from '../metrics/ground-truth-types.js';
import type { AttributeOptions, Attribution } from '../metrics/authorship/index.js';
import type { QualityAnalytics } from '../metrics/quality-types.js';
import type { QualityAnalyticsInput, QualityAnalyticsWithRouge } from '../quality/index.js';
import type { TextFeatures } from '../vocabulary/features.js';
import type { CodedErrorClass } from '../errors.js';

/** Options of the generic task pool. */
export interface TaskPoolOptions {
  /** Built modules (ESM) each exporting `tasks`: functions by name that `run` calls on a thread. */
  taskModules: URL[];
  /** Worker threads; default: available parallelism. */
  threads?: number;
  /** Tasks that may wait for a thread before calls reject with a `rate_limited` AnalyticsError; default 256; 0: none wait. */
  maxQueue?: number;
  /** Tasks one tenant may have waiting (so one tenant cannot fill the queue); default `maxQueue`. */
  maxQueuePerTenant?: number;
  /**
   * How long past its deadline a running task may go on before its thread is ended (restyle stops by
   * itself at the deadline; the other calls cannot); default 2,000 ms.
   */
  deadlineGraceMs?: number;
  /**
   * Tasks handed to a thread at once: 1 (default) gives a thread a task only when it is free, so a
   * task never waits behind another on a busy thread and tenants keep their turns; 2 hands each
   * thread its next task too, which hides the round trip between tasks (a few per cent more calls
   * per second on small tasks) for single-user batch work such as the research commands.
   */
  tasksPerThread?: 1 | 2;
  /**
   * The task modules' own error classes, which a task's error comes back as (matched by class name,
   * rebuilt from code and message). AnalyticsError, TypeError and RangeError always do; any other error
   * comes back as a AnalyticsError `internal` with its message.
   */
  errorClasses?: CodedErrorClass[];
  /** Called as each task that held a thread settles (per-tenant metrics, benches); must not throw. */
  onTaskSettled?: (event: TaskSettledEvent) => void;
}

/** One task's time in the pool, as given to TaskPoolOptions.onTaskSettled. */
export interface TaskSettledEvent {
  method: string;
  tenant: string;
  /** Milliseconds from the call until the task held a thread. */
  waitedMs: number;
  /** Milliseconds the task held its thread. */
  ranMs: number;
}

/** Which argument of a call the threads keep, and its key (sharedKey). */
export interface SharedArgumentRef {
  index: number;
  key: string;
}

/**
 * Per-call options. Aborting rejects the call at once and removes it if it is still queued; a task
 * already running finishes on its thread (bounded by its deadline) and its result is dropped, unless
 * `endThreadOnAbort` is set.
 */
export interface PoolCallOptions {
  signal?: AbortSignal;
  /**
   * Aborting a running task ends the thread running it, freeing the thread at once (a new one starts
   * in its place, which costs a second or more of model loading): for long work a user cancels, such
   * as a fit, not for requests whose clients merely go away. Default: false.
   */
  endThreadOnAbort?: boolean;
  /**
   * Who the task is for (e.g. an organization id). Tenants take turns for free threads, so one
   * tenant's burst queues behind its own tasks. Default: one shared tenant.
   */
  tenant?: string;
  /**
   * Milliseconds since the epoch by which the task must be done: waiting past it, or running past it
   * (restyle stops itself; other tasks have their thread ended shortly after), rejects with a
   * `time_budget_exceeded` AnalyticsError. Default: none.
   */
  deadline?: number;
  /** When the request this task serves arrived (ms since the epoch): a tenant's oldest requests go first. Default: now. */
  submittedAt?: number;
}

/**
 * A Piscina worker pool: named tasks off the event loop, shared fairly, bounded, with deadlines.
 * `Tasks` are the signatures of the tasks its threads load, so each call is checked against its task.
 */
export interface TaskPool<Tasks extends TaskSignatures = TaskSignatures> {
  /**
   * Runs the task `method` of the pool's task modules with `args` (structured-cloned) on a thread.
   * With `shared`, argument `shared.index` is sent to each thread once and named by `shared.key`
   * after that (see sharedKey): a large, unchanging argument is not cloned on every call.
   */
  run<M extends keyof Tasks & string>(
    method: M,
    args: Parameters<Tasks[M]>,
    call?: PoolCallOptions,
    shared?: SharedArgumentRef,
  ): Promise<Awaited<ReturnType<Tasks[M]>>>;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  /** Tasks given to a thread: the one it runs and the one next in line on it (at most two per thread). */
  readonly running: number;
  readonly threads: number;
  close(): Promise<void>;
}

/** Options of createAnalyticsPool: the task pool's, with the analytics tasks always loaded. */
export type AnalyticsPoolOptions = Omit<TaskPoolOptions, 'taskModules'> & {
  /** Modules of further tasks (e.g. the style engine's) for `run`. */
  taskModules?: URL[];
};

/**
 * The analytics library's calls on a task pool (whose threads may load `Extra` tasks too). `run`
 * calls the `Extra` tasks only: the analytics tasks are the named methods.
 */
export interface AnalyticsPool<Extra extends TaskSignatures = Record<never, never>> extends TaskPool<Extra> {
  analyzeText(text: string, call?: PoolCallOptions): Promise<TextFeatures>;
  buildGroundTruth(documents: string[], call?: PoolCallOptions): Promise<GroundTruth>;
  qualityAnalytics(
    input: QualityAnalyticsInput & { includeRouge: true },
    call?: PoolCallOptions,
  ): Promise<QualityAnalyticsWithRouge>;
  qualityAnalytics(input: QualityAnalyticsInput, call?: PoolCallOptions): Promise<QualityAnalytics>;
  /**
   * attribute on a thread; the candidates travel once to each thread (a shared argument, by the
   * object's identity: do not change it afterwards) and without their ROUGE references.
   */
  attribute(
    text: string,
    candidates: Record<string, GroundTruth>,
    options?: AttributeOptions,
    call?: PoolCallOptions,
  ): Promise<Attribution>;
}
