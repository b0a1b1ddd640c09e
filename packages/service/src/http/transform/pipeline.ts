/**
 * The transform, one sequence for the JSON and the streaming responses: prepare (validate, resolve
 * model and provider), then run: base text (full mode) → restyle → extras. The routes only write
 * its result out.
 */
import { randomId } from '../../store/index.js';
import { ServiceError } from '../../errors.js';
import type { QualityAnalytics } from '@styler/analytics';
import type { PoolCallOptions } from '@styler/analytics/pool';
import type { StylePool } from '@styler/engine';
import {
  resolveChatProvider,
  type ChatMessage,
  type ChatProvider,
  type ProviderConfig,
} from '@styler/engine/providers';
import type { Principal } from '../../store/index.js';
import { estimateTokens, rewriteWithLLM, type DraftChoice, type StyleModel } from '@styler/engine';
import type { DraftReport } from '../chat-schemas.js';
import {
  chooseWithinCap,
  draftReport,
  LLM_PIPELINE,
  pipelineCap,
  rewriteMaxTokens,
  type PipelineCap,
} from '../llm-pipeline.js';
import type { StyleBriefs } from '../../style-models/briefs.js';
import type { StyleModelCache } from '../../style-models/cache.js';
import type { CompletionIdentity, TransformExtras } from '../completion.js';
import { distanceMetrics } from '../../compare/edit-distance.js';
import type { TransformRequestBody } from '../api-schemas.js';
import { toTransformRequest, type TransformRequest } from './request.js';
import { countUsage, type Usage } from '../usage.js';
import { wordDiff } from '../../compare/word-diff.js';

/** A validated request with everything resolved that can fail before any work starts. */
export interface PreparedTransform {
  request: TransformRequest;
  styleModel: StyleModel;
  /** The base model's provider (full mode only). */
  provider?: ChatProvider;
  identity: CompletionIdentity;
  /** The organization the work is for: its tasks take turns with other organizations' on the pool. */
  organizationId: string;
  /** When the request arrived (ms since the epoch): an organization's oldest requests go first. */
  receivedAt: number;
}

/** How the engine's work for one request runs on the pool: its tenant, order, deadline and cancellation. */
export type EngineBudget = Required<Pick<PoolCallOptions, 'tenant' | 'deadline' | 'submittedAt'>> & {
  signal: AbortSignal;
};

/**
 * A transform's result: the styled text, why the base text stopped, usage, the extras being
 * computed, and (where an LLM wrote) the report of the LLM pipeline's steps.
 */
export interface TransformResult {
  styled: string;
  finishReason: string;
  usage: Usage;
  extras: Promise<TransformExtras>;
  report?: DraftReport;
}

export interface TransformPipelineDeps {
  pool: Pick<StylePool, 'restyle' | 'restyleWithQuality' | 'qualityAnalytics'>;
  models: StyleModelCache;
  briefs: StyleBriefs;
  providerConfig: ProviderConfig;
  maxTextChars: number;
  /** Time budget of the engine's work per request, waiting for a thread included. */
  requestTimeoutMs: number;
}

function aborted(signal: AbortSignal): ServiceError {
  return new ServiceError('internal', 'The client disconnected.', { cause: signal.reason });
}

/** The optional LLM rewrite before the engine's restyle (STYLER_LLM_REWRITE with STYLER_LLM_REWRITE_MODEL). */
interface LlmRewrite {
  provider: ChatProvider;
  model: string;
}

/**
 * The LLM rewrite the provider configuration asks for, or undefined. Throws (at start-up) when
 * STYLER_LLM_REWRITE is on without a model or with a model no configured service can serve.
 */
export function llmRewriteOf(config: ProviderConfig): LlmRewrite | undefined {
  if (!config.llmRewrite) return undefined;
  if (!config.rewriteModel) throw new RangeError('STYLER_LLM_REWRITE is on: set STYLER_LLM_REWRITE_MODEL too');
  return { provider: resolveChatProvider({ baseModel: config.rewriteModel }, config), model: config.rewriteModel };
}

export class TransformPipeline {
  readonly #deps: TransformPipelineDeps;
  readonly #llmRewrite: LlmRewrite | undefined;

  constructor(deps: TransformPipelineDeps) {
    this.#deps = deps;
    this.#llmRewrite = llmRewriteOf(deps.providerConfig);
  }

