/**
 * The transform, one sequence for the JSON and the streaming responses: prepare (validate, resolve
 * model and provider), then run: the LLM's text (full mode; rewrite mode where an LLM is configured,
 * the rule engine answering when it cannot) → the rule engine's restyle → extras. The routes only
 * write its result out.
 */
import { randomId } from '../../store/index.js';
import { ServiceError } from '../../errors.js';
import type { QualityAnalytics } from '@styler-dev/analytics';
import type { PoolCallOptions } from '@styler-dev/analytics/pool';
import type { StylePool } from '@styler-dev/engine';
import {
  resolveChatProvider,
  type ChatMessage,
  type ChatProvider,
  type ProviderConfig,
} from '@styler-dev/engine/providers';
import type { Principal, StylerStore } from '../../store/index.js';
import type { DraftChoice, StyleModel } from '@styler-dev/engine';
import type { DraftReport } from '../chat-schemas.js';
import { chooseWithinCap, LLM_PIPELINE, pipelineCap } from '../../llm-pipeline.js';
import { draftReport } from '../draft-report.js';
import {
  LLM_REWRITE,
  llmRewriteEnabled,
  resolveRewriteLlm,
  rewriteWithFallback,
  type RewriteLlm,
} from './llm-rewrite.js';
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
  /** Rewrite mode with the LLM path: the LLM to ask, or why there is none (the rule engine answers). */
  rewriteLlm?: RewriteLlm;
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
  /** Where a model's fine-tuning job names the LLM a rewrite asks. */
  store: Pick<StylerStore, 'models' | 'jobs'>;
  pool: Pick<StylePool, 'restyle' | 'restyleWithQuality' | 'qualityAnalytics'>;
  models: StyleModelCache;
  briefs: StyleBriefs;
  providerConfig: ProviderConfig;
  maxTextChars: number;
  /**
   * Time budget per request of the engine's work, waiting for a thread included; in rewrite mode it
   * covers the LLM path too (LLM_REWRITE.budgetShare of it).
   */
  requestTimeoutMs: number;
}

function aborted(signal: AbortSignal): ServiceError {
  return new ServiceError('internal', 'The client disconnected.', { cause: signal.reason });
}

export class TransformPipeline {
  readonly #deps: TransformPipelineDeps;
  readonly #llmRewrite: boolean;

  constructor(deps: TransformPipelineDeps) {
    this.#deps = deps;
    this.#llmRewrite = llmRewriteEnabled(deps.providerConfig);
  }

