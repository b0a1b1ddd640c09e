import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../../src/providers/index.js';
import { loadProviderConfig } from '../../src/providers/config.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai-compatible.js';
import { resolveChatProvider } from '../../src/providers/resolve.js';
import type { ChatRequest, ChatUsage } from '../../src/providers/types.js';
import { defaultReply, replyPieces } from '../../../../test-support/openai-test-server.js';
import { useTestServers } from '../test-servers.js';

const serve = useTestServers();

const REQUEST: ChatRequest = {
  model: 'test-model',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Tell me about tide pools' },
  ],
};

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** A URL on 127.0.0.1 where nothing listens: a port the OS gave out and that is now closed again. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

describe('complete', () => {
  it('returns the content, finish reason and usage, and sends model, messages and temperature', async () => {
    const server = await serve();
    const provider = createOpenAICompatibleProvider({
      name: 'openai-compatible',
      baseUrl: server.url,
      timeoutMs: 10_000,
    });
    const result = await provider.complete({ ...REQUEST, temperature: 0.3 });

    const expected = defaultReply({ model: 'test-model', messages: REQUEST.messages });
    expect(result.content).toBe(expected);
    expect(result.content).toContain('Tell me about tide pools');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({
      promptTokens: 7,
      completionTokens: replyPieces(expected).length,
      totalTokens: 7 + replyPieces(expected).length,
    });

    expect(server.requests).toHaveLength(1);
    const [recorded] = server.requests;
    expect(recorded?.method).toBe('POST');
    expect(recorded?.path).toBe('/v1/chat/completions');
    expect(recorded?.headers['content-type']).toBe('application/json');
    expect(recorded?.headers.authorization).toBeUndefined();
    expect(recorded?.body).toEqual({
      model: 'test-model',
      messages: REQUEST.messages,
      stream: false,
      temperature: 0.3,
    });
  });

  it('sends the API key as a bearer token', async () => {
    const server = await serve({ requireApiKey: 'sk-secret', reply: 'ok' });
    const provider = createOpenAICompatibleProvider({
      name: 'x',
      baseUrl: `${server.url}/`,
      apiKey: 'sk-secret',
      timeoutMs: 10_000,
    });
    expect((await provider.complete(REQUEST)).content).toBe('ok');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-secret');
  });

  it('passes the max tokens under the configured field name and reports a length finish', async () => {
    const server = await serve({ reply: 'one two three four five' });
    const plain = createOpenAICompatibleProvider({ name: 'ollama', baseUrl: server.url, timeoutMs: 10_000 });
    const cut = await plain.complete({ ...REQUEST, maxTokens: 2 });
    expect(cut).toMatchObject({ content: 'one two ', finishReason: 'length' });
    expect(server.requests[0]?.body).toMatchObject({ max_tokens: 2 });

    const openai = resolveChatProvider(
      { baseModel: 'gpt-4o-mini' },
      loadProviderConfig({ OPENAI_API_KEY: 'sk-o', OPENAI_BASE_URL: server.url }),
    );
    await openai.complete({ ...REQUEST, maxTokens: 3 });
    expect(server.requests[1]?.body).toMatchObject({ max_completion_tokens: 3 });
    expect(server.requests[1]?.body).not.toHaveProperty('max_tokens');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer sk-o');
  });

  it('turns an HTTP error into provider_failed naming the service, status and message', async () => {
    const server = await serve({
      failWith: { status: 500, body: { error: { message: 'CUDA out of memory', type: 'server_error' } } },
    });
    const provider = createOpenAICompatibleProvider({ name: 'ollama', baseUrl: server.url, timeoutMs: 10_000 });
    const error = await rejection(provider.complete(REQUEST));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/ollama/);
    expect(error.message).toMatch(/500/);
    expect(error.message).toMatch(/CUDA out of memory/);
  });

  it('quotes a plain-text or string error body, and says nothing for an HTML page', async () => {
    const text = await serve({ failWith: { status: 503, body: 'model is loading' } });
    const textError = await rejection(
      createOpenAICompatibleProvider({ name: 'a', baseUrl: text.url, timeoutMs: 10_000 }).complete(REQUEST),
    );
    expect(textError.message).toBe('Base model service a answered HTTP 503: model is loading');
    const flat = await serve({ failWith: { status: 400, body: { error: 'bad model' } } });
    const flatError = await rejection(
      createOpenAICompatibleProvider({ name: 'b', baseUrl: flat.url, timeoutMs: 10_000 }).complete(REQUEST),
    );
    expect(flatError.message).toBe('Base model service b answered HTTP 400: bad model');
    const html = await serve({ failWith: { status: 502, body: '<html>Bad gateway</html>' } });
    const htmlError = await rejection(
      createOpenAICompatibleProvider({ name: 'c', baseUrl: html.url, timeoutMs: 10_000 }).complete(REQUEST),
    );
    expect(htmlError.message).toBe('Base model service c answered HTTP 502.');
  });

  it('reports a wrong key as provider_failed (401), without leaking the key', async () => {
    const server = await serve({ requireApiKey: 'right' });
    const provider = createOpenAICompatibleProvider({
      name: 'openai',
      baseUrl: server.url,
      apiKey: 'wrong-key',
      timeoutMs: 10_000,
    });
    const error = await rejection(provider.complete(REQUEST));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/401/);
    expect(error.message).not.toContain('wrong-key');
  });

  it('turns a refused connection into provider_failed naming the URL', async () => {
    const url = await closedPortUrl();
    const provider = createOpenAICompatibleProvider({ name: 'ollama', baseUrl: url, timeoutMs: 10_000 });
    const error = await rejection(provider.complete(REQUEST));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toContain(`${url}/chat/completions`);
    expect(error.message).toMatch(/ECONNREFUSED/);
    const streamError = await rejection(collect(provider.stream(REQUEST)));
    expect(streamError.message).toMatch(/ECONNREFUSED/);
  });

  it('times out a provider that does not answer', async () => {
    const server = await serve({ delayMs: 5_000 });
    const provider = createOpenAICompatibleProvider({ name: 'slow', baseUrl: server.url, timeoutMs: 50 });
    const error = await rejection(provider.complete(REQUEST));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/did not answer within 50 ms/);
    await vi.waitFor(() => expect(server.requests[0]?.clientAborted).toBe(true));
  });

  it('rejects with the signal reason when the caller aborts', async () => {
    const server = await serve({ delayMs: 5_000 });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = provider.complete({ ...REQUEST, signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(new Error('user went away'));
    await expect(pending).rejects.toThrow('user went away');
    await vi.waitFor(() => expect(server.requests[0]?.clientAborted).toBe(true));
    const already = AbortSignal.abort();
    await expect(provider.complete({ ...REQUEST, signal: already })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects bad arguments before sending anything', async () => {
    const server = await serve();
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 10_000 });
    await expect(provider.complete({ ...REQUEST, temperature: 2.5 })).rejects.toThrow(RangeError);
    await expect(provider.complete({ ...REQUEST, maxTokens: 0 })).rejects.toThrow(RangeError);
    await expect(provider.complete({ ...REQUEST, model: '' })).rejects.toThrow(TypeError);
    await expect(provider.complete({ ...REQUEST, messages: [] })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
    expect(() => createOpenAICompatibleProvider({ name: 'x', baseUrl: 'localhost:8000', timeoutMs: 1 })).toThrow(
      TypeError,
    );
    expect(() => createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createOpenAICompatibleProvider({ name: '', baseUrl: server.url, timeoutMs: 1 })).toThrow(TypeError);
  });
});

