/**
 * Reads the optional JSON provider config file (path from STYLER_CONFIG or an argument) and checks
 * its shape. Values are returned raw with a label naming where each came from; config.ts validates
 * them with the same rules as the environment variables.
 */
import { readFileSync } from 'node:fs';
import { BASE_MODEL_SERVICES, isBaseModelServiceName, type BaseModelServiceName } from './services.js';

/** A setting read from the file, with `source` naming it for error messages (`file: key.path`). */
export interface FileValue<T> {
  value: T;
  source: string;
}

/** One service's block in the file: `{ "base_url", "api_key", "models" }`. */
export interface ServiceFileSettings {
  baseUrl?: FileValue<string>;
  apiKey?: FileValue<string>;
  /** Either a JSON array of names or a comma-separated string, as in the env var. */
  models?: FileValue<string | readonly string[]>;
}

/** Everything the file may set; every field is optional. */
export interface ProviderFileSettings {
  providers: Partial<Record<BaseModelServiceName, ServiceFileSettings>>;
  defaultService?: FileValue<string>;
  timeoutMs?: FileValue<number | string>;
  llmRewrite?: FileValue<boolean | string>;
  rewriteModel?: FileValue<string>;
}

const TOP_LEVEL_KEYS = ['providers', 'default_service', 'timeout_ms', 'llm_rewrite', 'rewrite_model'];
const SERVICE_KEYS = ['base_url', 'api_key', 'models'];

/**
 * Reads and shape-checks the config file at `path`.
 * Throws TypeError naming the file and key when the file is missing, is not JSON, or has an
 * unknown key or a value of the wrong type (unknown keys are errors so a typo cannot pass silently).
 */
export function readProviderConfigFile(path: string): ProviderFileSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TypeError(`STYLER_CONFIG file ${path} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`STYLER_CONFIG file ${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const root = expectObject(data, path, '(root)');
  checkKeys(root, TOP_LEVEL_KEYS, path, '');

  const settings: ProviderFileSettings = { providers: {} };
  if (root['providers'] !== undefined) {
    const providers = expectObject(root['providers'], path, 'providers');
    for (const [service, block] of Object.entries(providers)) {
      if (!isBaseModelServiceName(service)) {
        throw new TypeError(
          `${path}: providers.${service} is not a known service; use one of ${BASE_MODEL_SERVICES.join(', ')}`,
        );
      }
      settings.providers[service] = readServiceBlock(block, path, `providers.${service}`);
    }
  }
  const defaultService = optionalOf(root, 'default_service', ['string'], path);
  if (defaultService) settings.defaultService = defaultService as FileValue<string>;
  const timeoutMs = optionalOf(root, 'timeout_ms', ['number', 'string'], path);
  if (timeoutMs) settings.timeoutMs = timeoutMs as FileValue<number | string>;
  const llmRewrite = optionalOf(root, 'llm_rewrite', ['boolean', 'string'], path);
  if (llmRewrite) settings.llmRewrite = llmRewrite as FileValue<boolean | string>;
  const rewriteModel = optionalOf(root, 'rewrite_model', ['string'], path);
  if (rewriteModel) settings.rewriteModel = rewriteModel as FileValue<string>;
  return settings;
}

function readServiceBlock(block: unknown, path: string, keyPath: string): ServiceFileSettings {
  const object = expectObject(block, path, keyPath);
  checkKeys(object, SERVICE_KEYS, path, `${keyPath}.`);
  const result: ServiceFileSettings = {};
  const baseUrl = optionalOf(object, 'base_url', ['string'], path, `${keyPath}.`);
  if (baseUrl) result.baseUrl = baseUrl as FileValue<string>;
  const apiKey = optionalOf(object, 'api_key', ['string'], path, `${keyPath}.`);
  if (apiKey) result.apiKey = apiKey as FileValue<string>;
  const models = object['models'];
  if (models !== undefined) {
    const source = `${path}: ${keyPath}.models`;
    const isNameList = Array.isArray(models) && models.every((name) => typeof name === 'string');
    if (typeof models !== 'string' && !isNameList) {
      throw new TypeError(`${source} must be an array of model names or a comma-separated string`);
    }
    result.models = { value: models as string | string[], source };
  }
  return result;
}

function expectObject(value: unknown, path: string, keyPath: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${path}: ${keyPath} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function checkKeys(object: Record<string, unknown>, allowed: string[], path: string, prefix: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${path}: unknown key ${prefix}${key}; allowed keys are ${allowed.join(', ')}`);
    }
  }
}

/** The value at `key` wrapped with its source, or undefined when absent or null. */
function optionalOf(
  object: Record<string, unknown>,
  key: string,
  types: readonly ('string' | 'number' | 'boolean')[],
  path: string,
  prefix = '',
): FileValue<unknown> | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  const source = `${path}: ${prefix}${key}`;
  if (!types.includes(typeof value as 'string')) {
    throw new TypeError(`${source} must be a ${types.join(' or ')}, got ${JSON.stringify(value)}`);
  }
  return { value, source };
}