  /**
   * Reads the (schema-checked) `body` and resolves the model (404 when unknown to the organization or not trained)
   * and, in full mode, the base model's provider (a clear 400 naming what to configure); in rewrite
   * mode with the LLM path, the LLM to ask (never an error: without one the rule engine answers).
   */
  async prepare(principal: Principal, body: TransformRequestBody): Promise<PreparedTransform> {
    const receivedAt = Date.now();
    const request = toTransformRequest(body, { maxTextChars: this.#deps.maxTextChars });
    const styleModel = await this.#deps.models.get(principal.organizationId, request.model);
    const identity = { id: randomId('chatcmpl'), created: Math.floor(receivedAt / 1000), model: request.model };
    const common = { request, styleModel, identity, organizationId: principal.organizationId, receivedAt };
    if (request.input.mode === 'rewrite') {
      if (!this.#llmRewrite || request.input.engine === 'rules') return common;
      const { store, providerConfig } = this.#deps;
      return {
        ...common,
        rewriteLlm: await resolveRewriteLlm(store, providerConfig, principal.organizationId, request.model),
      };
    }
    const provider = resolveChatProvider(
      { baseModel: request.input.baseModel, service: request.input.baseModelService },
      this.#deps.providerConfig,
    );
    return { ...common, provider };
  }

  /**
   * The whole transform: the text to style (full mode: the LLM pipeline's answer to the
   * conversation under the style brief, src/llm-pipeline.ts; rewrite mode: the message, or with the LLM
   * path the pipeline's draft of it, llm-rewrite.ts), then the rule engine's restyle on the pool,
   * then the extras the flags ask for, comparing with the text before styling (the message, or full
   * mode's base text), started at once and left for the caller to await (a stream sends the text
   * while they run). `onOpen` is called once the text to restyle is there.
   */
  async run(prepared: PreparedTransform, signal: AbortSignal, onOpen?: () => void): Promise<TransformResult> {
    const { input } = prepared.request;
    let original = input.mode === 'rewrite' ? input.message : '';
    let base = original;
    let finishReason = 'stop';
    let report: DraftReport | undefined;
    if (input.mode === 'full') {
      const written = await this.#fullMode(prepared, signal);
      ({ report, finishReason } = written);
      base = original = checkBaseText(written.choice.text);
    } else if (prepared.rewriteLlm !== undefined) {
      ({ text: base, report } = await this.#rewriteWithLlm(prepared, prepared.rewriteLlm, signal));
    }
    signal.throwIfAborted();
    onOpen?.();
    const budget = this.#startBudget(prepared, signal);
    // Quality compares with the original: the restyle can measure it in its own task unless an LLM drafted.
    const restyled = await this.#restyle(prepared, base, budget, base === original);
    signal.throwIfAborted();
    const extras = this.#extras(prepared, original, restyled.styled, budget, restyled.quality);
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
   * The budget of the engine's work: in rewrite mode with the LLM path from the request's arrival
   * (one budget for the LLM and the rule engine's pass), else from now: once the text to restyle is
   * there (at once in rewrite mode, after the base model answered in full mode, whose request has
   * its own timeout).
   */
  #startBudget(prepared: PreparedTransform, signal: AbortSignal): EngineBudget {
    const start = prepared.rewriteLlm !== undefined ? prepared.receivedAt : Date.now();
    return {
      tenant: prepared.organizationId,
      submittedAt: prepared.receivedAt,
      deadline: start + this.#deps.requestTimeoutMs,
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

  /** Rewrite mode's LLM path within its share of the time budget (llm-rewrite.ts). */
  async #rewriteWithLlm(
    prepared: PreparedTransform,
    llm: RewriteLlm,
    signal: AbortSignal,
  ): Promise<{ text: string; report: DraftReport }> {
    const { input, model, flags, perspective } = prepared.request;
    if (input.mode !== 'rewrite') throw new TypeError('rewriteWithLlm needs a rewrite-mode request');
    const budgetMs = this.#deps.requestTimeoutMs * LLM_REWRITE.budgetShare;
    return rewriteWithFallback({
      llm,
      original: input.message,
      styleModel: prepared.styleModel,
      messages: () =>
        this.#deps.briefs.rewriteMessages(prepared.organizationId, model, prepared.styleModel, input.message),
      options: {
        matchOutputLength: prepared.styleModel.matchOutputLength,
        skipHeadings: flags.skipHeadings,
        skipH1: flags.skipH1,
        perspective,
      },
      deadline: prepared.receivedAt + budgetMs,
      budgetMs,
      signal,
    });
  }

  /**
   * The rule engine's restyle of `text` on the pool, with the request's heading options and the
   * model's length rule: the message, or the text an LLM wrote under the brief (full mode, the
   * rewrite's draft), as the spec's full mode asks. With `measure`, it measures its quality against
   * `text` in the same task when the flags ask for it.
   */
  async #restyle(
    prepared: PreparedTransform,
    text: string,
    budget: EngineBudget,
    measure: boolean,
  ): Promise<{ styled: string; quality?: QualityAnalytics }> {
    const { flags } = prepared.request;
    const options = {
      matchOutputLength: prepared.styleModel.matchOutputLength,
      skipHeadings: flags.skipHeadings,
      skipH1: flags.skipH1,
      perspective: prepared.request.perspective,
    };
    if (!flags.includeQuality || !measure)
      return { styled: await this.#deps.pool.restyle(text, prepared.styleModel, options, budget) };
    const measured = await this.#deps.pool.restyleWithQuality(
      text,
      prepared.styleModel,
      options,
      flags.includeRouge,
      budget,
    );
    return { styled: measured.text, quality: measured.quality };
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