describe('stream', () => {
  it('yields the reply piece by piece and sends stream: true with the temperature', async () => {
    const reply = 'Tide pools hold small worlds. Look closely, and they move.';
    const server = await serve({ reply });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, apiKey: 'k', timeoutMs: 10_000 });
    const pieces = await collect(provider.stream({ ...REQUEST, temperature: 1.1 }));
    expect(pieces).toEqual(replyPieces(reply));
    expect(pieces.join('')).toBe(reply);
    const recorded = server.requests[0];
    expect(recorded?.body).toMatchObject({ stream: true, temperature: 1.1, model: 'test-model' });
    expect(recorded?.body).not.toHaveProperty('stream_options');
    expect(recorded?.headers.accept).toBe('text/event-stream');
    expect(recorded?.headers.authorization).toBe('Bearer k');
  });

  it('asks for usage only when onUsage is given, and reports it once', async () => {
    const server = await serve({ reply: 'a b c' });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 10_000 });
    const usages: ChatUsage[] = [];
    const pieces = await collect(provider.stream({ ...REQUEST, onUsage: (usage) => usages.push(usage) }));
    expect(pieces).toEqual(['a ', 'b ', 'c']);
    expect(server.requests[0]?.body).toMatchObject({ stream_options: { include_usage: true } });
    expect(usages).toEqual([{ promptTokens: 7, completionTokens: 3, totalTokens: 10 }]);
  });

  it('stops the request when the caller aborts mid-stream', async () => {
    const reply = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const server = await serve({ reply, delayMs: 20 });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 10_000 });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const piece of provider.stream({ ...REQUEST, signal: controller.signal })) {
        seen.push(piece);
        if (seen.length === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(replyPieces(reply).slice(0, 3));
    await vi.waitFor(() => expect(server.requests[0]?.clientAborted).toBe(true));
    const sentAtAbort = server.requests[0]?.chunksSent ?? 0;
    expect(sentAtAbort).toBeLessThan(200);
    expect(server.requests[0]?.completed).toBe(false);
  });

  it('closes the connection when the caller stops reading early', async () => {
    const reply = Array.from({ length: 100 }, (_, index) => `w${index}`).join(' ');
    const server = await serve({ reply, delayMs: 10 });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 10_000 });
    for await (const piece of provider.stream(REQUEST)) {
      expect(piece).toBe('w0 ');
      break;
    }
    await vi.waitFor(() => expect(server.requests[0]?.clientAborted).toBe(true));
    expect(server.requests[0]?.chunksSent).toBeLessThan(100);
  });

  it('times out when the provider goes silent mid-stream, not while the caller is busy', async () => {
    const server = await serve({ reply: 'a b c', delayMs: 5_000 });
    const provider = createOpenAICompatibleProvider({ name: 'quiet', baseUrl: server.url, timeoutMs: 60 });
    const error = await rejection(collect(provider.stream(REQUEST)));
    expect(error.message).toMatch(/quiet .* did not answer within 60 ms/);

    // The server keeps sending (a piece every 40 ms, well within the 400 ms timeout) while the caller
    // spends 800 ms on the first piece; that is the caller's time, not the provider's silence.
    const reply = Array.from({ length: 30 }, (_, index) => `s${index}`).join(' ');
    const steady = await serve({ reply, delayMs: 40 });
    const patient = createOpenAICompatibleProvider({ name: 'steady', baseUrl: steady.url, timeoutMs: 400 });
    const pieces: string[] = [];
    for await (const piece of patient.stream(REQUEST)) {
      pieces.push(piece);
      if (pieces.length === 1) await new Promise((resolve) => setTimeout(resolve, 800));
    }
    expect(pieces.join('')).toBe(reply);
  });

  it('fails with provider_failed on HTTP errors and in-stream errors', async () => {
    const server = await serve({ failWith: { status: 500 } });
    const provider = createOpenAICompatibleProvider({ name: 'vllm', baseUrl: server.url, timeoutMs: 10_000 });
    const error = await rejection(collect(provider.stream(REQUEST)));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/vllm answered HTTP 500: Simulated failure/);

    const midway = await serve({ reply: 'a b c d', failMidStreamAfterChunks: 2 });
    const seen: string[] = [];
    const streamed = createOpenAICompatibleProvider({ name: 'vllm', baseUrl: midway.url, timeoutMs: 10_000 });
    const failure = await rejection(
      (async () => {
        for await (const piece of streamed.stream(REQUEST)) seen.push(piece);
      })(),
    );
    expect(seen).toEqual(['a ', 'b ']);
    expect(failure.message).toMatch(/mid-stream: Simulated failure/);
  });

  it('accepts a server that ignores stream: true and answers in one JSON body', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: 'whole answer' }, finish_reason: 'stop' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const provider = createOpenAICompatibleProvider({
        name: 'x',
        baseUrl: `http://127.0.0.1:${port}/v1`,
        timeoutMs: 10_000,
      });
      expect(await collect(provider.stream(REQUEST))).toEqual(['whole answer']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
