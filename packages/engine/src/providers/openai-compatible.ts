/**
 * A ChatProvider for any server that speaks OpenAI's chat-completions HTTP API (OpenAI, Ollama's
 * /v1, vLLM, llama.cpp server, LM Studio), using Node's global fetch and no SDK.
 */
import type { ChatProvider, ChatRequest, ChatResult } from './types.js';
import { readChatDeltas } from './chat-stream.js';
import {
  httpStatusError,
  malformedResponseError,
  networkError,
  ProviderError,
  timeoutError,
} from './provider-errors.js';
import { buildRequestBody, parseCompletion, type MaxTokensParameter } from './wire.js';

/** How to reach one OpenAI-compatible endpoint. */
export interface OpenAICompatibleProviderOptions {
  /** Service name used in error messages and as ChatProvider.name, e.g. `ollama`. */
  name: string;
  /** Base URL including the version segment, e.g. `http://127.0.0.1:11434/v1`; a trailing slash is fine. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /**
   * complete(): the longest the whole request may take. stream(): the longest the provider may stay
   * silent (before the first byte, or between chunks); time the caller spends between pulls does not count.
   * Milliseconds, integer from 1 to 2^31 - 1.
   */
  timeoutMs: number;
  /** Body field for ChatRequest.maxTokens; default `max_tokens`. OpenAI's own API wants `max_completion_tokens`. */
  maxTokensParameter?: MaxTokensParameter;
}

const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Creates a provider that POSTs to `{baseUrl}/chat/completions`. Throws TypeError for a missing name
 * or a base URL that is not an absolute http(s) URL, RangeError for a bad timeoutMs.
 * Failures at request time are ProviderError('provider_failed') naming the service and URL or HTTP
 * status; an abort through ChatRequest.signal rejects with the signal's reason, untranslated.
 */
export function createOpenAICompatibleProvider(options: OpenAICompatibleProviderOptions): ChatProvider {
  const { name, apiKey, timeoutMs } = options;
  if (typeof name !== 'string' || name.trim() === '') throw new TypeError('options.name must be a non-empty string');
  const endpoint = `${checkBaseUrl(options.baseUrl).replace(/\/+$/, '')}/chat/completions`;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`options.timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS}, got ${String(timeoutMs)}`);
  }
  const maxTokensParameter = options.maxTokensParameter ?? 'max_tokens';

  async function post(body: Record<string, unknown>, control: RequestControl, accept: string): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (apiKey) headers['authorization'] = `Bearer ${apiKey}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: control.signal,
    });
    control.bodyStarted = true;
    if (!response.ok) throw httpStatusError(name, response.status, await response.text().catch(() => ''));
    return response;
  }

  async function complete(request: ChatRequest): Promise<ChatResult> {
    const body = buildRequestBody(request, false, maxTokensParameter);
    const control = new RequestControl(request.signal, timeoutMs);
    try {
      const response = await post(body, control, 'application/json');
      return parseCompletion(name, await readJson(response, name));
    } catch (error) {
      throw control.translate(error, name, endpoint);
    } finally {
      control.dispose();
    }
  }

  async function* stream(request: ChatRequest): AsyncGenerator<string, void, undefined> {
    const body = buildRequestBody(request, true, maxTokensParameter);
    const control = new RequestControl(request.signal, timeoutMs);
    try {
      const response = await post(body, control, 'text/event-stream');
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        // The server ignored `stream: true` and answered in one piece; pass it on as one delta.
        const result = parseCompletion(name, await readJson(response, name));
        if (result.usage) request.onUsage?.(result.usage);
        control.pauseTimer();
        if (result.content) yield result.content;
        return;
      }
      if (!response.body) throw malformedResponseError(name, 'the streamed response has no body');
      const events = restartTimerOnRead(response.body, () => control.restartTimer());
      for await (const delta of readChatDeltas(events, name, request.onUsage)) {
        control.pauseTimer();
        yield delta;
        control.restartTimer();
      }
    } catch (error) {
      throw control.translate(error, name, endpoint);
    } finally {
      control.dispose();
    }
  }

  return { name, complete, stream };
}

function checkBaseUrl(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new TypeError(`options.baseUrl must be an absolute http(s) URL without credentials, got ${String(baseUrl)}`);
  }
  return url.href;
}

async function readJson(response: Response, service: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw malformedResponseError(service, `the body is not JSON: ${text.slice(0, 80)}`);
  }
}

/**
 * The caller's abort signal and our timeout, combined into one signal for fetch, plus the knowledge
 * needed to say afterwards which of them (if either) ended the request.
 */
class RequestControl {
  readonly #controller = new AbortController();
  readonly #userSignal: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #onUserAbort: () => void;
  #timer: NodeJS.Timeout | undefined;
  #timedOut = false;
  /** Headers have arrived: a network failure from now on broke the body, not the connection. */
  bodyStarted = false;

  constructor(userSignal: AbortSignal | undefined, timeoutMs: number) {
    this.#userSignal = userSignal;
    this.#timeoutMs = timeoutMs;
    this.#onUserAbort = () => this.#controller.abort(userSignal?.reason);
    if (userSignal?.aborted) this.#onUserAbort();
    else userSignal?.addEventListener('abort', this.#onUserAbort, { once: true });
    this.restartTimer();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  restartTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new ProviderError('provider_failed', 'timeout'));
    }, this.#timeoutMs);
  }

  pauseTimer(): void {
    clearTimeout(this.#timer);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#userSignal?.removeEventListener('abort', this.#onUserAbort);
  }

  /** The error to surface for `error`: the caller's abort reason, a timeout, or a provider_failed. */
  translate(error: unknown, service: string, url: string): unknown {
    if (this.#userSignal?.aborted) return this.#userSignal.reason ?? error;
    if (this.#timedOut) return timeoutError(service, url, this.#timeoutMs);
    if (error instanceof ProviderError) return error;
    // fetch reports connection failures (and a body cut short, "terminated") as TypeError with a cause.
    if (error instanceof TypeError) return networkError(service, url, error, this.bodyStarted);
    return error;
  }
}

/** Wraps `body` so every chunk actually read calls `onRead`; reads happen only when the consumer pulls. */
function restartTimerOnRead(body: ReadableStream<Uint8Array>, onRead: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        onRead();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // No read-ahead: otherwise chunks would be read (and the timer restarted) while the caller is busy.
    { highWaterMark: 0 },
  );
}
