/**
 * The transform, one sequence for the JSON and the streaming responses: prepare (validate, resolve
 * model and provider), then run: base text (full mode) → restyle → extras. The routes only write
 * its result out.
 */
import { randomId } from '../../store/index.js';
import { ServiceError } from '../errors.js';
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
import { draftWithLLM } from '@styler/engine';
import type { StyleModel } from '@styler/engine';
import type { StyleBriefs } from '../style-briefs.js';
import type { StyleModelCache } from '../style-models.js';
import type { CompletionIdentity, TransformExtras } from './completion.js';
import { distanceMetrics } from './edit-distance.js';
import type { TransformRequestBody } from '../api-schemas.js';
import { toTransformRequest, type TransformRequest } from './request.js';
import { countUsage, type Usage } from './usage.js';
import { wordDiff } from './word-diff.js';

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

/** A transform's result: the styled text, why the base text stopped, usage, and the extras being computed. */
export interface TransformResult {
  styled: string;
  finishReason: string;
  usage: Usage;
  extras: Promise<TransformExtras>;
}

/** The base model's text and why it stopped ('stop', 'length', ...). */
export interface BaseText {
  text: string;
  finishReason: string;
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
   * The whole transform: the text to style (the message in rewrite mode; the base model's answer
   * in full mode, streamed when `onFirstDelta` is given, which is called as the first piece
   * arrives), then the restyle on the pool, then the extras the flags ask for, started at once and
   * left for the caller to await (a stream sends the text while they run).
   */
  async run(prepared: PreparedTransform, signal: AbortSignal, onFirstDelta?: () => void): Promise<TransformResult> {
    const { input } = prepared.request;
    const base: BaseText =
      input.mode === 'rewrite'
        ? { text: input.message, finishReason: 'stop' }
        : onFirstDelta
          ? await this.#streamBase(prepared, signal, onFirstDelta)
          : await this.#generateBase(prepared, signal);
    signal.throwIfAborted();
    const budget = this.#startBudget(prepared, signal);
    const { styled, quality } = await this.#restyle(prepared, base.text, budget);
    signal.throwIfAborted();
    const extras = this.#extras(prepared, base.text, styled, budget, quality);
    // Awaited by the caller; until then a failure must not count as unhandled.
    extras.catch(() => undefined);
    return { styled, finishReason: base.finishReason, usage: this.#usage(prepared, styled), extras };
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

  /** Full mode: the base model's answer to `messages`, in one request. */
  async #generateBase(prepared: PreparedTransform, signal: AbortSignal): Promise<BaseText> {
    const { input } = prepared.request;
    if (input.mode !== 'full' || !prepared.provider) throw new TypeError('generateBase needs a full-mode request');
    const result = await prepared.provider.complete({
      model: input.baseModel,
      messages: await this.#fullModeMessages(prepared),
      temperature: input.baseTemperature,
      signal,
    });
    return { text: checkBaseText(result.content), finishReason: result.finishReason };
  }

  /**
   * Full mode, streamed from the provider: calls `onFirstDelta` when the first piece arrives (so
   * the caller can open its own stream only once the provider answered), and returns the whole text.
   */
  async #streamBase(prepared: PreparedTransform, signal: AbortSignal, onFirstDelta: () => void): Promise<BaseText> {
    const { input } = prepared.request;
    if (input.mode !== 'full' || !prepared.provider) throw new TypeError('streamBase needs a full-mode request');
    let text = '';
    let first = true;
    for await (const delta of prepared.provider.stream({
      model: input.baseModel,
      messages: await this.#fullModeMessages(prepared),
      temperature: input.baseTemperature,
      signal,
    })) {
      if (first && delta !== '') {
        first = false;
        onFirstDelta();
      }
      text += delta;
    }
    return { text: checkBaseText(text), finishReason: 'stop' };
  }

  /**
   * The styled text of `original` with the request's heading options and the model's length rule:
   * the engine's restyle on the pool; with the LLM rewrite configured, the LLM's draft under the
   * style brief (draftWithLLM), or the engine's restyle when the draft lost a fact. The engine's
   * restyle measures its quality in the same task when the flags ask for it (each text analysed once).
   */
  async #restyle(
    prepared: PreparedTransform,
    original: string,
    budget: EngineBudget,
  ): Promise<{ styled: string; quality?: QualityAnalytics }> {
    const { flags } = prepared.request;
    const options = {
      matchOutputLength: prepared.styleModel.matchOutputLength,
      skipHeadings: flags.skipHeadings,
      skipH1: flags.skipH1,
      perspective: prepared.request.perspective,
    };
    if (this.#llmRewrite) {
      const { provider, model } = this.#llmRewrite;
      const draft = await draftWithLLM(original, prepared.styleModel, provider, {
        ...options,
        baseModel: model,
        signal: budget.signal,
      });
      // An accepted draft is the answer: no rule-based pass over an LLM's text (restyleWithLLM).
      if (draft !== original) return { styled: draft };
    }
    if (!flags.includeQuality)
      return { styled: await this.#deps.pool.restyle(original, prepared.styleModel, options, budget) };
    const measured = await this.#deps.pool.restyleWithQuality(
      original,
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
