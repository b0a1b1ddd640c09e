/** Several choices in one completion (the API's `n`), and servers that answer one whatever n says. */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider } from '../../src/providers/openai-compatible.js';
import { buildRequestBody, parseCompletion } from '../../src/providers/wire.js';
import type { ChatRequest } from '../../src/providers/types.js';
import { useTestServers } from '../test-servers.js';

const serve = useTestServers();

const REQUEST: ChatRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Say something' }] };
const reply = (_body: unknown, choice: number): string => `Answer ${choice} here.`;

describe('complete with n', () => {
  it('sends n and returns every choice, the first also as content', async () => {
    const server = await serve({ reply });
    const provider = createOpenAICompatibleProvider({ name: 'vllm', baseUrl: server.url, timeoutMs: 5000 });
    const result = await provider.complete({ ...REQUEST, n: 3 });
    expect(server.requests[0]?.body).toMatchObject({ n: 3 });
    expect(result.content).toBe('Answer 0 here.');
    expect(result.choices).toEqual([0, 1, 2].map((i) => ({ content: `Answer ${i} here.`, finishReason: 'stop' })));
    // Usage covers the whole response: 2 prompt words, 3 words in each of 3 choices.
    expect(result.usage).toEqual({ promptTokens: 2, completionTokens: 9, totalTokens: 11 });
  });

  it('returns the one choice a server that ignores n sends', async () => {
    const server = await serve({ reply, ignoreN: true });
    const provider = createOpenAICompatibleProvider({ name: 'ollama', baseUrl: server.url, timeoutMs: 5000 });
    const result = await provider.complete({ ...REQUEST, n: 3 });
    expect(result.choices).toEqual([{ content: 'Answer 0 here.', finishReason: 'stop' }]);
  });

  it('leaves n out for one choice, as before', async () => {
    const server = await serve({ reply });
    const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: server.url, timeoutMs: 5000 });
    const result = await provider.complete({ ...REQUEST, n: 1 });
    expect(server.requests[0]?.body).not.toHaveProperty('n');
    expect(result.choices).toHaveLength(1);
  });

  it('refuses an n outside 1..128, or above 1 for a stream', () => {
    expect(() => buildRequestBody({ ...REQUEST, n: 0 }, false, 'max_tokens')).toThrow(
      /request\.n must be an integer from 1 to 128, got 0/,
    );
    expect(() => buildRequestBody({ ...REQUEST, n: 129 }, false, 'max_tokens')).toThrow(RangeError);
    expect(() => buildRequestBody({ ...REQUEST, n: 2.5 }, false, 'max_tokens')).toThrow(RangeError);
    expect(() => buildRequestBody({ ...REQUEST, n: 2 }, true, 'max_tokens')).toThrow(/not stream\(\)/);
  });
});

describe('parseCompletion', () => {
  it('orders choices by index and reads a null content as empty', () => {
    const result = parseCompletion('svc', {
      choices: [
        { index: 1, message: { content: 'second' }, finish_reason: 'length' },
        { index: 0, message: { content: null }, finish_reason: 'stop' },
      ],
    });
    expect(result.choices).toEqual([
      { content: '', finishReason: 'stop' },
      { content: 'second', finishReason: 'length' },
    ]);
    expect(result.content).toBe('');
  });

  it('refuses a choice whose content is not a string', () => {
    expect(() =>
      parseCompletion('svc', { choices: [{ message: { content: 'a' } }, { message: { content: 5 } }] }),
    ).toThrow(/choices\[1\]\.message\.content is not a string/);
  });
});

describe('the test server with n', () => {
  it('answers n choices the official client reads, with usage over all of them', async () => {
    const server = await serve({ reply });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'm', messages: REQUEST.messages, n: 2 });
    expect(completion.choices.map((choice) => [choice.index, choice.message.content])).toEqual([
      [0, 'Answer 0 here.'],
      [1, 'Answer 1 here.'],
    ]);
    expect(completion.usage?.completion_tokens).toBe(6);
  });

  it('refuses an n that is not an integer from 1 to 128', async () => {
    const server = await serve({ reply });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'm', messages: REQUEST.messages, n: 129 })).rejects.toThrow(
      /n must be/,
    );
  });
});
