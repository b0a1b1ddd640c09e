/**
 * The chat-completions wire format: building the request body and reading responses and stream
 * chunks (OpenAI's `/v1/chat/completions`, which Ollama, vLLM, llama.cpp and LM Studio mirror).
 */
import type { ChatChoice, ChatRequest, ChatResult, ChatUsage } from './types.js';
import { malformedResponseError, ProviderError } from './provider-errors.js';

/** Which body field carries the token limit: OpenAI's reasoning models accept only the newer one. */
export type MaxTokensParameter = 'max_tokens' | 'max_completion_tokens';

const ROLES = new Set(['system', 'user', 'assistant']);

/** Highest sampling temperature the OpenAI API accepts. */
export const MAX_TEMPERATURE = 2;

/** Most choices one request may ask for (ChatRequest.n): OpenAI's own limit. */
export const MAX_CHOICES = 128;

/**
 * The JSON body for `request`. Throws TypeError for a missing model or malformed messages and
 * RangeError for a temperature outside [0, 2], a maxTokens that is not a positive integer, or an `n`
 * outside 1..MAX_CHOICES (or above 1 when streaming: a stream carries one choice here).
 */
export function buildRequestBody(
  request: ChatRequest,
  stream: boolean,
  maxTokensParameter: MaxTokensParameter,
): Record<string, unknown> {
  if (typeof request.model !== 'string' || request.model.trim() === '') {
    throw new TypeError('request.model must be a non-empty string');
  }
  if (!Array.isArray(request.messages) || request.messages.length === 0) {
    throw new TypeError('request.messages must be a non-empty array');
  }
  request.messages.forEach((message, index) => {
    if (!message || !ROLES.has(message.role) || typeof message.content !== 'string') {
      throw new TypeError(`request.messages[${index}] must be { role: system|user|assistant, content: string }`);
    }
  });
  const body: Record<string, unknown> = {
    model: request.model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    stream,
  };
  if (request.temperature !== undefined) {
    const t = request.temperature;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > MAX_TEMPERATURE) {
      throw new RangeError(`request.temperature must be a number from 0 to ${MAX_TEMPERATURE}, got ${String(t)}`);
    }
    body['temperature'] = t;
  }
  if (request.maxTokens !== undefined) {
    if (!Number.isInteger(request.maxTokens) || request.maxTokens < 1) {
      throw new RangeError(`request.maxTokens must be a positive integer, got ${String(request.maxTokens)}`);
    }
    body[maxTokensParameter] = request.maxTokens;
  }
  if (request.n !== undefined) {
    if (!Number.isInteger(request.n) || request.n < 1 || request.n > MAX_CHOICES) {
      throw new RangeError(`request.n must be an integer from 1 to ${MAX_CHOICES}, got ${String(request.n)}`);
    }
    if (stream && request.n > 1) throw new RangeError('request.n above 1 is for complete(), not stream()');
    // n = 1 is the API's default: leave the field out, so servers that reject it still answer.
    if (request.n > 1) body['n'] = request.n;
  }
  if (stream && request.onUsage) body['stream_options'] = { include_usage: true };
  return body;
}

/** Token counts from a `usage` object, or undefined when absent or not numeric. */
export function parseUsage(value: unknown): ChatUsage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const usage = value as Record<string, unknown>;
  const prompt = usage['prompt_tokens'];
  const completion = usage['completion_tokens'];
  if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
  const total = usage['total_tokens'];
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: typeof total === 'number' ? total : prompt + completion,
  };
}

/**
 * The result in a non-streaming response, every choice included (ordered by their `index`, array
 * order when absent); throws provider_failed when it has no first choice or a choice's content is
 * not a string.
 */
export function parseCompletion(service: string, json: unknown): ChatResult {
  if (!firstChoice(json)) throw malformedResponseError(service, 'no choices[0] in the completion');
  const entries = (json as Record<string, unknown>)['choices'] as unknown[];
  const choices = entries
    .map((entry, position) => {
      if (!entry || typeof entry !== 'object') {
        throw malformedResponseError(service, `choices[${position}] is not an object`);
      }
      const choice = entry as Record<string, unknown>;
      const index = typeof choice['index'] === 'number' ? choice['index'] : position;
      return { index, position, choice: parseChoice(service, choice, position) };
    })
    .sort((a, b) => a.index - b.index || a.position - b.position)
    .map((entry) => entry.choice);
  const first = choices[0]!;
  const usage = parseUsage((json as Record<string, unknown>)['usage']);
  return { content: first.content, finishReason: first.finishReason, ...(usage && { usage }), choices };
}

function parseChoice(service: string, choice: Record<string, unknown>, position: number): ChatChoice {
  const message = choice['message'] as Record<string, unknown> | undefined;
  const content = message?.['content'];
  if (content !== null && content !== undefined && typeof content !== 'string') {
    throw malformedResponseError(service, `choices[${position}].message.content is not a string`);
  }
  const finishReason = choice['finish_reason'];
  return {
    // A refusal or tool call leaves content null; for text generation that is an empty answer.
    content: content ?? '',
    finishReason: typeof finishReason === 'string' ? finishReason : 'unknown',
  };
}

/** What one streamed chunk carries: a content delta and/or usage. */
export interface ChunkPayload {
  content?: string;
  usage?: ChatUsage;
}

/**
 * Reads one `data:` payload of a chat-completions stream. Throws provider_failed for JSON that
 * does not parse or for an in-stream `{"error": ...}` object (OpenAI and vLLM send these mid-stream).
 */
export function parseChunk(service: string, data: string): ChunkPayload {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw malformedResponseError(service, `a stream event is not JSON: ${data.slice(0, 80)}`);
  }
  if (!json || typeof json !== 'object') throw malformedResponseError(service, 'a stream event is not an object');
  const error = (json as Record<string, unknown>)['error'];
  if (error !== undefined && error !== null) {
    const message =
      typeof error === 'string' ? error : String((error as Record<string, unknown>)['message'] ?? 'unknown error');
    throw new ProviderError('provider_failed', `Base model service ${service} failed mid-stream: ${message}`);
  }
  const delta = firstChoice(json)?.['delta'] as Record<string, unknown> | undefined;
  const content = delta?.['content'];
  const usage = parseUsage((json as Record<string, unknown>)['usage']);
  return {
    ...(typeof content === 'string' && content.length > 0 && { content }),
    ...(usage && { usage }),
  };
}

function firstChoice(json: unknown): Record<string, unknown> | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const choices = (json as Record<string, unknown>)['choices'];
  if (!Array.isArray(choices)) return undefined;
  const choice: unknown = choices[0];
  return choice && typeof choice === 'object' ? (choice as Record<string, unknown>) : undefined;
}
