/**
 * The LLM that writes for a style model when the request names none: the one its fine-tuning job
 * names, else the configured default. Chat completions and rewrite mode choose it the same way.
 */
import { BASE_MODEL_SERVICE_ENV_VARS, BASE_MODEL_SERVICES, type ProviderConfig } from '@styler-dev/engine/providers';
import type { StylerStore } from '../store/index.js';
import { DEFAULT_BASE_MODEL } from './representations.js';

/** The variables that list a service's models, for messages that say what to set. */
export const MODEL_LIST_VARIABLES = BASE_MODEL_SERVICES.map((name) => BASE_MODEL_SERVICE_ENV_VARS[name].models).join(
  ', ',
);

/**
 * The base model of `modelName`: its job's `base_model` (unless the job left it to the service),
 * else STYLER_LLM_REWRITE_MODEL, else the first model listed for a configured service (the default
 * service first). Undefined when none of them names one.
 */
export async function defaultBaseModel(
  store: Pick<StylerStore, 'models' | 'jobs'>,
  config: ProviderConfig,
  organizationId: string,
  modelName: string,
): Promise<string | undefined> {
  const model = await store.models.get(organizationId, modelName);
  const job = model && (await store.jobs.get(organizationId, model.jobId));
  if (job?.baseModel && job.baseModel !== DEFAULT_BASE_MODEL) return job.baseModel;
  if (config.rewriteModel) return config.rewriteModel;
  const services = config.defaultService ? [config.defaultService, ...BASE_MODEL_SERVICES] : BASE_MODEL_SERVICES;
  const listed = services
    .map((name) => config.services[name])
    .find((service) => service.configured && service.models.length > 0);
  return listed?.models[0];
}
