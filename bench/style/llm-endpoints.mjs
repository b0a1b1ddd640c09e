// Where the LLM benchmark (llm.mjs) gets its answers: an OpenAI-compatible endpoint named by the
// environment, the scripted server (bench/support/scripted-llm.mjs), or batch answer files
// (llm-batch.mjs). Each is { provider, baseUrl, baseModel, close() }, and a batch one has `batch`.
import { createOpenAICompatibleProvider } from '../../packages/engine/dist/providers/index.js';
import { startScriptedLLM } from '../support/scripted-llm.mjs';
import { batchProvider, readBatchAnswers } from './llm-batch.mjs';

const ENDPOINT_DEFAULTS = Object.freeze({
  timeoutMs: 120_000,
  scriptedModel: 'scripted',
  batchModel: 'batch-model',
});

function httpProvider(name, baseUrl, apiKey, timeoutMs) {
  return createOpenAICompatibleProvider({ name, baseUrl, ...(apiKey && { apiKey }), timeoutMs });
}

function timeoutFromEnv(value) {
  if (value === undefined || value === '') return ENDPOINT_DEFAULTS.timeoutMs;
  const timeoutMs = Number(value);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new RangeError('STYLER_BENCH_LLM_TIMEOUT_MS must be an integer ≥ 1');
  return timeoutMs;
}

/** The endpoint the environment names (see llm.mjs's header); throws naming what is missing. */
function endpointFromEnv(env, model) {
  const baseUrl = env.STYLER_BENCH_LLM_BASE_URL;
  const baseModel = model ?? env.STYLER_BENCH_LLM_MODEL;
  if (!baseUrl || !baseModel)
    throw new TypeError(
      'set STYLER_BENCH_LLM_BASE_URL and STYLER_BENCH_LLM_MODEL (or --model; and STYLER_BENCH_LLM_API_KEY), ' +
        'or use --scripted or --batch-out',
    );
  const timeoutMs = timeoutFromEnv(env.STYLER_BENCH_LLM_TIMEOUT_MS);
  const apiKey = env.STYLER_BENCH_LLM_API_KEY || undefined;
  return { provider: httpProvider('bench', baseUrl, apiKey, timeoutMs), baseUrl, baseModel, close: async () => {} };
}

async function scriptedEndpoint(model) {
  const server = await startScriptedLLM();
  return {
    provider: httpProvider('scripted', server.url, undefined, ENDPOINT_DEFAULTS.timeoutMs),
    baseUrl: server.url,
    baseModel: model ?? ENDPOINT_DEFAULTS.scriptedModel,
    close: server.close,
  };
}

/** Answers from the --batch-in files; the model asked is --model, else the environment's, else "batch-model". */
function batchEndpoint(options, env) {
  const batch = batchProvider(readBatchAnswers(options.batchIn));
  const baseModel = options.model ?? (env.STYLER_BENCH_LLM_MODEL || ENDPOINT_DEFAULTS.batchModel);
  return { provider: batch, batch, baseUrl: null, baseModel, close: async () => {} };
}

/**
 * The answers' source for llm.mjs's `options` (batch, scripted, model, batchIn): batch files in batch
 * mode, else the scripted server with --scripted, else the environment's endpoint.
 */
export function openEndpoint(options, env) {
  if (options.batch) return batchEndpoint(options, env);
  if (options.scripted) return scriptedEndpoint(options.model);
  return endpointFromEnv(env, options.model);
}
