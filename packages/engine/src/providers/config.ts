/**
 * Provider configuration: which base-model services are usable, where they live and how long to
 * wait for them. Built from the environment, optionally layered over a JSON file (env wins).
 */
import { readProviderConfigFile, type FileValue, type ProviderFileSettings } from './config-file.js';
import {
  BASE_MODEL_SERVICE_ENV_VARS,
  BASE_MODEL_SERVICES,
  howToConfigure,
  isBaseModelServiceName,
  type BaseModelServiceName,
} from './services.js';

/** The one place provider defaults live. */
export const PROVIDER_DEFAULTS = Object.freeze({
  baseUrls: Object.freeze({
    openai: 'https://api.openai.com/v1',
    ollama: 'http://127.0.0.1:11434/v1',
    // No sensible default: an OpenAI-compatible server is wherever the user runs it.
    'openai-compatible': undefined,
  } satisfies Record<BaseModelServiceName, string | undefined>),
  /** Per request (complete) or per silence between streamed chunks, milliseconds. */
  timeoutMs: 120_000,
  /** Rewrite mode asks a configured LLM first; without a configured service it has nothing to ask. */
  llmRewrite: true,
});

/** The largest timeout setTimeout can honour (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** One service after merging file and environment. */
export interface BaseModelServiceConfig {
  readonly name: BaseModelServiceName;
  /** True when the user set the variable(s) that enable this service (see BASE_MODEL_SERVICE_ENV_VARS). */
  readonly configured: boolean;
  /** http(s) URL without a trailing slash, e.g. `https://api.openai.com/v1`; empty when unknown. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** Model names the user says this service serves; used by 'auto' resolution. May be empty. */
  readonly models: readonly string[];
}

