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
  /** Tasks that may wait for a thread before calls reject with a `rate_limited` StylerError; default 256. */
  maxQueue?: number;
}

/** Per-call options: aborting removes a queued task, or ends the worker thread running it. */
export interface PoolCallOptions {
  signal?: AbortSignal;
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
  readonly threads: number;
  close(): Promise<void>;
}
