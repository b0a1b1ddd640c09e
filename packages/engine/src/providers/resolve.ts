/**
 * Picks the service for a full-mode request (`base_model`, `base_model_service`) and builds its
 * provider. The rules are documented in docs/providers.md.
 */
import { configuredServices, type ProviderConfig } from './config.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { ProviderError } from './provider-errors.js';
import {
  BASE_MODEL_SERVICE_ENV_VARS,
  BASE_MODEL_SERVICES,
  howToConfigure,
  isBaseModelServiceName,
  type BaseModelServiceName,
} from './services.js';
import type { ChatProvider } from './types.js';

/** What a full-mode request asks for. `service` is `base_model_service`; absent means `'auto'`. */
export interface ResolveChatProviderOptions {
  baseModel: string;
  service?: string;
}

/** The `base_model_service` value that lets Styler choose. */
export const AUTO_SERVICE = 'auto';

/** OpenAI's model families: gpt-4o, gpt-4.1, chatgpt-4o-latest, o1, o3-mini, o4-mini ... */
const OPENAI_MODEL_PATTERN = /^(gpt-|chatgpt-|o1|o3|o4)/i;

/** The provider_not_configured error of a configuration without any service: what to set, per service. */
export function noServiceConfigured(): ProviderError {
  const how = BASE_MODEL_SERVICES.map((name) => `${name}: ${howToConfigure(name)}`).join('; ');
  return new ProviderError('provider_not_configured', `No base model service is configured. ${how}.`);
}

/**
 * The service 'auto' picks for `baseModel`, first rule that applies:
 * 1. a configured service whose models list contains baseModel (default_service first, then BASE_MODEL_SERVICES order);
 * 2. the name pattern (serviceByNamePattern), if that service is configured;
 * 3. default_service; 4. the only configured service.
 * Throws provider_not_configured when nothing is configured, invalid_input when several are and
 * none of the rules decides.
 */
export function chooseService(baseModel: string, config: ProviderConfig): BaseModelServiceName {
  const configured = configuredServices(config);
  if (configured.length === 0) throw noServiceConfigured();
  const preference = config.defaultService
    ? [config.defaultService, ...configured.filter((name) => name !== config.defaultService)]
    : configured;
  const listing = preference.find((name) => config.services[name].models.includes(baseModel));
  if (listing) return listing;

  const byPattern = serviceByNamePattern(baseModel);
  if (byPattern && configured.includes(byPattern)) return byPattern;

  if (config.defaultService) return config.defaultService;
  if (configured.length === 1 && configured[0]) return configured[0];
  throw new ProviderError(
    'invalid_input',
    `Cannot tell which service serves base model '${baseModel}': ${configured.join(', ')} are configured. ` +
      `Set base_model_service, list the model in ${configured.map((name) => BASE_MODEL_SERVICE_ENV_VARS[name].models).join(' or ')}, ` +
      'or set STYLER_LLM_DEFAULT_SERVICE.',
  );
}

/**
 * The service a model name suggests, or undefined when the name says nothing: ft:* → openai;
 * any other ':' (llama3:8b) → ollama; gpt-*, chatgpt-*, o1*, o3*, o4* → openai;
 * a '/' (Qwen/Qwen2.5-7B-Instruct) → openai-compatible.
 */
export function serviceByNamePattern(baseModel: string): BaseModelServiceName | undefined {
  // OpenAI fine-tunes are named ft:<base>:<org>::<id>; every other ':' is an Ollama tag, checked
  // before the gpt- prefix because Ollama serves OpenAI's open-weight gpt-oss:20b.
  if (baseModel.startsWith('ft:')) return 'openai';
  if (baseModel.includes(':')) return 'ollama';
  if (OPENAI_MODEL_PATTERN.test(baseModel)) return 'openai';
  if (baseModel.includes('/')) return 'openai-compatible';
  return undefined;
}

/**
 * The provider for a full-mode request. `service` 'auto' or absent: see chooseService; a service
 * name (`openai`, `ollama`, `openai-compatible`, any case) must be configured.
 * Throws ProviderError: invalid_input for an empty baseModel or an unknown service name,
 * provider_not_configured (naming the env vars to set) for a named service that is not configured.
 */
export function resolveChatProvider(options: ResolveChatProviderOptions, config: ProviderConfig): ChatProvider {
  const { baseModel } = options;
  if (typeof baseModel !== 'string' || baseModel.trim() === '') {
    throw new ProviderError('invalid_input', 'base_model must be a non-empty string.');
  }
  const requested = options.service === undefined ? AUTO_SERVICE : options.service;
  if (typeof requested !== 'string') {
    throw new ProviderError('invalid_input', 'base_model_service must be a string.');
  }
  const wanted = requested.trim().toLowerCase();
  let service: BaseModelServiceName;
  if (wanted === AUTO_SERVICE) {
    service = chooseService(baseModel, config);
  } else if (isBaseModelServiceName(wanted)) {
    if (!config.services[wanted].configured) {
      throw new ProviderError(
        'provider_not_configured',
        `Base model service '${wanted}' is not configured: ${howToConfigure(wanted)}.`,
      );
    }
    service = wanted;
  } else {
    throw new ProviderError(
      'invalid_input',
      `Unknown base_model_service '${requested}'; use ${AUTO_SERVICE}, ${BASE_MODEL_SERVICES.join(', ')}.`,
    );
  }
  const settings = config.services[service];
  return createOpenAICompatibleProvider({
    name: service,
    baseUrl: settings.baseUrl,
    timeoutMs: config.timeoutMs,
    ...(settings.apiKey !== undefined && { apiKey: settings.apiKey }),
    // OpenAI's reasoning models (o1, o3, o4) reject max_tokens; its other models accept both.
    ...(service === 'openai' && { maxTokensParameter: 'max_completion_tokens' as const }),
  });
}
