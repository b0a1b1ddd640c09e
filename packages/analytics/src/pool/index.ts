/**
 * The analytics library's worker pool: analyzeText, buildGroundTruth, qualityAnalytics and attribute off the
 * event loop, with the same results as the direct calls, on the generic task pool.
 */
import type { QualityAnalytics } from '../analytics/quality-types.js';
import { builtModule, createTaskPool, extendPool } from './task-pool.js';
import type { GroundTruth } from '../analytics/ground-truth-types.js';
import type { TextFeatures } from '../analytics/features.js';
import type { AttributeOptions, Attribution } from '../analytics/authorship/index.js';
import type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, QualityInput } from './types.js';

export { builtModule, createTaskPool, extendPool } from './task-pool.js';
export type { TaskTable } from './protocol.js';
export type {
  AnalyticsPool,
  AnalyticsPoolOptions,
  PoolCallOptions,
  QualityInput,
  TaskPool,
  TaskPoolOptions,
} from './types.js';

/** The module of the analytics tasks, as pool threads load it. */
export const ANALYTICS_TASKS = builtModule('./analytics-tasks.js', import.meta.url);

/**
 * A ground truth without its ROUGE references, for calls that do not use them: the references are
 * most of its size, and copying them to the worker thread on every call was most of the pool's
 * overhead. Anything malformed is passed as it is, for the worker to reject.
 */
export function withoutReferences<T>(groundTruth: T): T {
  if (typeof groundTruth !== 'object' || groundTruth === null) return groundTruth;
  if (!Array.isArray((groundTruth as { rouge?: unknown }).rouge)) return groundTruth;
  return { ...groundTruth, rouge: [] };
}

/** qualityAnalytics' input as the worker needs it: the references only when ROUGE is asked for. */
function slimQualityInput(input: QualityInput): QualityInput {
  if (typeof input !== 'object' || input === null || input.includeRouge === true) return input;
  return { ...input, groundTruth: withoutReferences(input.groundTruth) };
}

/**
 * A worker pool for the analytics calls. `taskModules` adds modules of other tasks (the style
 * engine's, for one), which `run` calls by name.
 */
export function createAnalyticsPool(options: AnalyticsPoolOptions = {}): AnalyticsPool {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const pool = createTaskPool({ ...options, taskModules: [ANALYTICS_TASKS, ...(options.taskModules ?? [])] });
  return extendPool(pool, {
    analyzeText: (text: string, call?: PoolCallOptions) => pool.run<TextFeatures>('analyzeText', [text], call),
    buildGroundTruth: (documents: string[], call?: PoolCallOptions) =>
      pool.run<GroundTruth>('buildGroundTruth', [documents], call),
    qualityAnalytics: (input: QualityInput, call?: PoolCallOptions) =>
      pool.run<QualityAnalytics>('qualityAnalytics', [slimQualityInput(input)], call),
    attribute: (
      text: string,
      candidates: Record<string, GroundTruth>,
      options?: AttributeOptions,
      call?: PoolCallOptions,
    ) => {
      const slim =
        typeof candidates === 'object' && candidates !== null
          ? Object.fromEntries(Object.entries(candidates).map(([name, truth]) => [name, withoutReferences(truth)]))
          : candidates;
      return pool.run<Attribution>('attribute', options === undefined ? [text, slim] : [text, slim, options], call);
    },
  });
}
