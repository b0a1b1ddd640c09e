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

/** A Piscina worker pool running the analytics and style engine off the event loop. */
export interface AnalyticsPool {
  analyzeText(text: string): Promise<TextFeatures>;
  buildGroundTruth(documents: string[]): Promise<GroundTruth>;
  qualityAnalytics(input: QualityInput): Promise<QualityAnalytics>;
  fitStyle(documents: string[], options?: FitStyleOptions): Promise<StyleModel>;
  restyle(text: string, model: StyleModel, options?: RestyleOptions): Promise<string>;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  readonly threads: number;
  close(): Promise<void>;
}
