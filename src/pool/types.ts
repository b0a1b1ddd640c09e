import type { GroundTruth } from '../analytics/ground-truth-types.js';
import type { QualityAnalytics } from '../analytics/quality-types.js';
import type { TextFeatures } from '../analytics/features.js';
import type { FitStyleOptions, RestyleOptions, StyleModel } from '../style/types.js';

export interface QualityInput {
  personalized: string;
  unpersonalized: string;
  groundTruth: GroundTruth;
  includeRouge?: boolean;
}

export interface AnalyticsPoolOptions {
  /** Worker threads; default: available parallelism. */
  threads?: number;
  /** Tasks that may wait for a thread before calls reject with a `rate_limited` StylerError; default 256; 0: none wait. */
  maxQueue?: number;
  /** Tasks one tenant may have waiting (so one tenant cannot fill the queue); default `maxQueue`. */
  maxQueuePerTenant?: number;
  /**
   * How long past its deadline a running task may go on before its thread is ended (restyle stops by
   * itself at the deadline; the other calls cannot); default 2,000 ms.
   */
  deadlineGraceMs?: number;
}

/**
 * Per-call options. Aborting rejects the call at once and removes it if it is still queued; a task
 * already running finishes on its thread (bounded by its deadline) and its result is dropped.
 */
export interface PoolCallOptions {
  signal?: AbortSignal;
  /**
   * Who the task is for (e.g. an organization id). Tenants take turns for free threads, so one
   * tenant's burst queues behind its own tasks. Default: one shared tenant.
   */
  tenant?: string;
  /**
   * Milliseconds since the epoch by which the task must be done: waiting past it, or running past it
   * (restyle stops itself; other tasks have their thread ended shortly after), rejects with a
   * `time_budget_exceeded` StylerError. Default: none.
   */
  deadline?: number;
  /** When the request this task serves arrived (ms since the epoch): a tenant's oldest requests go first. Default: now. */
  submittedAt?: number;
}

/** A Piscina worker pool running the analytics and style engine off the event loop. */
export interface AnalyticsPool {
  analyzeText(text: string, call?: PoolCallOptions): Promise<TextFeatures>;
  buildGroundTruth(documents: string[], call?: PoolCallOptions): Promise<GroundTruth>;
  qualityAnalytics(input: QualityInput, call?: PoolCallOptions): Promise<QualityAnalytics>;
  fitStyle(documents: string[], options?: FitStyleOptions, call?: PoolCallOptions): Promise<StyleModel>;
  restyle(text: string, model: StyleModel, options?: RestyleOptions, call?: PoolCallOptions): Promise<string>;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  /** Tasks given to a thread: the one it runs and the one next in line on it (at most two per thread). */
  readonly running: number;
  readonly threads: number;
  close(): Promise<void>;
}
