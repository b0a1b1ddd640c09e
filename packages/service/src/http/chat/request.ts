/**
 * Turns a POST /chat/completions body, already checked against its schema (chat-schemas.ts), into
 * a typed request: message parts joined, roles mapped, defaults filled. What the schema leaves open
 * is checked here: fields that would change what an answer means (tools, a JSON response format)
 * are refused rather than ignored, and the texts together are bounded.
 */
import { ServiceError } from '../../errors.js';
import { STYLE_DEFAULTS } from '@styler-dev/engine';
import type { ChatMessage } from '@styler-dev/engine/providers';
import type { ChatCompletionRequest } from '../chat-schemas.js';
import { LLM_PIPELINE } from '../../llm-pipeline.js';

export interface ChatRequest {
  /** The fine-tuned model's name. */
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  includeUsage: boolean;
  /** Choices returned, closest to the author first. */
  n: number;
  /** Drafts asked for and chosen among (≥ n). */
  candidates: number;
  revise: boolean;
  temperature?: number;
  maxTokens?: number;
  stop: string[];
  baseModel?: string;
  baseModelService?: string;
  maxLlmCalls?: number;
  maxLlmTokens?: number;
}

/** 'developer' is OpenAI's newer name for the system role. */
const ROLES = { system: 'system', developer: 'system', user: 'user', assistant: 'assistant' } as const;

/** Request fields that change what an answer means; a service that ignored them would answer wrongly. */
const REFUSED: Readonly<Record<string, (value: unknown) => boolean>> = {
  tools: (value) => Array.isArray(value) && value.length > 0,
  functions: (value) => Array.isArray(value) && value.length > 0,
  tool_choice: (value) => value !== 'none',
  function_call: (value) => value !== 'none',
  response_format: (value) => (value as { type?: unknown }).type !== 'text',
  logprobs: (value) => value === true,
  audio: () => true,
  modalities: (value) => !(Array.isArray(value) && value.every((m) => m === 'text')),
};

function refuseUnsupported(body: Record<string, unknown>): void {
  for (const [field, refused] of Object.entries(REFUSED)) {
    const value = body[field];
    if (value !== undefined && value !== null && refused(value)) {
      throw new ServiceError('invalid_input', `${field} is not supported: a style model answers with text only.`);
    }
  }
}

function textOf(content: ChatCompletionRequest['messages'][number]['content']): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

/** The typed request; throws ServiceError invalid_input (400) or text_too_long (413). null fields count as absent. */
export function toChatRequest(body: ChatCompletionRequest, limits: { maxTextChars: number }): ChatRequest {
  refuseUnsupported(body as Record<string, unknown>);
  const messages = body.messages.map(({ role, content }): ChatMessage => ({
    role: ROLES[role],
    content: textOf(content),
  }));
  if (!messages.some((message) => message.content.trim() !== '')) {
    throw new ServiceError('invalid_input', 'messages must hold at least one message with text.');
  }
  if (messages.reduce((sum, message) => sum + message.content.length, 0) > limits.maxTextChars) {
    throw new ServiceError('text_too_long', `Text is too long: at most ${limits.maxTextChars} characters.`);
  }
  const n = body.n ?? 1;
  const stream = body.stream === true;
  // The pipeline's drafts and revision by default; a stream without them flows through as written.
  const candidates = body.candidates ?? (stream ? n : Math.max(n, LLM_PIPELINE.drafts));
  if (candidates < n) {
    throw new ServiceError('invalid_input', `candidates (${candidates}) must be at least n (${n}).`);
  }
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const stop = body.stop ?? [];
  return {
    model: body.model.trim(),
    messages,
    stream,
    includeUsage: body.stream_options?.include_usage === true,
    n,
    candidates,
    revise: body.revise ?? (!stream && LLM_PIPELINE.revise),
    ...(body.temperature != null && { temperature: body.temperature }),
    ...(maxTokens != null && { maxTokens }),
    stop: typeof stop === 'string' ? [stop] : stop,
    ...(body.base_model != null && { baseModel: body.base_model.trim() }),
    ...(body.base_model_service != null && { baseModelService: body.base_model_service.trim() }),
    ...(body.max_llm_calls != null && { maxLlmCalls: body.max_llm_calls }),
    ...(body.max_llm_tokens != null && { maxLlmTokens: body.max_llm_tokens }),
  };
}

/** How the base model samples a chat request's drafts: what a call to the provider carries. */
export interface SamplingOptions {
  temperature: number;
  maxTokens?: number;
}

/**
 * The sampling options of every base-model call for a request, streamed single draft and the
 * pipeline's drafts alike: the request's temperature, else the documented default (0.7, the
 * engine's), and its max_tokens when set. One builder, so the two paths cannot send different defaults.
 */
export function samplingOptions(request: ChatRequest): SamplingOptions {
  return {
    temperature: request.temperature ?? STYLE_DEFAULTS.llmTemperature,
    ...(request.maxTokens !== undefined && { maxTokens: request.maxTokens }),
  };
}
