/**
 * The style engine on the worker pool: the analytics calls plus fitStyle and restyle, with the same
 * results as the direct calls. Its threads load the engine's task module beside the analytics'.
 */
import {
  threadModule,
  createAnalyticsPool,
  extendPool,
  sharedKey,
  withoutReferences,
  type AnalyticsPool,
  type AnalyticsPoolOptions,
  type PoolCallOptions,
  type SharedArgumentRef,
} from '@styler-dev/analytics/pool';
import { ProviderError } from '../providers/index.js';
import type { MeasuredRestyle } from './restyle-measured.js';
import { StyleError } from './style-error.js';
import type { FitStyleOptions, RestyleOptions, StyleModel } from './types.js';
import type { StyleTasks } from './pool-tasks.js';

/** The worker pool of the style engine: the analytics calls and the engine's own. */
export interface StylePool extends AnalyticsPool<StyleTasks> {
  fitStyle(documents: string[], options?: FitStyleOptions, call?: PoolCallOptions): Promise<StyleModel>;
  restyle(text: string, model: StyleModel, options?: RestyleOptions, call?: PoolCallOptions): Promise<string>;
  /** restyleWithQuality: the restyle and its quality analytics in one task, each text analysed once. */
  restyleWithQuality(
    text: string,
    model: StyleModel,
    options?: RestyleOptions,
    includeRouge?: boolean,
    call?: PoolCallOptions,
  ): Promise<MeasuredRestyle>;
}

/** The module of the engine's tasks, as pool threads load it. */
const STYLE_TASKS = threadModule('@styler-dev/engine/pool-tasks', import.meta.url);

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
    // The engine's errors come back from its threads as themselves, not as internal AnalyticsErrors.
    errorClasses: [StyleError, ProviderError, ...(options.errorClasses ?? [])],
  });
  return extendPool(pool, {
    fitStyle: (documents: string[], fitOptions?: FitStyleOptions, call?: PoolCallOptions) =>
      pool.run('fitStyle', fitOptions === undefined ? [documents] : [documents, fitOptions], call),
    restyle: (text: string, model: StyleModel, restyleOptions?: RestyleOptions, call?: PoolCallOptions) => {
      const { args, shared } = restyleArgs(text, model, restyleOptions, call, false);
      return pool.run('restyle', args, call, shared);
    },
    restyleWithQuality: (
      text: string,
      model: StyleModel,
      restyleOptions?: RestyleOptions,
      includeRouge = false,
      call?: PoolCallOptions,
    ) => {
      const { args, shared } = restyleArgs(text, model, restyleOptions, call, includeRouge);
      return pool.run('restyleWithQuality', [args[0], args[1], args[2], includeRouge], call, shared);
    },
  });
}

/**
 * A restyle task's arguments: the call's deadline handed to the engine (which checks it itself and
 * stops cleanly; the thread-ending backstop is a last resort), and the model as a shared argument
 * (sent to each thread once, then by key: the API keeps the same parsed model object), without the
 * ROUGE references unless `withReferences` (ROUGE asked for): a key for each form.
 */
function restyleArgs(
  text: string,
  model: StyleModel,
  restyleOptions: RestyleOptions | undefined,
  call: PoolCallOptions | undefined,
  withReferences: boolean,
): { args: [string, StyleModel, RestyleOptions?]; shared: SharedArgumentRef | undefined } {
  const withDeadline =
    call?.deadline !== undefined && restyleOptions?.deadline === undefined
      ? { ...restyleOptions, deadline: call.deadline }
      : restyleOptions;
  const isObject = typeof model === 'object' && model !== null;
  const shared = isObject
    ? { index: 1, key: sharedKey(model, withReferences ? 'restyle-rouge' : 'restyle') }
    : undefined;
  const sent = withReferences ? model : slimStyleModel(model);
  return { args: withDeadline === undefined ? [text, sent] : [text, sent, withDeadline], shared };
}
