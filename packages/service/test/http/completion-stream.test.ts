/** A completion stream that fails after it opened ends in an error event, in the route's error shape. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { streamCompletion } from '../../src/http/completion-stream.js';
import { deltaChunk } from '../../src/http/completion.js';
import { ServiceError } from '../../src/errors.js';

const identity = { id: 'chatcmpl-1', created: 1, model: 'ftm-1' };
const limits = { maxBodyBytes: 1024, maxFileBytes: 1024 };

/** The events of a stream whose writer sends one chunk, then fails as a provider would. */
async function failingStream(errorShape?: 'openai'): Promise<unknown[]> {
  const app = Fastify();
  app.get('/', async (request, reply) => {
    const signal = new AbortController().signal;
    await streamCompletion({ request, reply, identity, signal, limits, errorShape }, async (open) => {
      await open().send(deltaChunk(identity, { content: 'Dear' }));
      throw new ServiceError('provider_failed');
    });
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  expect(response.body).not.toContain('[DONE]');
  return response.body
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as unknown);
}

describe('streamCompletion', () => {
  it("ends a chat stream with OpenAI's error shape, so an SDK reads its code and type", async () => {
    const events = await failingStream('openai');
    expect(events.at(-1)).toEqual({
      error: { message: 'The base model provider failed.', type: 'server_error', code: 'provider_failed', param: null },
    });
  });

  it("ends the transform's stream with the spec's error body", async () => {
    const events = await failingStream();
    expect(events.at(-1)).toEqual({ error: 'The base model provider failed.', code: 'provider_failed' });
  });
});
