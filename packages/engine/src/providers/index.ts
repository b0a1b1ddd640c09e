/** The provider layer's public API: configuration, base-model service resolution and the OpenAI-compatible client. */
export type { ChatChoice, ChatMessage, ChatProvider, ChatRequest, ChatResult, ChatUsage } from './types.js';
export {
  BASE_MODEL_SERVICE_ENV_VARS,
  BASE_MODEL_SERVICES,
  isBaseModelServiceName,
  type BaseModelServiceEnvVars,
  type BaseModelServiceName,
} from './services.js';
export {
  PROVIDER_DEFAULTS,
  configuredServices,
  loadProviderConfig,
  type ProviderConfig,
  type BaseModelServiceConfig,
} from './config.js';
export { createOpenAICompatibleProvider, type OpenAICompatibleProviderOptions } from './openai-compatible.js';
export { ProviderError, type ProviderErrorCode } from './provider-errors.js';
export {
  AUTO_SERVICE,
  chooseService,
  noServiceConfigured,
  resolveChatProvider,
  serviceByNamePattern,
  type ResolveChatProviderOptions,
} from './resolve.js';
export { MAX_CHOICES, MAX_TEMPERATURE, type MaxTokensParameter } from './wire.js';
