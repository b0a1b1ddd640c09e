import type { ChatProvider } from '../providers/index.js';
import { STYLE_DEFAULTS } from './defaults.js';
import { rewriteMessages } from './llm-prompt.js';
import { restyle } from './restyle.js';
import { keepsInvariants } from './candidates/keep-checks.js';
import { cleanRewrite } from './candidates/reply.js';
import type { RestyleOptions, StyleModel } from './types.js';
import { assertRestyleOptions, assertStyleModel } from './validate.js';

/** Options of restyleWithLLM: restyle's, plus the provider's model and sampling. */
export type RestyleWithLLMOptions = RestyleOptions & { baseModel: string; temperature?: number; signal?: AbortSignal };

export { keepsInvariants } from './candidates/keep-checks.js';

/**
 * The LLM's draft of `text` for the engine to restyle: the rewrite rules and the author's style
 * brief with example passages chosen for their voice (rewriteMessages), sent to `provider` as
 * `options.baseModel`. When the reply lost a number, URL, e-mail address or code of the input,
 * changed its Markdown blocks (kinds and order), or came back empty, the draft is the input itself.
 * Provider failures reject (ProviderError provider_failed). Kept apart from restyle so a service can
 * run the engine's pass on its worker pool.
 */
export async function draftWithLLM(
  text: string,
  model: StyleModel,
  provider: ChatProvider,
  options: RestyleWithLLMOptions,
): Promise<string> {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  assertStyleModel(model);
  if (typeof provider !== 'object' || provider === null || typeof provider.complete !== 'function') {
    throw new TypeError('provider must be a ChatProvider');
  }
  if (typeof options !== 'object' || options === null)
    throw new TypeError('options must be an object with a baseModel');
  if (typeof options.baseModel !== 'string' || options.baseModel.trim() === '')
    throw new TypeError('options.baseModel must be a non-empty string');
  if (
    options.temperature !== undefined &&
    (typeof options.temperature !== 'number' || !Number.isFinite(options.temperature) || options.temperature < 0)
  ) {
    throw new RangeError('options.temperature must be a finite number ≥ 0');
  }
  const { baseModel, temperature, signal, ...restyleOptions } = options;
  assertRestyleOptions(restyleOptions);
  if (text.trim().length === 0) return text;
  const result = await provider.complete({
    model: baseModel,
    messages: rewriteMessages(text, model, STYLE_DEFAULTS.llmExamples),
    temperature: temperature ?? STYLE_DEFAULTS.llmTemperature,
    ...(signal !== undefined ? { signal } : {}),
  });
  const reply = cleanRewrite(result.content, text);
  return reply.length > 0 && keepsInvariants(text, reply) ? reply : text;
}

/**
 * Restyles with an LLM (draftWithLLM): its draft, kept as it is, or, when the draft was refused
 * (it lost a fact or the text's structure), the deterministic engine's restyle of the text. No
 * rule-based pass runs over an accepted draft: over an LLM's text the engine errs most, and the
 * brief the LLM wrote under already carries the habits it would apply.
 */
export async function restyleWithLLM(
  text: string,
  model: StyleModel,
  provider: ChatProvider,
  options: RestyleWithLLMOptions,
): Promise<string> {
  const draft = await draftWithLLM(text, model, provider, options);
  const { baseModel: _baseModel, temperature: _temperature, signal: _signal, ...restyleOptions } = options;
  return draft === text ? restyle(text, model, restyleOptions) : draft;
}
