/** The provider layer's public API: configuration, service resolution and the OpenAI-compatible client. */
export type { ChatMessage, ChatProvider, ChatRequest, ChatResult, ChatUsage } from './types.js';
export { SERVICE_ENV_VARS, SERVICE_NAMES, isServiceName, type ServiceEnvVars, type ServiceName } from './services.js';
export {
  PROVIDER_DEFAULTS,
  configuredServices,
  loadProviderConfig,
  type ProviderConfig,
  type ServiceConfig,
} from './config.js';
export { createOpenAICompatibleProvider, type OpenAICompatibleProviderOptions } from './openai-compatible.js';
export {
  AUTO_SERVICE,
  chooseService,
  resolveChatProvider,
  serviceByNamePattern,
  type ResolveChatProviderOptions,
} from './resolve.js';
export { MAX_TEMPERATURE, type MaxTokensParameter } from './wire.js';
