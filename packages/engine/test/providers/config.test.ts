import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVIDER_DEFAULTS, configuredServices, loadProviderConfig } from '../../src/providers/config.js';

const dir = mkdtempSync(join(tmpdir(), 'styler-provider-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function configFile(content: unknown): string {
  const path = join(dir, `config-${++fileCount}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('loadProviderConfig from the environment', () => {
  it('configures nothing from an empty environment and uses the defaults', () => {
    const config = loadProviderConfig({});
    expect(configuredServices(config)).toEqual([]);
    expect(config.services.openai.baseUrl).toBe('https://api.openai.com/v1');
    expect(config.services.ollama.baseUrl).toBe('http://127.0.0.1:11434/v1');
    expect(config.services['openai-compatible'].baseUrl).toBe('');
    expect(config.timeoutMs).toBe(120_000);
    expect(config.llmRewrite).toBe(true);
    expect(config.defaultService).toBeUndefined();
    expect(config.rewriteModel).toBeUndefined();
    expect(PROVIDER_DEFAULTS.timeoutMs).toBe(120_000);
  });

  it('counts openai as configured only with a key', () => {
    expect(configuredServices(loadProviderConfig({ OPENAI_BASE_URL: 'http://localhost:9/v1' }))).toEqual([]);
    const config = loadProviderConfig({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODELS: 'gpt-4o-mini, gpt-4.1 ,,gpt-4o-mini',
    });
    expect(configuredServices(config)).toEqual(['openai']);
    expect(config.services.openai.apiKey).toBe('sk-test');
    expect(config.services.openai.models).toEqual(['gpt-4o-mini', 'gpt-4.1']);
  });

  it('counts ollama as configured by its base URL or its models list', () => {
    expect(configuredServices(loadProviderConfig({ OLLAMA_MODELS: 'llama3:8b' }))).toEqual(['ollama']);
    const config = loadProviderConfig({ OLLAMA_BASE_URL: 'http://gpu-box:11434/v1/' });
    expect(configuredServices(config)).toEqual(['ollama']);
    expect(config.services.ollama.baseUrl).toBe('http://gpu-box:11434/v1');
    expect(config.services.ollama.apiKey).toBeUndefined();
  });

  it('adds /v1 to a bare Ollama host URL', () => {
    expect(loadProviderConfig({ OLLAMA_BASE_URL: 'http://localhost:11434' }).services.ollama.baseUrl).toBe(
      'http://localhost:11434/v1',
    );
  });

  it('configures openai-compatible by STYLER_LLM_BASE_URL, key optional', () => {
    const config = loadProviderConfig({
      STYLER_LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
      STYLER_LLM_MODELS: 'Qwen/Qwen2.5-7B-Instruct',
    });
    expect(configuredServices(config)).toEqual(['openai-compatible']);
    expect(config.services['openai-compatible'].apiKey).toBeUndefined();
    expect(loadProviderConfig({ STYLER_LLM_API_KEY: 'k' }).services['openai-compatible'].configured).toBe(false);
  });

  it('treats empty and blank values as unset', () => {
    const config = loadProviderConfig({ OPENAI_API_KEY: '', OLLAMA_BASE_URL: '   ', STYLER_LLM_TIMEOUT_MS: '' });
    expect(configuredServices(config)).toEqual([]);
    expect(config.timeoutMs).toBe(120_000);
  });

  it('reads the timeout, rewrite switch, rewrite model and default service', () => {
    const config = loadProviderConfig({
      STYLER_LLM_TIMEOUT_MS: '5000',
      STYLER_LLM_REWRITE: 'YES',
      STYLER_LLM_REWRITE_MODEL: 'llama3:8b',
      OLLAMA_MODELS: 'llama3:8b',
      STYLER_LLM_DEFAULT_SERVICE: 'ollama',
    });
    expect(config.timeoutMs).toBe(5000);
    expect(config.llmRewrite).toBe(true);
    expect(config.rewriteModel).toBe('llama3:8b');
    expect(config.defaultService).toBe('ollama');
    expect(loadProviderConfig({ STYLER_LLM_REWRITE: 'off' }).llmRewrite).toBe(false);
  });

  it('returns a frozen object', () => {
    const config = loadProviderConfig({ OPENAI_API_KEY: 'sk' });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.services.openai)).toBe(true);
    expect(Object.isFrozen(config.services.openai.models)).toBe(true);
  });
});

describe('loadProviderConfig validation', () => {
  it.each([
    ['OPENAI_BASE_URL', 'not a url'],
    ['OLLAMA_BASE_URL', 'ftp://host/v1'],
    ['STYLER_LLM_BASE_URL', 'http://user:secret@host/v1'],
    ['STYLER_LLM_BASE_URL', 'http://host/v1?x=1'],
  ])('rejects %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadProviderConfig({ [name]: value })).toThrow(RangeError);
    expect(() => loadProviderConfig({ [name]: value })).toThrow(name);
  });

  it('never echoes credentials found in a URL', () => {
    expect(() => loadProviderConfig({ STYLER_LLM_BASE_URL: 'http://user:secret@host/v1' })).not.toThrow(/secret/);
  });

  it.each(['0', '-5', '1.5', 'soon', '99999999999'])('rejects STYLER_LLM_TIMEOUT_MS=%s', (value) => {
    expect(() => loadProviderConfig({ STYLER_LLM_TIMEOUT_MS: value })).toThrow(/STYLER_LLM_TIMEOUT_MS/);
  });

  it('rejects a rewrite switch that is not a boolean word', () => {
    expect(() => loadProviderConfig({ STYLER_LLM_REWRITE: 'maybe' })).toThrow(/STYLER_LLM_REWRITE/);
  });

  it('rejects an unknown or unconfigured default service', () => {
    expect(() => loadProviderConfig({ STYLER_LLM_DEFAULT_SERVICE: 'anthropic' })).toThrow(/one of openai, ollama/);
    expect(() => loadProviderConfig({ STYLER_LLM_DEFAULT_SERVICE: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });
});

describe('loadProviderConfig with a config file', () => {
  const file = {
    providers: {
      openai: { api_key: 'sk-file', models: ['gpt-4o-mini'] },
      ollama: { base_url: 'http://gpu-box:11434/v1', models: 'llama3:8b,qwen2.5:7b' },
    },
    default_service: 'ollama',
    timeout_ms: 30000,
    llm_rewrite: true,
  };

  it('reads the settings from the file given as argument', () => {
    const config = loadProviderConfig({}, configFile(file));
    expect(configuredServices(config)).toEqual(['openai', 'ollama']);
    expect(config.services.openai.apiKey).toBe('sk-file');
    expect(config.services.ollama.models).toEqual(['llama3:8b', 'qwen2.5:7b']);
    expect(config.defaultService).toBe('ollama');
    expect(config.timeoutMs).toBe(30000);
    expect(config.llmRewrite).toBe(true);
  });

  it('finds the file through STYLER_CONFIG, and env overrides it field by field', () => {
    const config = loadProviderConfig({
      STYLER_CONFIG: configFile(file),
      OPENAI_API_KEY: 'sk-env',
      OLLAMA_MODELS: 'mistral:7b',
      STYLER_LLM_TIMEOUT_MS: '1000',
      STYLER_LLM_REWRITE: 'false',
    });
    expect(config.services.openai.apiKey).toBe('sk-env');
    expect(config.services.openai.models).toEqual(['gpt-4o-mini']);
    expect(config.services.ollama.models).toEqual(['mistral:7b']);
    expect(config.services.ollama.baseUrl).toBe('http://gpu-box:11434/v1');
    expect(config.timeoutMs).toBe(1000);
    expect(config.llmRewrite).toBe(false);
  });

  it('names the file and key for a bad URL in the file', () => {
    const path = configFile({ providers: { 'openai-compatible': { base_url: 'nope' } } });
    expect(() => loadProviderConfig({}, path)).toThrow(`${path}: providers.openai-compatible.base_url`);
  });

  it('rejects unknown keys, unknown services, wrong types, bad JSON and a missing file', () => {
    expect(() => loadProviderConfig({}, configFile({ providers: { openai: { apiKey: 'x' } } }))).toThrow(
      /unknown key providers\.openai\.apiKey/,
    );
    expect(() => loadProviderConfig({}, configFile({ providers: { groq: {} } }))).toThrow(/providers\.groq/);
    expect(() => loadProviderConfig({}, configFile({ timeout_ms: [1] }))).toThrow(
      /timeout_ms must be a number or string/,
    );
    expect(() => loadProviderConfig({}, configFile({ providers: { ollama: { models: [1] } } }))).toThrow(/models/);
    expect(() => loadProviderConfig({}, configFile('{ not json'))).toThrow(/not valid JSON/);
    expect(() => loadProviderConfig({}, configFile('[]'))).toThrow(/must be a JSON object/);
    expect(() => loadProviderConfig({}, join(dir, 'missing.json'))).toThrow(/cannot be read/);
  });
});
