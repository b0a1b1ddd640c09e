/** The shared test server checked with the official `openai` client, so its wire format is the real one. */
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultReply,
  replyPieces,
  startOpenAITestServer,
  type OpenAITestServer,
  type OpenAITestServerOptions,
} from '../../../../test-support/openai-test-server.js';

const servers: OpenAITestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function clientFor(options?: OpenAITestServerOptions, apiKey = 'sk-test'): Promise<[OpenAI, OpenAITestServer]> {
  const server = await startOpenAITestServer(options);
  servers.push(server);
  return [new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 }), server];
}

const messages = [{ role: 'user' as const, content: 'Write about  rain\non roofs' }];

describe('openai test server', () => {
  it('serves a chat completion the official client understands', async () => {
    const [client, server] = await clientFor();
    const completion = await client.chat.completions.create({ model: 'any-model', messages, temperature: 0.2 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('any-model');
    expect(completion.choices[0]?.message.content).toBe(defaultReply({ model: 'any-model', messages }));
    expect(completion.choices[0]?.message.content).toContain('"Write about rain on roofs"');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.prompt_tokens).toBe(5);
    expect(server.requests[0]?.body).toMatchObject({ temperature: 0.2 });
    expect(server.requests[0]?.completed).toBe(true);
  });

  it('streams chunks, a usage chunk on request, and [DONE]', async () => {
    const reply = 'Rain taps. Roofs answer.';
    const [client] = await clientFor({ reply: (request) => `${reply}${request.model === 'm' ? '' : '?'}` });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      const choice = chunk.choices[0];
      if (choice?.delta.content) deltas.push(choice.delta.content);
      if (choice) finishes.push(choice.finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas).toEqual(replyPieces(reply));
    expect(finishes.at(-1)).toBe('stop');
    expect(usage).toEqual({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
  });

  it('leaves the usage chunk out unless asked, like OpenAI', async () => {
    const [client] = await clientFor({ reply: 'x' });
    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.usage === undefined && chunk.choices.length === 1)).toBe(true);
  });

  it('cuts the reply at max_tokens with finish_reason length', async () => {
    const [client] = await clientFor({ reply: 'one two three' });
    const completion = await client.chat.completions.create({ model: 'm', messages, max_completion_tokens: 2 });
    expect(completion.choices[0]?.message.content).toBe('one two ');
    expect(completion.choices[0]?.finish_reason).toBe('length');
  });

  it('lists models', async () => {
    const [client] = await clientFor({ models: ['llama3:8b', 'gpt-4o-mini'] });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['llama3:8b', 'gpt-4o-mini']);
  });

  it('checks the API key when asked to', async () => {
    const [good] = await clientFor({ requireApiKey: 'sk-right', reply: 'fine' }, 'sk-right');
    expect((await good.chat.completions.create({ model: 'm', messages })).choices[0]?.message.content).toBe('fine');
    const [bad] = await clientFor({ requireApiKey: 'sk-right' }, 'sk-wrong');
    await expect(bad.chat.completions.create({ model: 'm', messages })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
  });

  it('simulates failures with the given status and body', async () => {
    const [client, server] = await clientFor({ failWith: { status: 429, body: { error: { message: 'slow down' } } } });
    await expect(client.chat.completions.create({ model: 'm', messages })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('slow down') as unknown,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects malformed bodies and unknown routes with OpenAI-style errors', async () => {
    const [, server] = await clientFor();
    const bad = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{"model":"m"}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const missing = await fetch(`${server.url}/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions', '/v1/embeddings']);
  });

  it('splits replies into pieces that join back to the reply', () => {
    expect(replyPieces('  two  words\n')).toEqual(['  ', 'two  ', 'words\n']);
    expect(replyPieces('')).toEqual([]);
  });
});
