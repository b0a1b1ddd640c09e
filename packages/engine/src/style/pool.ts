/**
 * The style engine on the worker pool: the analytics calls plus fitStyle and restyle, with the same
 * results as the direct calls. Its threads load the engine's task module beside the analytics'.
 */
import {
  builtModule,
  createAnalyticsPool,
  extendPool,
  sharedKey,
  withoutReferences,
  type AnalyticsPool,
  type AnalyticsPoolOptions,
  type PoolCallOptions,
} from '@styler/analytics/pool';
import type { FitStyleOptions, RestyleOptions, StyleModel } from './types.js';
import type { StyleTasks } from './pool-tasks.js';

/** The worker pool of the style engine: the analytics calls and the engine's own. */
export interface StylePool extends AnalyticsPool<StyleTasks> {
  fitStyle(documents: string[], options?: FitStyleOptions, call?: PoolCallOptions): Promise<StyleModel>;
  restyle(text: string, model: StyleModel, options?: RestyleOptions, call?: PoolCallOptions): Promise<string>;
}

/** The module of the engine's tasks, as pool threads load it. */
const STYLE_TASKS = builtModule('./pool-tasks.js', import.meta.url);

/** A style model as restyle needs it: restyle measures against the ground truth's features only. */
function slimStyleModel(model: StyleModel): StyleModel {
  if (typeof model !== 'object' || model === null) return model;
  return { ...model, groundTruth: withoutReferences(model.groundTruth) };
}

/** A worker pool for the analytics and the style engine (options as createAnalyticsPool's). */
export function createStylePool(options: AnalyticsPoolOptions = {}): StylePool {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const pool = createAnalyticsPool<StyleTasks>({
    ...options,
    taskModules: [STYLE_TASKS, ...(options.taskModules ?? [])],
  });
  return extendPool(pool, {
    fitStyle: (documents: string[], fitOptions?: FitStyleOptions, call?: PoolCallOptions) =>
      pool.run('fitStyle', fitOptions === undefined ? [documents] : [documents, fitOptions], call),
    restyle: (text: string, model: StyleModel, restyleOptions?: RestyleOptions, call?: PoolCallOptions) => {
      // The engine checks the deadline itself and stops cleanly; the thread-ending backstop is a last resort.
      const withDeadline =
        call?.deadline !== undefined && restyleOptions?.deadline === undefined
          ? { ...restyleOptions, deadline: call.deadline }
          : restyleOptions;
      // The model goes to each thread once, then by key (the API keeps the same parsed model object).
      const shared =
        typeof model === 'object' && model !== null ? { index: 1, key: sharedKey(model, 'restyle') } : undefined;
      const slim = slimStyleModel(model);
      const args: [string, StyleModel, RestyleOptions?] =
        withDeadline === undefined ? [text, slim] : [text, slim, withDeadline];
      return pool.run('restyle', args, call, shared);
    },
  });
}