  /**
   * Reads the (schema-checked) `body` and resolves the model (404 when unknown to the organization or not trained)
   * and, in full mode, the base model's provider (a clear 400 naming what to configure).
   */
  async prepare(principal: Principal, body: TransformRequestBody): Promise<PreparedTransform> {
    const receivedAt = Date.now();
    const request = toTransformRequest(body, { maxTextChars: this.#deps.maxTextChars });
    const styleModel = await this.#deps.models.get(principal.organizationId, request.model);
    const identity = { id: randomId('chatcmpl'), created: Math.floor(receivedAt / 1000), model: request.model };
    const common = { request, styleModel, identity, organizationId: principal.organizationId, receivedAt };
    if (request.input.mode === 'rewrite') return common;
    const provider = resolveChatProvider(
      { baseModel: request.input.baseModel, service: request.input.baseModelService },
      this.#deps.providerConfig,
    );
    return { ...common, provider };
  }

  /**
   * The whole transform: the text to style (rewrite mode: the message; full mode: the LLM
   * pipeline's answer to the conversation under the style brief, llm-pipeline.ts), then the restyle
   * on the pool, then the extras the flags ask for, started at once and left for the caller to await
   * (a stream sends the text while they run). `onOpen` is called once the text to restyle is there.
   */
  async run(prepared: PreparedTransform, signal: AbortSignal, onOpen?: () => void): Promise<TransformResult> {
    const { input } = prepared.request;
    let base = input.mode === 'rewrite' ? input.message : '';
    let finishReason = 'stop';
    let report: DraftReport | undefined;
    if (input.mode === 'full') {
      const written = await this.#fullMode(prepared, signal);
      ({ report, finishReason } = written);
      base = checkBaseText(written.choice.text);
    }
    signal.throwIfAborted();
    onOpen?.();
    const budget = this.#startBudget(prepared, signal);
    const restyled = await this.#restyle(prepared, base, budget, input.mode === 'rewrite');
    report ??= restyled.report;
    signal.throwIfAborted();
    const extras = this.#extras(prepared, base, restyled.styled, budget, restyled.quality);
    // Awaited by the caller; until then a failure must not count as unhandled.
    extras.catch(() => undefined);
    return {
      styled: restyled.styled,
      finishReason,
      usage: this.#usage(prepared, restyled.styled),
      extras,
      ...(report !== undefined && { report }),
    };
  }

  /**
   * The budget of the engine's work, which starts now: once the text to restyle is there (at once in
   * rewrite mode, after the base model answered in full mode, whose request has its own timeout).
   */
  #startBudget(prepared: PreparedTransform, signal: AbortSignal): EngineBudget {
    return {
      tenant: prepared.organizationId,
      submittedAt: prepared.receivedAt,
      deadline: Date.now() + this.#deps.requestTimeoutMs,
      signal,
    };
  }

  /** Full mode's messages: the model's style brief ahead of the user's. */
  async #fullModeMessages(prepared: PreparedTransform): Promise<ChatMessage[]> {
    const { input, model } = prepared.request;
    if (input.mode !== 'full') throw new TypeError('full mode only');
    return this.#deps.briefs.fullModeMessages(prepared.organizationId, model, prepared.styleModel, input.messages);
  }

