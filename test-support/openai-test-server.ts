/**
 * A real OpenAI-compatible HTTP server for tests (node:http on 127.0.0.1, a free port), standing in
 * for the base LLM of full mode. Shared by the provider tests and the service tests; keep this API stable.
 *
 *   const server = await startOpenAITestServer({ reply: 'Hello there.' });
 *   // server.url === 'http://127.0.0.1:<port>/v1'   (point OPENAI_BASE_URL / STYLER_LLM_BASE_URL here)
 *   // server.requests: every request received, in order (RecordedRequest below)
 *   await server.close();
 *
 * Routes
 * - POST /v1/chat/completions: answers `reply` (see OpenAITestServerOptions) in OpenAI's format.
 *   Non-streaming: a `chat.completion` object with choices[0].message.content, finish_reason, usage.
 *   A request with `n` above 1 gets n choices (index 0..n-1), each the reply computed for that
 *   choice (reply's second argument), as OpenAI and vLLM do; with `ignoreN` set the server answers
 *   one choice whatever n says, as Ollama's OpenAI endpoint and llama.cpp may. Streaming always
 *   carries one choice.
 *   `"stream": true`: Server-Sent Events of `chat.completion.chunk` objects: first a role chunk
 *   (delta {role: 'assistant', content: ''}), then one chunk per piece of the reply (replyPieces:
 *   each word with the whitespace after it), then a chunk with an empty delta and finish_reason,
 *   then, only if the request had `stream_options.include_usage`, a usage chunk (choices: []),
 *   as OpenAI does, and finally `data: [DONE]`.
 *   max_tokens / max_completion_tokens cut the reply to that many pieces, finish_reason 'length';
 *   otherwise finish_reason is 'stop'.
 *   Usage counts are whitespace-separated words, not real tokens: prompt_tokens = words in all
 *   messages' content, completion_tokens = pieces sent (summed over the choices).
 *   A body that is not JSON, or lacks model or a non-empty messages array, or has an `n` that is
 *   not an integer from 1 to 128, gets a 400 OpenAI error.
 * - GET /v1/models: `{ object: 'list', data: [{ id, object: 'model', created, owned_by }] }`.
 * - Anything else: 404 with an OpenAI-style error body.
 * With requireApiKey set, every route first checks `Authorization: Bearer <key>` (401 otherwise).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The chat-completions request body as the server sees it (fields beyond these are kept). */
export interface ChatCompletionRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream_options?: { include_usage?: boolean };
  n?: number;
  [field: string]: unknown;
}

/** One request the server received. The last three fields change while the response is written. */
export interface RecordedRequest {
  method: string;
  /** Path including the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** Reply pieces written so far (streaming), or 1 once a non-streaming reply is sent. */
  chunksSent: number;
  /** The whole response was written. */
  completed: boolean;
  /** The client closed the connection before the response was complete (e.g. an abort). */
  clientAborted: boolean;
}

export interface OpenAITestServerOptions {
  /**
   * The assistant's reply: a fixed string, or computed from the request body and the choice's index
   * (0 unless the request asks for n > 1 choices). Default: defaultReply.
   */
  reply?: string | ((request: ChatCompletionRequestBody, choice: number) => string | Promise<string>);
  /** Answer one choice even when a request asks for n > 1 (a server without `n`). Default false. */
  ignoreN?: boolean;
  /**
   * Answer every chat completion with this status and body instead (after the API key check).
   * `body`: an object is sent as JSON, a string as plain text; default an OpenAI-style error object.
   */
  failWith?: { status: number; body?: unknown };
  /** Milliseconds to wait before each streamed piece, or once before a non-streaming reply. Default 0. */
  delayMs?: number;
  /** When set, requests must carry `Authorization: Bearer <requireApiKey>`. */
  requireApiKey?: string;
  /** Model ids GET /v1/models lists. Default ['test-model']. The completion route accepts any model. */
  models?: readonly string[];
  /** Streaming only: after this many pieces send an in-stream `{"error": {...}}` event and end without [DONE]. */
  failMidStreamAfterChunks?: number;
}