/** Everything the provider layer needs; deeply frozen. */
export interface ProviderConfig {
  readonly services: Readonly<Record<BaseModelServiceName, BaseModelServiceConfig>>;
  /** Service 'auto' falls back to when no rule picks one; always a configured service. */
  readonly defaultService?: BaseModelServiceName;
  /** Timeout per request, or per silence between streamed chunks, in milliseconds (>= 1). */
  readonly timeoutMs: number;
  /**
   * STYLER_LLM_REWRITE (default on): whether rewrite mode runs the LLM pipeline when a service is
   * configured; off keeps rewrite mode to the rule engine.
   */
  readonly llmRewrite: boolean;
  /** STYLER_LLM_REWRITE_MODEL: the LLM a rewrite asks when its fine-tuning job names none. */
  readonly rewriteModel?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Builds the provider configuration from `env` (default process.env), over the JSON file at
 * `configFile` or env STYLER_CONFIG when given. Empty env values count as unset.
 * Throws RangeError naming the variable (or file key) for a bad URL, timeout, boolean or service
 * name, and TypeError for an unreadable or malformed file.
 */
export function loadProviderConfig(env: Env = process.env, configFile?: string): ProviderConfig {
  const filePath = configFile ?? nonEmpty(env['STYLER_CONFIG']);
  const file: ProviderFileSettings = filePath ? readProviderConfigFile(filePath) : { providers: {} };

  const services = {} as Record<BaseModelServiceName, BaseModelServiceConfig>;
  for (const name of BASE_MODEL_SERVICES) services[name] = buildService(name, env, file);

  const timeout = fromEnv(env, 'STYLER_LLM_TIMEOUT_MS') ?? file.timeoutMs ?? builtIn(PROVIDER_DEFAULTS.timeoutMs);
  const rewrite = fromEnv(env, 'STYLER_LLM_REWRITE') ?? file.llmRewrite ?? builtIn(PROVIDER_DEFAULTS.llmRewrite);
  const rewriteModel = fromEnv(env, 'STYLER_LLM_REWRITE_MODEL') ?? file.rewriteModel;
  const defaultService = fromEnv(env, 'STYLER_LLM_DEFAULT_SERVICE') ?? file.defaultService;

  const config: ProviderConfig = {
    services: Object.freeze(services),
    timeoutMs: parseTimeoutMs(timeout),
    llmRewrite: parseBoolean(rewrite),
    ...(defaultService && { defaultService: parseDefaultService(defaultService, services) }),
    ...(rewriteModel && { rewriteModel: rewriteModel.value.trim() }),
  };
  return Object.freeze(config);
}

/** The names of the configured services, in BASE_MODEL_SERVICES order. */
export function configuredServices(config: ProviderConfig): BaseModelServiceName[] {
  return BASE_MODEL_SERVICES.filter((name) => config.services[name].configured);
}

function buildService(name: BaseModelServiceName, env: Env, file: ProviderFileSettings): BaseModelServiceConfig {
  const vars = BASE_MODEL_SERVICE_ENV_VARS[name];
  const block = file.providers[name] ?? {};
  const baseUrlSetting = fromEnv(env, vars.baseUrl) ?? block.baseUrl;
  const apiKeySetting = (vars.apiKey !== undefined ? fromEnv(env, vars.apiKey) : undefined) ?? block.apiKey;
  const modelsSetting = fromEnv(env, vars.models) ?? block.models;

  const models = modelsSetting ? parseModels(modelsSetting.value) : [];
  const apiKey = nonEmpty(apiKeySetting?.value);
  let baseUrl = baseUrlSetting ? parseBaseUrl(baseUrlSetting) : (PROVIDER_DEFAULTS.baseUrls[name] ?? '');
  // Ollama's native API lives at the root and its OpenAI-compatible one under /v1; users often
  // paste the root URL (what `ollama serve` prints), so a bare host means its /v1.
  if (name === 'ollama' && baseUrlSetting && new URL(baseUrl).pathname === '/') baseUrl += '/v1';

  let configured: boolean;
  if (name === 'openai') configured = apiKey !== undefined;
  else if (name === 'ollama') configured = baseUrlSetting !== undefined || models.length > 0;
  else configured = baseUrlSetting !== undefined;

  return Object.freeze({
    name,
    configured,
    baseUrl,
    models: Object.freeze(models),
    ...(apiKey !== undefined && { apiKey }),
  });
}

function fromEnv(env: Env, name: string): FileValue<string> | undefined {
  const value = nonEmpty(env[name]);
  return value === undefined ? undefined : { value, source: name };
}

function builtIn<T>(value: T): FileValue<T> {
  return { value, source: 'default' };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** An absolute http(s) URL without credentials, query or fragment; returned without trailing slash. */
function parseBaseUrl({ value, source }: FileValue<string>): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new RangeError(`${source} must be an absolute http(s) URL such as http://127.0.0.1:8000/v1, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RangeError(`${source} must use http or https, got '${url.protocol}' in '${value}'`);
  }
  if (url.username || url.password) {
    // fetch refuses URLs with credentials; keys belong in the API key variable instead.
    throw new RangeError(`${source} must not contain a user name or password; put the key in the API key setting`);
  }
  if (url.search || url.hash) {
    throw new RangeError(`${source} must not contain a query or fragment, got '${value}'`);
  }
  return url.href.replace(/\/+$/, '');
}

function parseModels(value: string | readonly string[]): string[] {
  const names = typeof value === 'string' ? value.split(',') : value;
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 0))];
}

function parseTimeoutMs({ value, source }: FileValue<number | string>): number {
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(number) || number < 1 || number > MAX_TIMEOUT_MS) {
    throw new RangeError(
      `${source} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got '${value}'`,
    );
  }
  return number;
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

function parseBoolean({ value, source }: FileValue<boolean | string>): boolean {
  if (typeof value === 'boolean') return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new RangeError(`${source} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}, got '${value}'`);
}

function parseDefaultService(
  { value, source }: FileValue<string>,
  services: Record<BaseModelServiceName, BaseModelServiceConfig>,
): BaseModelServiceName {
  const name = value.trim();
  if (!isBaseModelServiceName(name)) {
    throw new RangeError(`${source} must be one of ${BASE_MODEL_SERVICES.join(', ')}, got '${value}'`);
  }
  if (!services[name].configured) {
    throw new RangeError(`${source} names '${name}', which is not configured: ${howToConfigure(name)}`);
  }
  return name;
}
