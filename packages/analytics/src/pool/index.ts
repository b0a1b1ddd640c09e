/**
 * The analytics library's worker pool: analyzeText, buildGroundTruth, qualityAnalytics and attribute off the
 * event loop, with the same results as the direct calls, on the generic task pool.
 */
import type { QualityAnalytics } from '../metrics/quality-types.js';
import { createTaskPool, extendPool, sharedKey, threadModule } from './task-pool.js';
import type { GroundTruth } from '../metrics/ground-truth-types.js';
import type { TextFeatures } from '../vocabulary/features.js';
import type { AttributeOptions } from '../metrics/authorship/index.js';
import type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, TaskPool } from './types.js';
import type { QualityAnalyticsInput } from '../quality/index.js';
import type { AnalyticsTasks } from './analytics-tasks.js';
import type { TaskSignatures } from './protocol.js';

export { builtModule, createTaskPool, extendPool, sharedKey, threadModule } from './task-pool.js';
export type { TaskRequest, TaskSignatures, TaskTable } from './protocol.js';
export type { AnalyticsTasks } from './analytics-tasks.js';
export type { CodedErrorClass } from '../errors.js';
export type {
  AnalyticsPool,
  AnalyticsPoolOptions,
  PoolCallOptions,
  SharedArgumentRef,
  TaskPool,
  TaskPoolOptions,
  TaskSettledEvent,
} from './types.js';

/** The module of the analytics tasks, as pool threads load it. */
export const ANALYTICS_TASKS = threadModule('@styler-dev/analytics/pool/analytics-tasks', import.meta.url);

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

/**
 * qualityAnalytics on a thread. The ground truth goes as a shared argument (sent to each thread
 * once, then named by key: see sharedKey), without its references unless ROUGE is asked for.
 */
function runQuality(
  pool: TaskPool<AnalyticsTasks>,
  input: QualityAnalyticsInput,
  call?: PoolCallOptions,
): Promise<QualityAnalytics> {
  if (
    typeof input !== 'object' ||
    input === null ||
    typeof input.groundTruth !== 'object' ||
    input.groundTruth === null
  ) {
    // Let the task report what is wrong with it.
    return pool.run('qualityAnalytics', [input], call);
  }
  const { groundTruth, ...rest } = input;
  const rouge = input.includeRouge === true;
  const sent = rouge ? groundTruth : withoutReferences(groundTruth);
  return pool.run('qualityAgainst', [rest, sent], call, {
    index: 1,
    key: sharedKey(groundTruth, rouge ? 'ground truth' : 'ground truth without references'),
  });
}

/**
 * The analytics module's task names (`tasks` of analytics-tasks.ts, which a test holds this to):
 * named here so the main thread need not load the module, and refused by `run`, which is for the
 * caller's own tasks; some of these (qualityAgainst) take arguments only the methods prepare.
 */
export const ANALYTICS_TASK_NAMES: ReadonlySet<string> = new Set([
  'analyzeText',
  'buildGroundTruth',
  'qualityAnalytics',
  'qualityAgainst',
  'attribute',
  'styleDistance',
]);

/** Candidates without their ROUGE references, by the caller's object (which must not change). */
const slimCandidates = new WeakMap<object, Record<string, GroundTruth>>();

/**
 * A worker pool for the analytics calls. `taskModules` adds modules of other tasks (the style
 * engine's, for one), which `run` calls by name.
 */
export function createAnalyticsPool<Extra extends TaskSignatures = Record<never, never>>(
  options: AnalyticsPoolOptions = {},
): AnalyticsPool<Extra> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  // Typed here by the analytics tasks alone; the caller's Extra tasks are its own to call.
  const pool = createTaskPool<AnalyticsTasks>({
    ...options,
    taskModules: [ANALYTICS_TASKS, ...(options.taskModules ?? [])],
  });
  const analytics = extendPool(pool, {
    run: ((method: string, ...rest: unknown[]) => {
      if (ANALYTICS_TASK_NAMES.has(method)) {
        throw new TypeError(
          `${method} is an analytics task: call the pool's own method (analyzeText, buildGroundTruth, qualityAnalytics, attribute); run() is for the task modules you add`,
        );
      }
      return (pool.run as (method: string, ...rest: unknown[]) => Promise<unknown>)(method, ...rest);
    }) as TaskPool['run'],
    analyzeText: (text: string, call?: PoolCallOptions): Promise<TextFeatures> => pool.run('analyzeText', [text], call),
    buildGroundTruth: (documents: string[], call?: PoolCallOptions) => pool.run('buildGroundTruth', [documents], call),
    qualityAnalytics: (input: QualityAnalyticsInput, call?: PoolCallOptions) => runQuality(pool, input, call),
    attribute: (
      text: string,
      candidates: Record<string, GroundTruth>,
      options?: AttributeOptions,
      call?: PoolCallOptions,
    ) => {
      if (typeof candidates !== 'object' || candidates === null) {
        // Let the task report what is wrong with it.
        return pool.run('attribute', [text, candidates], call);
      }
      // The candidates go once to each thread (a shared argument), without their ROUGE references.
      let slim = slimCandidates.get(candidates);
      if (slim === undefined) {
        slim = Object.fromEntries(Object.entries(candidates).map(([name, truth]) => [name, withoutReferences(truth)]));
        slimCandidates.set(candidates, slim);
      }
      const args: [string, Record<string, GroundTruth>, AttributeOptions?] =
        options === undefined ? [text, slim] : [text, slim, options];
      return pool.run('attribute', args, call, { index: 1, key: sharedKey(candidates, 'candidates') });
    },
  });
  return analytics as unknown as AnalyticsPool<Extra>;
}
