/** The base-model services Styler can call, and the environment variables that configure each one. */

/** Every service name `full_mode_options.base_model_service` accepts besides `'auto'`. */
export const BASE_MODEL_SERVICES = Object.freeze(['openai', 'ollama', 'openai-compatible'] as const);

/** One of `openai`, `ollama`, `openai-compatible`. */
export type BaseModelServiceName = (typeof BASE_MODEL_SERVICES)[number];

/** The environment variables of one service; `apiKey` is absent for services that take none. */
export interface BaseModelServiceEnvVars {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly models: string;
  /** Setting any one of these (non-empty) marks the service as configured. */
  readonly configuredBy: readonly string[];
}

/** Which variables configure which service (documented in docs/providers.md). */
export const BASE_MODEL_SERVICE_ENV_VARS: Readonly<Record<BaseModelServiceName, BaseModelServiceEnvVars>> =
  Object.freeze({
    openai: Object.freeze({
      baseUrl: 'OPENAI_BASE_URL',
      apiKey: 'OPENAI_API_KEY',
      models: 'OPENAI_MODELS',
      configuredBy: Object.freeze(['OPENAI_API_KEY']),
    }),
    ollama: Object.freeze({
      baseUrl: 'OLLAMA_BASE_URL',
      models: 'OLLAMA_MODELS',
      configuredBy: Object.freeze(['OLLAMA_BASE_URL', 'OLLAMA_MODELS']),
    }),
    'openai-compatible': Object.freeze({
      baseUrl: 'STYLER_LLM_BASE_URL',
      apiKey: 'STYLER_LLM_API_KEY',
      models: 'STYLER_LLM_MODELS',
      configuredBy: Object.freeze(['STYLER_LLM_BASE_URL']),
    }),
  });

/** True when `value` is exactly one of BASE_MODEL_SERVICES. */
export function isBaseModelServiceName(value: unknown): value is BaseModelServiceName {
  return typeof value === 'string' && (BASE_MODEL_SERVICES as readonly string[]).includes(value);
}

/** A sentence telling the user how to configure `service`, e.g. for a provider_not_configured error. */
export function howToConfigure(service: BaseModelServiceName): string {
  const vars = BASE_MODEL_SERVICE_ENV_VARS[service];
  const set = vars.configuredBy.join(' or ');
  return `set ${set} (or providers.${service} in the STYLER_CONFIG file)`;
}
