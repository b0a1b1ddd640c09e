import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/providers/index.js';
import { loadProviderConfig } from '../../src/providers/config.js';
import { chooseService, resolveChatProvider, serviceByNamePattern } from '../../src/providers/resolve.js';

function errorOf(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

const ALL = loadProviderConfig({
  OPENAI_API_KEY: 'sk-test',
  OLLAMA_MODELS: 'llama3:8b,mistral',
  STYLER_LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
  STYLER_LLM_MODELS: 'my-local-model,mistral',
});

describe('serviceByNamePattern', () => {
  it.each([
    ['gpt-4o-mini', 'openai'],
    ['GPT-4.1', 'openai'],
    ['chatgpt-4o-latest', 'openai'],
    ['o1-preview', 'openai'],
    ['o3-mini', 'openai'],
    ['o4-mini', 'openai'],
    ['ft:gpt-4o-mini:acme::abc123', 'openai'],
    ['llama3:8b', 'ollama'],
    ['gpt-oss:20b', 'ollama'],
    ['Qwen/Qwen2.5-7B-Instruct', 'openai-compatible'],
    ['mistral', undefined],
    ['orca-mini', undefined],
  ])('%s → %s', (model, service) => {
    expect(serviceByNamePattern(model)).toBe(service);
  });
});

describe('chooseService (auto)', () => {
  it('prefers a service that lists the model, over the name pattern', () => {
    const config = loadProviderConfig({
      OPENAI_API_KEY: 'sk',
      STYLER_LLM_BASE_URL: 'http://h/v1',
      STYLER_LLM_MODELS: 'gpt-4o',
    });
    expect(chooseService('gpt-4o', config)).toBe('openai-compatible');
  });

  it('breaks ties between listing services by default_service, then by fixed order', () => {
    expect(chooseService('mistral', ALL)).toBe('ollama');
    const withDefault = loadProviderConfig({
      OLLAMA_MODELS: 'mistral',
      STYLER_LLM_BASE_URL: 'http://h/v1',
      STYLER_LLM_MODELS: 'mistral',
      STYLER_LLM_DEFAULT_SERVICE: 'openai-compatible',
    });
    expect(chooseService('mistral', withDefault)).toBe('openai-compatible');
  });

  it('uses the name pattern when no list has the model', () => {
    expect(chooseService('gpt-4.1', ALL)).toBe('openai');
    expect(chooseService('qwen2.5:7b', ALL)).toBe('ollama');
    expect(chooseService('meta-llama/Llama-3.1-8B', ALL)).toBe('openai-compatible');
  });

  it('ignores a pattern whose service is not configured, falling back to the only configured one', () => {
    const ollamaOnly = loadProviderConfig({ OLLAMA_BASE_URL: 'http://localhost:11434' });
    expect(chooseService('gpt-4o', ollamaOnly)).toBe('ollama');
  });

  it('falls back to default_service', () => {
    const config = loadProviderConfig({
      OPENAI_API_KEY: 'sk',
      OLLAMA_MODELS: 'x:1',
      STYLER_LLM_DEFAULT_SERVICE: 'ollama',
    });
    expect(chooseService('mystery', config)).toBe('ollama');
  });

  it('asks the caller to decide when several services fit nothing', () => {
    const error = errorOf(() => chooseService('mystery', ALL));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/base_model_service/);
  });

  it('names every variable to set when nothing is configured', () => {
    const error = errorOf(() => chooseService('gpt-4o', loadProviderConfig({})));
    expect(error.code).toBe('provider_not_configured');
    for (const name of ['OPENAI_API_KEY', 'OLLAMA_BASE_URL', 'OLLAMA_MODELS', 'STYLER_LLM_BASE_URL']) {
      expect(error.message).toContain(name);
    }
  });
});

describe('resolveChatProvider', () => {
  it('returns a provider named after the chosen service', () => {
    expect(resolveChatProvider({ baseModel: 'llama3:8b' }, ALL).name).toBe('ollama');
    expect(resolveChatProvider({ baseModel: 'llama3:8b', service: 'auto' }, ALL).name).toBe('ollama');
    expect(resolveChatProvider({ baseModel: 'llama3:8b', service: 'openai-compatible' }, ALL).name).toBe(
      'openai-compatible',
    );
    expect(resolveChatProvider({ baseModel: 'gpt-4o', service: 'OpenAI' }, ALL).name).toBe('openai');
  });

  it('refuses a named service that is not configured, naming its variables', () => {
    const config = loadProviderConfig({ OLLAMA_MODELS: 'llama3:8b' });
    const openai = errorOf(() => resolveChatProvider({ baseModel: 'gpt-4o', service: 'openai' }, config));
    expect(openai.code).toBe('provider_not_configured');
    expect(openai.message).toContain('OPENAI_API_KEY');
    const compatible = errorOf(() => resolveChatProvider({ baseModel: 'x', service: 'openai-compatible' }, config));
    expect(compatible.message).toContain('STYLER_LLM_BASE_URL');
  });

  it('rejects unknown services and empty model names as invalid input', () => {
    const unknown = errorOf(() => resolveChatProvider({ baseModel: 'x', service: 'anthropic' }, ALL));
    expect(unknown.code).toBe('invalid_input');
    expect(unknown.message).toContain('anthropic');
    expect(errorOf(() => resolveChatProvider({ baseModel: ' ' }, ALL)).code).toBe('invalid_input');
  });
});
