/**
 * MeteredProvider against the real OpenAI-compatible provider and the local test server: it counts
 * calls and reported tokens, cuts calls at its deadline with a ProviderError naming the time budget,
 * and leaves the caller's own abort its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider, ProviderError, type ChatProvider } from '@styler-dev/engine/providers';
import { startOpenAITestServer, type OpenAITestServer } from '../../../../../test-support/openai-test-server.js';
import { MeteredProvider } from '../../../src/http/transform/metered-provider.js';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'two words' }] };

describe('MeteredProvider', () => {
  let quick: OpenAITestServer;
  let slow: OpenAITestServer;
  const providerOf = (server: OpenAITestServer): ChatProvider =>
    createOpenAICompatibleProvider({ name: 'openai-compatible', baseUrl: server.url, timeoutMs: 60_000 });

  beforeAll(async () => {
    quick = await startOpenAITestServer({ reply: 'one two three' });
    slow = await startOpenAITestServer({ reply: 'late', delayMs: 30_000 });
  });
  afterAll(async () => {
    await quick.close();
    await slow.close();
  });

  it('counts every call and the tokens the provider reported', async () => {
    const metered = new MeteredProvider(providerOf(quick), Date.now() + 60_000, 60_000);
    try {
      await metered.complete(request);
      await metered.complete(request);
    } finally {
      metered.close();
    }
    // The test server counts words: 2 in the prompt, 3 in the reply, per call.
    expect(metered.cost).toEqual({ calls: 2, promptTokens: 4, completionTokens: 6, totalTokens: 10 });
    expect(metered.timedOut).toBe(false);
  });

  it('cuts a call still open at the deadline, saying the time budget ran out', async () => {
    const metered = new MeteredProvider(providerOf(slow), Date.now() + 200, 200);
    try {
      const failure = await metered.complete(request).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).message).toMatch(/time budget \(200 ms of STYLER_REQUEST_TIMEOUT_MS\)/);
      expect(metered.timedOut).toBe(true);
      await expect.poll(() => slow.requests[0]?.clientAborted).toBe(true);
      // Later calls are refused without reaching the provider.
      await expect(metered.complete(request)).rejects.toBeInstanceOf(ProviderError);
      expect(metered.cost.calls).toBe(1);
    } finally {
      metered.close();
    }
  });

  it("keeps the caller's abort reason", async () => {
    const metered = new MeteredProvider(providerOf(slow), Date.now() + 60_000, 60_000);
    const caller = new AbortController();
    const reason = new Error('client gone');
    try {
      const pending = metered.complete({ ...request, signal: caller.signal });
      caller.abort(reason);
      await expect(pending).rejects.toBe(reason);
      expect(metered.timedOut).toBe(false);
    } finally {
      metered.close();
    }
  });
});