export interface OpenAITestServer {
  /** Base URL including /v1, without trailing slash: `http://127.0.0.1:<port>/v1`. */
  url: string;
  requests: RecordedRequest[];
  /** Stops the server, cutting open connections. */
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startOpenAITestServer(options: OpenAITestServerOptions = {}): Promise<OpenAITestServer> {
  const requests: RecordedRequest[] = [];
  let completionCount = 0;
  const server = createServer((req, res) => {
    handle(req, res, options, requests, () => ++completionCount).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `test server failure: ${String(error)}`, 'server_error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The default reply: a fixed short paragraph that quotes the last user message (whitespace
 * collapsed), so tests can see their words came back. Deterministic.
 */
export function defaultReply(request: ChatCompletionRequestBody): string {
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  const topic = (lastUser?.content ?? '').trim().replace(/\s+/g, ' ') || 'nothing in particular';
  return (
    `You asked about "${topic}". Here is a plain answer. The first point is stated simply, so that ` +
    'the reader can follow it. A second sentence adds one supporting detail. In short, that is the answer.'
  );
}

/** How a reply is cut into streamed pieces: each word with the whitespace after it (joined they give the reply). */
export function replyPieces(reply: string): string[] {
  return reply.match(/\s+|\S+\s*/gy) ?? [];
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: OpenAITestServerOptions,
  requests: RecordedRequest[],
  nextId: () => number,
): Promise<void> {
  const text = await readBody(req);
  const record: RecordedRequest = {
    method: req.method ?? '',
    path: req.url ?? '',
    headers: req.headers,
    body: parseBody(text),
    chunksSent: 0,
    completed: false,
    clientAborted: false,
  };
  requests.push(record);
  const disconnected = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) record.clientAborted = true;
    disconnected.abort();
  });
  res.on('finish', () => {
    record.completed = true;
  });

  if (options.requireApiKey !== undefined && req.headers.authorization !== `Bearer ${options.requireApiKey}`) {
    return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  }
  const path = record.path.split('?')[0];
  if (req.method === 'GET' && path === '/v1/models') return sendModels(res, options.models ?? ['test-model']);
  if (req.method !== 'POST' || path !== '/v1/chat/completions') {
    return sendError(res, 404, `Unknown request URL: ${req.method ?? ''} ${record.path}.`, 'invalid_request_error');
  }
  if (options.failWith) return sendFailure(res, options.failWith);

