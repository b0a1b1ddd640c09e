import type { ChatProvider } from '../providers/index.js';
import { chooseDraft, type DraftChoice } from './candidates/choose.js';
import type { CostCap } from './candidates/budget.js';
import { STYLE_DEFAULTS } from './defaults.js';
import { rewriteMessages } from './llm-prompt.js';
import { restyle } from './restyle.js';
import type { RestyleOptions, StyleModel } from './types.js';
import { assertRestyleOptions, assertStyleModel } from './validate.js';

/**
 * Options of rewriteWithLLM, draftWithLLM and restyleWithLLM: restyle's, plus the provider's model
 * and sampling, and the choice among drafts (chooseDraft's n, revise and cost cap).
 */
export type RestyleWithLLMOptions = RestyleOptions &
  CostCap & {
    baseModel: string;
    temperature?: number;
    /** Drafts to ask for (default 1). */
    n?: number;
    /** One revision round with measured feedback where it helps (default false). */
    revise?: boolean;
    /** Completion tokens per draft (max_tokens). */
    maxTokens?: number;
    signal?: AbortSignal;
  };

/** restyle's own options among `options` (the rest are the LLM's). */
function restyleOptionsOf(options: RestyleWithLLMOptions): RestyleOptions {
  const {
    baseModel: _baseModel,
    temperature: _temperature,
    signal: _signal,
    n: _n,
    revise: _revise,
    maxTokens: _maxTokens,
    maxCalls: _maxCalls,
    maxTotalTokens: _maxTotalTokens,
    ...restyleOptions
  } = options;
  return restyleOptions;
}

/**
 * The LLM's rewrite of `text` toward `model`, chosen: the rewrite rules and the author's style brief
 * (rewriteMessages, or `messages` when the caller built them, e.g. with a keyness reference), n
 * drafts, the closest that passes the keep policy (keep-checks.ts: facts kept, polarity of each
 * clause kept, nothing invented, the length within a tenth when the model matches it), and with
 * `revise` one revision round. The choice says what happened at each step; its text is the input
 * when no draft passed. Provider failures reject (ProviderError provider_failed).
 */
export async function rewriteWithLLM(
  text: string,
  model: StyleModel,
  provider: ChatProvider,
  options: RestyleWithLLMOptions,
  messages = rewriteMessages(text, model, STYLE_DEFAULTS.llmExamples),
): Promise<DraftChoice> {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  assertStyleModel(model);
  if (typeof options !== 'object' || options === null)
    throw new TypeError('options must be an object with a baseModel');
  const { baseModel, temperature, signal, n, revise, maxTokens, maxCalls, maxTotalTokens } = options;
  const restyleOptions = restyleOptionsOf(options);
  assertRestyleOptions(restyleOptions);
  return chooseDraft(model, provider, {
    baseModel,
    messages,
    input: text,
    ...(restyleOptions.matchOutputLength !== undefined && { matchOutputLength: restyleOptions.matchOutputLength }),
    ...(n !== undefined && { n }),
    ...(revise !== undefined && { revise }),
    ...(temperature !== undefined && { temperature }),
    ...(maxTokens !== undefined && { maxTokens }),
    ...(maxCalls !== undefined && { maxCalls }),
    ...(maxTotalTokens !== undefined && { maxTotalTokens }),
    ...(signal !== undefined && { signal }),
  });
}

/**
 * The LLM's draft of `text` (rewriteWithLLM's chosen text): the input itself when no draft passed
 * the keep policy. Kept apart from restyle so a service can run the engine's pass on its worker pool.
 */
export async function draftWithLLM(
  text: string,
  model: StyleModel,
  provider: ChatProvider,
  options: RestyleWithLLMOptions,
): Promise<string> {
  return (await rewriteWithLLM(text, model, provider, options)).text;
}

/**
 * Restyles with an LLM (draftWithLLM): its chosen draft, kept as it is, or, when every draft was
 * refused by the keep policy, the deterministic engine's restyle of the text. No
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
  return draft === text ? restyle(text, model, restyleOptionsOf(options)) : draft;
}
