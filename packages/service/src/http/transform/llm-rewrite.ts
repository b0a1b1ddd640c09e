/**
 * Rewrite mode's LLM path: the LLM pipeline (src/llm-pipeline.ts) over the message under the style
 * brief, within the cost cap and a share of the request's time budget. Whatever keeps the LLM from
 * answering (a failing, slow or malformed provider, a text too long for the cap, drafts that all lost
 * something) leaves the message to the rule engine, and the report says why: a provider's failure
 * never fails the request. Only the client's abort rejects.
 */
import {
  configuredServices,
  ProviderError,
  resolveChatProvider,
  type ChatMessage,
  type ChatProvider,
  type ProviderConfig,
} from '@styler-dev/engine/providers';
import { estimateTokens, rewriteWithLLM, type RestyleOptions, type StyleModel } from '@styler-dev/engine';
import type { StylerStore } from '../../store/index.js';
import type { DraftReport } from '../chat-schemas.js';
import { defaultBaseModel, MODEL_LIST_VARIABLES } from '../default-base-model.js';
import { LLM_PIPELINE, pipelineCap, rewriteMaxTokens, type PipelineCap } from '../../llm-pipeline.js';
import { draftReport } from '../draft-report.js';
import { MeteredProvider } from './metered-provider.js';

/** What rewrite mode's LLM path may spend of a request's time budget. */
export const LLM_REWRITE = Object.freeze({
  /**
   * Share of STYLER_REQUEST_TIMEOUT_MS the LLM may use, counted from the request's arrival; the rest
   * is kept for the rule engine's pass (about a second for 100,000 characters on a free thread), so a
   * slow LLM turns into the rule engine's answer, not a 503.
   */
  budgetShare: 0.75,
});

/** Why the rule engine answered a rewrite the LLM was asked for. */
export type FallbackReason = NonNullable<DraftReport['fallback']>['reason'];

/** A rewrite's LLM, resolved before any work starts: its provider and model, or why it has none. */
export type RewriteLlm = { provider: ChatProvider; baseModel: string } | { unavailable: string };

/** The LLM path's answer: the text the rule engine's pass restyles next, and the report of the path. */
export interface LlmRewriteResult {
  /** The chosen draft; the message itself when the rule engine answers. */
  text: string;
  report: DraftReport;
}

/** True when rewrite mode asks an LLM by default: STYLER_LLM_REWRITE is not off and a service is configured. */
export function llmRewriteEnabled(config: ProviderConfig): boolean {
  return config.llmRewrite && configuredServices(config).length > 0;
}

/**
 * The LLM a rewrite of `modelName` asks (defaultBaseModel, as chat completions choose it) and its
 * provider, or why there is none: no model named anywhere, or none of the configured services can
 * be told to serve it.
 */
export async function resolveRewriteLlm(
  store: Pick<StylerStore, 'models' | 'jobs'>,
  config: ProviderConfig,
  organizationId: string,
  modelName: string,
): Promise<RewriteLlm> {
  const baseModel = await defaultBaseModel(store, config, organizationId, modelName);
  if (baseModel === undefined) {
    return {
      unavailable:
        'No LLM is named for this model: set base_model when creating the fine-tuning job, ' +
        `STYLER_LLM_REWRITE_MODEL, or list a model in ${MODEL_LIST_VARIABLES}.`,
    };
  }
  try {
    return { provider: resolveChatProvider({ baseModel }, config), baseModel };
  } catch (error) {
    if (error instanceof ProviderError) return { unavailable: error.message };
    throw error;
  }
}

/** What one LLM rewrite needs: the resolved LLM, the text and model, the brief's messages, the restyle options. */
export interface LlmRewriteRequest {
  llm: RewriteLlm;
  original: string;
  styleModel: StyleModel;
  /** The rewrite rules and the style brief around `original` (StyleBriefs.rewriteMessages). */
  messages: () => Promise<ChatMessage[]>;
  options: RestyleOptions;
  /** When the LLM must have finished (ms since the epoch), and the milliseconds that leaves it. */
  deadline: number;
  budgetMs: number;
  /** The client's: its abort rejects. */
  signal: AbortSignal;
}

function fallbackReport(
  reason: FallbackReason,
  message: string,
  cap: PipelineCap,
  spent: { calls: number; promptTokens: number; completionTokens: number; totalTokens: number },
  baseModel?: string,
): DraftReport {
  return {
    winner: 'input',
    drafts: [],
    repairs: [],
    calls: spent.calls,
    usage: {
      prompt_tokens: spent.promptTokens,
      completion_tokens: spent.completionTokens,
      total_tokens: spent.totalTokens,
    },
    cap: { max_calls: cap.maxCalls, max_total_tokens: cap.maxTotalTokens },
    ...(baseModel !== undefined && { base_model: baseModel }),
    rewrite_engine: 'rules',
    fallback: { reason, message },
  };
}

const NOTHING_SPENT = { calls: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/**
 * The LLM pipeline's choice among drafts of `original` (as many drafts as the cost cap holds, at
 * least one; a revision where it helps), or the message back for the rule engine with the reason.
 */
export async function rewriteWithFallback(request: LlmRewriteRequest): Promise<LlmRewriteResult> {
  const { llm, original, signal } = request;
  const cap = pipelineCap({}, LLM_PIPELINE.maxCalls);
  if ('unavailable' in llm) {
    return { text: original, report: fallbackReport('not_configured', llm.unavailable, cap, NOTHING_SPENT) };
  }
  const messages = await request.messages();
  const maxTokens = rewriteMaxTokens(original);
  const prompt = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  const fits = Math.floor((cap.maxTotalTokens - prompt) / maxTokens);
  if (fits < 1) {
    const message =
      `The text needs about ${prompt + maxTokens} tokens for one draft (prompt and answer), ` +
      `over the cap of ${cap.maxTotalTokens}.`;
    return { text: original, report: fallbackReport('cost_cap', message, cap, NOTHING_SPENT, llm.baseModel) };
  }
  const metered = new MeteredProvider(llm.provider, request.deadline, request.budgetMs);
  try {
    const choice = await rewriteWithLLM(
      original,
      request.styleModel,
      metered,
      {
        ...request.options,
        baseModel: llm.baseModel,
        n: Math.min(LLM_PIPELINE.drafts, fits),
        revise: LLM_PIPELINE.revise,
        maxTokens,
        ...cap,
        signal,
      },
      messages,
    );
    const report = { ...draftReport(choice, cap), base_model: llm.baseModel };
    if (choice.winner !== 'input') return { text: choice.text, report: { ...report, rewrite_engine: 'llm' } };
    const fallback = {
      reason: 'nothing_kept' as const,
      message: 'Every draft lost something the keep policy protects (see each draft’s losses).',
    };
    return { text: original, report: { ...report, rewrite_engine: 'rules', fallback } };
  } catch (error) {
    if (signal.aborted || !(error instanceof ProviderError)) throw error;
    const reason = metered.timedOut ? 'time_budget' : 'provider_failed';
    return { text: original, report: fallbackReport(reason, error.message, cap, metered.cost, llm.baseModel) };
  } finally {
    metered.close();
  }
}