  const body = record.body;
  if (!isChatBody(body)) {
    return sendError(
      res,
      400,
      'The body must be JSON with a model and a non-empty messages array.',
      'invalid_request_error',
    );
  }
  if (body.n !== undefined && (!Number.isInteger(body.n) || body.n < 1 || body.n > MAX_CHOICES)) {
    return sendError(res, 400, `n must be an integer from 1 to ${MAX_CHOICES}.`, 'invalid_request_error');
  }
  const choiceCount = body.stream !== true && options.ignoreN !== true ? requestedChoices(body.n) : 1;
  const limit = body.max_completion_tokens ?? body.max_tokens;
  const choices: ChoiceReply[] = [];
  for (let index = 0; index < choiceCount; index += 1) {
    const reply =
      typeof options.reply === 'function' ? await options.reply(body, index) : (options.reply ?? defaultReply(body));
    const allPieces = replyPieces(reply);
    const pieces = typeof limit === 'number' && limit < allPieces.length ? allPieces.slice(0, limit) : allPieces;
    choices.push({ pieces, finishReason: pieces.length < allPieces.length ? 'length' : 'stop' });
  }
  const first = choices[0]!;
  const completion: Completion = {
    id: `chatcmpl-test-${nextId()}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    pieces: first.pieces,
    finishReason: first.finishReason,
    promptTokens: body.messages.reduce((sum, message) => sum + countWords(message.content), 0),
    completionTokens: choices.reduce((sum, choice) => sum + choice.pieces.length, 0),
  };
  const delayMs = options.delayMs ?? 0;
  if (body.stream === true) {
    await streamCompletion(
      res,
      completion,
      body,
      record,
      delayMs,
      disconnected.signal,
      options.failMidStreamAfterChunks,
    );
  } else {
    if (!(await sleep(delayMs, disconnected.signal))) return;
    sendJson(res, 200, {
      id: completion.id,
      object: 'chat.completion',
      created: completion.created,
      model: completion.model,
      system_fingerprint: null,
      choices: choices.map((choice, index) => ({
        index,
        message: { role: 'assistant', content: choice.pieces.join(''), refusal: null },
        logprobs: null,
        finish_reason: choice.finishReason,
      })),
      usage: usageOf(completion),
    });
    record.chunksSent = 1;
  }
}

interface ChoiceReply {
  pieces: string[];
  finishReason: 'stop' | 'length';
}

/** A response as sent: the first choice's pieces (all a stream carries) and the usage of every choice. */
interface Completion extends ChoiceReply {
  id: string;
  created: number;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** Most choices one request may ask for, as OpenAI's API allows. */
const MAX_CHOICES = 128;

/** How many choices a request's (validated) `n` asks for; 1 when absent, the API's default. */
function requestedChoices(n: number | undefined): number {
  return n ?? 1;
}

async function streamCompletion(
  res: ServerResponse,
  completion: Completion,
  body: ChatCompletionRequestBody,
  record: RecordedRequest,
  delayMs: number,
  disconnected: AbortSignal,
  failAfter: number | undefined,
): Promise<void> {
  const includeUsage = body.stream_options?.include_usage === true;
  const chunk = (choices: unknown[], usage?: unknown): string =>
    `data: ${JSON.stringify({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      system_fingerprint: null,
      choices,
      ...(includeUsage && { usage: usage ?? null }),
    })}\n\n`;
  const choice = (delta: unknown, finishReason: string | null): unknown => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finishReason,
  });

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.write(chunk([choice({ role: 'assistant', content: '' }, null)]));
  for (const piece of completion.pieces) {
    if (failAfter !== undefined && record.chunksSent >= failAfter) {
      res.end(
        `data: ${JSON.stringify({ error: { message: 'Simulated failure mid-stream.', type: 'server_error' } })}\n\n`,
      );
      return;
    }
    if (!(await sleep(delayMs, disconnected))) return;
    res.write(chunk([choice({ content: piece }, null)]));
    record.chunksSent++;
  }
  res.write(chunk([choice({}, completion.finishReason)]));
  if (includeUsage) res.write(chunk([], usageOf(completion)));
  res.end('data: [DONE]\n\n');
}

function usageOf(completion: Completion): Record<string, number> {
  return {
    prompt_tokens: completion.promptTokens,
    completion_tokens: completion.completionTokens,
    total_tokens: completion.promptTokens + completion.completionTokens,
  };
}

/** Resolves true after `ms`, or false as soon as the client has gone (so the handler stops writing). */
function sleep(ms: number, disconnected: AbortSignal): Promise<boolean> {
  if (disconnected.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      disconnected.removeEventListener('abort', onAbort);
      resolve(!disconnected.aborted);
    }, ms);
    disconnected.addEventListener('abort', onAbort, { once: true });
  });
}

function sendModels(res: ServerResponse, models: readonly string[]): void {
  sendJson(res, 200, {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'styler-test' })),
  });
}

function sendFailure(res: ServerResponse, failWith: { status: number; body?: unknown }): void {
  if (typeof failWith.body === 'string') {
    res.writeHead(failWith.status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(failWith.body);
    return;
  }
  if (failWith.body !== undefined) return sendJson(res, failWith.status, failWith.body);
  sendError(res, failWith.status, `Simulated failure with status ${failWith.status}.`, 'server_error');
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
): void {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isChatBody(body: unknown): body is ChatCompletionRequestBody {
  if (!body || typeof body !== 'object') return false;
  const { model, messages } = body as Record<string, unknown>;
  return (
    typeof model === 'string' &&
    model.length > 0 &&
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((message) => message && typeof (message as Record<string, unknown>)['content'] === 'string')
  );
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}
