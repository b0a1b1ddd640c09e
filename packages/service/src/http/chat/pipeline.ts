/**
 * POST /chat/completions for a style model: the base model writes the answer to the user's
 * messages under the model's style brief (a system message ahead of theirs, so the first draft is
 * already in the voice); the service's LLM pipeline (src/llm-pipeline.ts) asks for drafts, scores them
 * against the model, revises the closest once where it helps, and returns the closest first
 * (chooseDraft), within the request's cost cap. No rule-based pass runs over the LLM's text: over a
 * draft it is where the engine errs most, and the brief already carries the habits it would apply.
 */
import { ServiceError } from '../../errors.js';
import { rankDrafts, type DraftChoice, type StyleModel } from '@styler-dev/engine';
import {
  configuredServices,
  noServiceConfigured,
  resolveChatProvider,
  type ChatMessage,
  type ChatProvider,
  type ChatUsage,
  type ProviderConfig,
} from '@styler-dev/engine/providers';
import { randomId, type Principal, type StylerStore } from '../../store/index.js';
import type { ChatCompletionRequest, DraftReport } from '../chat-schemas.js';
import { chooseWithinCap, pipelineCap } from '../../llm-pipeline.js';
import { draftReport } from '../draft-report.js';
import type { StyleBriefs } from '../../style-models/briefs.js';
import { defaultBaseModel, MODEL_LIST_VARIABLES } from '../default-base-model.js';
import type { StyleModelCache } from '../../style-models/cache.js';
import type { CompletionChoice, CompletionIdentity } from '../completion.js';
import { countUsage, type Usage } from '../usage.js';
import { samplingOptions, toChatRequest, type ChatRequest } from './request.js';
import { cutAtStop } from './stop-sequences.js';

export interface ChatPipelineDeps {
  store: StylerStore;
  models: StyleModelCache;
  briefs: StyleBriefs;
  providerConfig: ProviderConfig;
  maxTextChars: number;
}

/** A validated request with its model, brief and provider resolved. */
export interface PreparedChat {
  request: ChatRequest;
  styleModel: StyleModel;
  provider: ChatProvider;
  baseModel: string;
  /** The brief's system message, then the user's messages. */
  messages: ChatMessage[];
  identity: CompletionIdentity;
}

/** The answer: choices closest first, usage, and how they were chosen. */
export interface ChatAnswer {
  choices: CompletionChoice[];
  usage: Usage;
  report: DraftReport;
}

/**
 * The 501 of a server without any LLM, as full-mode transforms answer: the server's configuration,
 * not the request (a retry cannot help), with the providers' own word on what to set.
 */
function needsAnLlm(): ServiceError {
  return new ServiceError(
    'provider_not_configured',
    `Chat completions need an LLM to write. ${noServiceConfigured().message}`,
  );
}

/** The drafts of a choice, the returned text first: the winner (or revision), then the rest as the engine ranks them. */
function ranked(choice: DraftChoice): CompletionChoice[] {
  const rest = rankDrafts(choice.drafts.filter((draft) => draft.index !== choice.winner)).map((draft) => ({
    content: draft.text,
    finishReason: draft.finishReason,
  }));
  const winner = choice.drafts.find((draft) => draft.index === choice.winner);
  const first = winner
    ? { content: winner.text, finishReason: winner.finishReason }
    : { content: choice.text, finishReason: 'stop' };
  return [first, ...rest];
}

export class ChatPipeline {
  readonly #deps: ChatPipelineDeps;

  constructor(deps: ChatPipelineDeps) {
    this.#deps = deps;
  }

  /**
   * Reads the (schema-checked) body; resolves the style model (404 when unknown or not trained), the
   * base model (the request's, else the fine-tuning job's, else the configured default) and its
   * provider. Without any LLM configured: 400 naming what to set.
   */
  async prepare(principal: Principal, body: ChatCompletionRequest): Promise<PreparedChat> {
    const request = toChatRequest(body, { maxTextChars: this.#deps.maxTextChars });
    const styleModel = await this.#deps.models.get(principal.organizationId, request.model);
    // The client can do nothing about a server without an LLM but read how to set one up: a 400.
    if (configuredServices(this.#deps.providerConfig).length === 0) throw needsAnLlm();
    const baseModel = request.baseModel ?? (await this.#defaultBaseModel(principal.organizationId, request.model));
    const provider = resolveChatProvider(
      { baseModel, ...(request.baseModelService !== undefined && { service: request.baseModelService }) },
      this.#deps.providerConfig,
    );
    return {
      request,
      styleModel,
      provider,
      baseModel,
      messages: await this.#deps.briefs.fullModeMessages(
        principal.organizationId,
        request.model,
        styleModel,
        request.messages,
      ),
      identity: { id: randomId('chatcmpl'), created: Math.floor(Date.now() / 1000), model: request.model },
    };
  }

  /** True when the answer is a single draft: it can stream as the base model writes it. */
  streamsThrough(prepared: PreparedChat): boolean {
    return prepared.request.candidates === 1 && !prepared.request.revise;
  }

  /** The drafts, chosen and ranked; stop sequences applied to each returned choice. */
  async answer(prepared: PreparedChat, signal: AbortSignal): Promise<ChatAnswer> {
    const { request } = prepared;
    const cap = pipelineCap(request, request.candidates + (request.revise ? 1 : 0));
    const choice = await chooseWithinCap(prepared.styleModel, prepared.provider, {
      baseModel: prepared.baseModel,
      messages: prepared.messages,
      n: request.candidates,
      revise: request.revise,
      ...samplingOptions(request),
      ...cap,
      signal,
    });
    const choices = ranked(choice)
      .slice(0, request.n)
      .map((one) => {
        const cut = cutAtStop(one.content, request.stop);
        return { content: cut.text, finishReason: cut.stopped ? 'stop' : one.finishReason };
      });
    return { choices, usage: this.usage(prepared, choice.usage, choices), report: draftReport(choice, cap) };
  }

  /**
   * The provider's token counts when it reported them (what the call cost), else counted here with
   * o200k_base: the messages sent (brief included) and the returned choices.
   */
  usage(prepared: PreparedChat, reported: ChatUsage | undefined, choices: readonly CompletionChoice[]): Usage {
    if (reported !== undefined && reported.totalTokens > 0) {
      return {
        prompt_tokens: reported.promptTokens,
        completion_tokens: reported.completionTokens,
        total_tokens: reported.totalTokens,
      };
    }
    return countUsage(prepared.messages, choices.map((choice) => choice.content).join(''));
  }

  async #defaultBaseModel(organizationId: string, modelName: string): Promise<string> {
    const { store, providerConfig } = this.#deps;
    const baseModel = await defaultBaseModel(store, providerConfig, organizationId, modelName);
    if (baseModel !== undefined) return baseModel;
    throw new ServiceError(
      'invalid_input',
      `Name the LLM that writes: base_model in the request, base_model when creating the fine-tuning job, or a model listed in ${MODEL_LIST_VARIABLES}.`,
    );
  }
}