  /** Full mode: the LLM pipeline's answer to the conversation under the style brief, with its report. */
  async #fullMode(
    prepared: PreparedTransform,
    signal: AbortSignal,
  ): Promise<{ choice: DraftChoice; report: DraftReport; finishReason: string }> {
    const { input } = prepared.request;
    if (input.mode !== 'full' || !prepared.provider) throw new TypeError('fullMode needs a full-mode request');
    const cap = pipelineCap({}, LLM_PIPELINE.maxCalls);
    const choice = await chooseWithinCap(prepared.styleModel, prepared.provider, {
      baseModel: input.baseModel,
      messages: await this.#fullModeMessages(prepared),
      n: LLM_PIPELINE.drafts,
      revise: LLM_PIPELINE.revise,
      temperature: input.baseTemperature,
      ...cap,
      signal,
    });
    const winner = choice.drafts.find((draft) => draft.index === choice.winner);
    return { choice, report: draftReport(choice, cap), finishReason: winner?.finishReason ?? 'stop' };
  }

  /**
   * Rewrite mode with the LLM rewrite configured: the pipeline's choice among drafts of `original`
   * under the style brief, with as many drafts as the token cap holds (at least one).
   */
  async #rewriteWithLLM(
    prepared: PreparedTransform,
    original: string,
    options: { matchOutputLength: boolean; skipHeadings: boolean; skipH1: boolean; perspective: 'keep' | 'author' },
    signal: AbortSignal,
  ): Promise<{ choice?: DraftChoice; cap: PipelineCap }> {
    const { provider, model } = this.#llmRewrite!;
    const messages = await this.#deps.briefs.rewriteMessages(
      prepared.organizationId,
      prepared.request.model,
      prepared.styleModel,
      original,
    );
    const cap = pipelineCap({}, LLM_PIPELINE.maxCalls);
    const maxTokens = rewriteMaxTokens(original);
    const prompt = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
    const fits = Math.floor((cap.maxTotalTokens - prompt) / maxTokens);
    // A text too long for even one draft under the cap is the engine's alone.
    if (fits < 1) return { cap };
    const choice = await rewriteWithLLM(
      original,
      prepared.styleModel,
      provider,
      {
        ...options,
        baseModel: model,
        n: Math.min(LLM_PIPELINE.drafts, fits),
        revise: LLM_PIPELINE.revise,
        maxTokens,
        ...cap,
        signal,
      },
      messages,
    );
    return { choice, cap };
  }

  /**
   * The styled text of `original` with the request's heading options and the model's length rule:
   * the engine's restyle on the pool; in rewrite mode with the LLM rewrite configured, the LLM
   * pipeline's choice among drafts under the style brief (#rewriteWithLLM), or the engine's restyle
   * when every draft failed the keep policy (the report says why). Full mode's text was written
   * under the brief already: the engine's pass alone applies the flags and the length rule. The
   * engine's restyle measures its quality in the same task when the flags ask for it.
   */
  async #restyle(
    prepared: PreparedTransform,
    original: string,
    budget: EngineBudget,
    llmMayRewrite: boolean,
  ): Promise<{ styled: string; quality?: QualityAnalytics; report?: DraftReport }> {
    const { flags } = prepared.request;
    const options = {
      matchOutputLength: prepared.styleModel.matchOutputLength,
      skipHeadings: flags.skipHeadings,
      skipH1: flags.skipH1,
      perspective: prepared.request.perspective,
    };
    let report: DraftReport | undefined;
    if (this.#llmRewrite && llmMayRewrite) {
      const { choice, cap } = await this.#rewriteWithLLM(prepared, original, options, budget.signal);
      if (choice !== undefined) report = draftReport(choice, cap);
      // An accepted draft is the answer: no rule-based pass over an LLM's text (restyleWithLLM).
      if (choice !== undefined && choice.winner !== 'input') return { styled: choice.text, ...(report && { report }) };
    }
    if (!flags.includeQuality) {
      const styled = await this.#deps.pool.restyle(original, prepared.styleModel, options, budget);
      return { styled, ...(report && { report }) };
    }
    const measured = await this.#deps.pool.restyleWithQuality(
      original,
      prepared.styleModel,
      options,
      flags.includeRouge,
      budget,
    );
    return { styled: measured.text, quality: measured.quality, ...(report && { report }) };
  }

  /**
   * The extras the flags ask for, computed together: quality on the pool (unless the restyle
   * measured it already), diff and distance here.
   */
  async #extras(
    prepared: PreparedTransform,
    original: string,
    styled: string,
    budget: EngineBudget,
    measured: QualityAnalytics | undefined,
  ): Promise<TransformExtras> {
    const { flags } = prepared.request;
    const [quality, diff, distance] = await Promise.all([
      flags.includeQuality
        ? (measured ??
          this.#deps.pool.qualityAnalytics(
            {
              personalized: styled,
              unpersonalized: original,
              groundTruth: prepared.styleModel.groundTruth,
              includeRouge: flags.includeRouge,
            },
            budget,
          ))
        : undefined,
      flags.includeCompareOriginal ? wordDiff(original, styled) : undefined,
      flags.includeDistance ? distanceMetrics(original, styled) : undefined,
    ]);
    if (budget.signal.aborted) throw aborted(budget.signal);
    return {
      ...(quality && { quality_analytics: quality }),
      ...(diff && { comparison: { original, diff } }),
      ...(distance && { distance }),
    };
  }

  /** Token usage: the prompt (message or messages) and the styled completion. */
  #usage(prepared: PreparedTransform, styled: string): Usage {
    const { input } = prepared.request;
    return countUsage(input.mode === 'rewrite' ? input.message : input.messages, styled);
  }
}

function checkBaseText(text: string): string {
  if (text.trim() === '') throw new ServiceError('provider_failed', 'The base model returned no text.');
  return text;
}
