/**
 * The service's LLM pipeline, one for the transform (rewrite with the LLM, full mode) and chat
 * completions: the style brief, n drafts, the closest that passes the engine's keep policy, and one
 * revision round with measured feedback where a difference is worth naming, within a cost cap per
 * request. The report of every step goes back in the response's `styler` field (its wire shape:
 * http/draft-report.ts).
 */
import {
  chooseDraft,
  estimateTokens,
  type ChooseDraftOptions,
  type DraftChoice,
  type StyleModel,
} from '@styler-dev/engine';
import type { ChatProvider } from '@styler-dev/engine/providers';
import { ServiceError } from './errors.js';

/** What a request gets unless it asks otherwise (docs/api.md, "The LLM pipeline"). */
export const LLM_PIPELINE = Object.freeze({
  /** Drafts asked for: one request with the API's n (two on a server that ignores n). */
  drafts: 2,
  /** One revision round where the closest draft differs measurably from the author or lost something. */
  revise: true,
  /** Most base-model calls: the drafts (one call, or one per draft) and the revision. */
  maxCalls: 3,
  /** Most tokens, prompt and completion, over all calls of one request. */
  maxTotalTokens: 60_000,
  /** A rewrite's draft may run to this many times the input's tokens, plus rewriteSlackTokens. */
  rewriteLengthFactor: 1.5,
  rewriteSlackTokens: 64,
});

/** The cost cap of one request, as chooseDraft takes it. */
export interface PipelineCap {
  maxCalls: number;
  maxTotalTokens: number;
}

/** The cap a request asked for (its max_llm_calls and max_llm_tokens), else the pipeline's. */
export function pipelineCap(asked: { maxLlmCalls?: number; maxLlmTokens?: number }, calls: number): PipelineCap {
  return {
    maxCalls: asked.maxLlmCalls ?? calls,
    maxTotalTokens: asked.maxLlmTokens ?? LLM_PIPELINE.maxTotalTokens,
  };
}

/**
 * chooseDraft for a request: a cost cap too small for even one draft (the engine's RangeError) is the
 * client's to fix, a 400 that says so.
 */
export async function chooseWithinCap(
  model: StyleModel,
  provider: ChatProvider,
  options: ChooseDraftOptions,
): Promise<DraftChoice> {
  try {
    return await chooseDraft(model, provider, options);
  } catch (error) {
    throw error instanceof RangeError ? new ServiceError('invalid_input', `${error.message}.`) : error;
  }
}

/** Completion tokens a rewrite's draft may use: the input's, with room to reword, never the whole cap. */
export function rewriteMaxTokens(text: string): number {
  return Math.ceil(estimateTokens(text) * LLM_PIPELINE.rewriteLengthFactor) + LLM_PIPELINE.rewriteSlackTokens;
}
