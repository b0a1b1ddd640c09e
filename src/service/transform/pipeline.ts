/**
 * The transform pipeline, shared by the JSON and the streaming responses:
 * prepare (validate, resolve model and provider) → base text (full mode) → restyle → extras.
 */
import { randomId } from '../../store/index.js';
import { StylerError } from '../../errors.js';
import type { AnalyticsPool } from '../../pool/index.js';
import { resolveChatProvider, type ChatProvider, type ProviderConfig } from '../../providers/index.js';
import type { Principal } from '../../store/index.js';
import type { StyleModel } from '../../style/types.js';
import type { StyleModelCache } from '../style-models.js';
import type { CompletionIdentity, TransformExtras } from './completion.js';
import { distanceMetrics } from './edit-distance.js';
import { parseTransformRequest, type TransformRequest } from './request.js';
import { countUsage, type Usage } from './usage.js';
import { wordDiff } from './word-diff.js';

/** A validated request with everything resolved that can fail before any work starts. */
export interface PreparedTransform {
  request: TransformRequest;
  styleModel: StyleModel;
  /** The base model's provider (full mode only). */
  provider?: ChatProvider;
  identity: CompletionIdentity;
}

/** The base model's text and why it stopped ('stop', 'length', ...). */
export interface BaseText {
  text: string;
  finishReason: string;
}

export interface TransformPipelineDeps {
  pool: Pick<AnalyticsPool, 'restyle' | 'qualityAnalytics'>;
  models: StyleModelCache;
  providerConfig: ProviderConfig;
  maxTextChars: number;
}

function aborted(signal: AbortSignal): StylerError {
  return new StylerError('internal', 'The client disconnected.', { cause: signal.reason });
}

export class TransformPipeline {
  readonly #deps: TransformPipelineDeps;

  constructor(deps: TransformPipelineDeps) {
    this.#deps = deps;
  }

  /**
   * Validates `body` and resolves the model (404 when unknown to the organization or not trained)
   * and, in full mode, the base model's provider (a clear 400 naming what to configure).
   */
  prepare(principal: Principal, body: unknown): PreparedTransform {
    const request = parseTransformRequest(body, { maxTextChars: this.#deps.maxTextChars });
    const styleModel = this.#deps.models.get(principal.organizationId, request.model);
    const identity = { id: randomId('chatcmpl'), created: Math.floor(Date.now() / 1000), model: request.model };
    if (request.input.mode === 'rewrite') return { request, styleModel, identity };
    const provider = resolveChatProvider(
      { baseModel: request.input.baseModel, service: request.input.baseModelService },
      this.#deps.providerConfig,
    );
    return { request, styleModel, provider, identity };
  }

  /** Full mode: the base model's answer to `messages`, in one request. */
  async generateBase(prepared: PreparedTransform, signal: AbortSignal): Promise<BaseText> {
    const { input } = prepared.request;
    if (input.mode !== 'full' || !prepared.provider) throw new TypeError('generateBase needs a full-mode request');
    const result = await prepared.provider.complete({
      model: input.baseModel,
      messages: input.messages,
      temperature: input.baseTemperature,
      signal,
    });
    return { text: checkBaseText(result.content), finishReason: result.finishReason };
  }

  /**
   * Full mode, streamed from the provider: calls `onFirstDelta` when the first piece arrives (so
   * the caller can open its own stream only once the provider answered), and returns the whole text.
   */
  async streamBase(prepared: PreparedTransform, signal: AbortSignal, onFirstDelta: () => void): Promise<BaseText> {
    const { input } = prepared.request;
    if (input.mode !== 'full' || !prepared.provider) throw new TypeError('streamBase needs a full-mode request');
    let text = '';
    let first = true;
    for await (const delta of prepared.provider.stream({
      model: input.baseModel,
      messages: input.messages,
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

  /** The styled text of `original`, on the pool, with the request's heading options and the model's length rule. */
  async restyle(prepared: PreparedTransform, original: string): Promise<string> {
    const { flags } = prepared.request;
    return this.#deps.pool.restyle(original, prepared.styleModel, {
      matchOutputLength: prepared.styleModel.matchOutputLength,
      skipHeadings: flags.skipHeadings,
      skipH1: flags.skipH1,
    });
  }

  /** The extras the flags ask for, computed together: quality on the pool, diff and distance here. */
  async extras(prepared: PreparedTransform, original: string, styled: string, signal: AbortSignal): Promise<TransformExtras> {
    const { flags } = prepared.request;
    const [quality, diff, distance] = await Promise.all([
      flags.includeQuality
        ? this.#deps.pool.qualityAnalytics({
            personalized: styled,
            unpersonalized: original,
            groundTruth: prepared.styleModel.groundTruth,
            includeRouge: flags.includeRouge,
          })
        : undefined,
      flags.includeCompareOriginal ? wordDiff(original, styled) : undefined,
      flags.includeDistance ? distanceMetrics(original, styled) : undefined,
    ]);
    if (signal.aborted) throw aborted(signal);
    return {
      ...(quality && { quality_analytics: quality }),
      ...(diff && { comparison: { original, diff } }),
      ...(distance && { distance }),
    };
  }

  /** Token usage: the prompt (message or messages) and the styled completion. */
  usage(prepared: PreparedTransform, styled: string): Usage {
    const { input } = prepared.request;
    return countUsage(input.mode === 'rewrite' ? input.message : input.messages, styled);
  }
}

function checkBaseText(text: string): string {
  if (text.trim() === '') throw new StylerError('provider_failed', 'The base model returned no text.');
  return text;
}
