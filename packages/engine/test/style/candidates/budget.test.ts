/** The cost cap: calls and tokens a choice may spend. */
import { describe, expect, it } from 'vitest';
import { CallBudget, chooseDraft, estimateTokens } from '../../../src/style/candidates/index.js';
import { type ChatCompletionRequestBody } from '../../../../../test-support/openai-test-server.js';
import { AI_DRAFT, AUTHOR_DRAFT, DARWIN_MODEL, INPUT, MESSAGES } from './texts.js';
import { providerFor, useTestServers } from '../../test-servers.js';

const serve = useTestServers();

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const base = { baseModel: 'test-model', messages: MESSAGES, input: INPUT };
const draftReply = (body: ChatCompletionRequestBody): string =>
  body.messages.some((message) => message.role === 'assistant') ? AUTHOR_DRAFT : AI_DRAFT;

describe('the cost cap', () => {
  it('makes no more calls than maxCalls when the server answers one choice', async () => {
    const server = await serve({ ignoreN: true, reply: draftReply });
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 4, maxCalls: 2 });
    expect(server.requests).toHaveLength(2);
    expect(choice.calls).toBe(2);
    expect(choice.drafts).toHaveLength(2);
  });

  it('skips the revision when maxCalls is spent', async () => {
    const server = await serve({ reply: draftReply });
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, revise: true, maxCalls: 1 });
    expect(server.requests).toHaveLength(1);
    expect(choice.revision).toEqual({ status: 'skipped', reason: 'cost-cap' });
    expect(choice.winner).toBe(0);
  });

  it('makes a further call only while the tokens so far plus its estimate stay within maxTotalTokens', async () => {
    const server = await serve({ ignoreN: true, reply: draftReply });
    // The server counts words as tokens: one call costs the messages' words plus the draft's.
    const perCall = MESSAGES.reduce((sum, message) => sum + words(message.content), 0) + words(AI_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), {
      ...base,
      n: 4,
      maxTotalTokens: Math.floor(2.5 * perCall),
    });
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(server.requests.length).toBeLessThan(4);
    expect(choice.calls).toBe(server.requests.length);
    // Each request asked for no more completion tokens than the cap left it, so the total stays within.
    for (const request of server.requests) expect(request.body).toHaveProperty('max_tokens');
    expect(choice.usage.totalTokens).toBeLessThanOrEqual(Math.floor(2.5 * perCall));
  });

  it('bounds the revision by what the cap leaves', async () => {
    const server = await serve({ reply: draftReply });
    const perCall = MESSAGES.reduce((sum, message) => sum + words(message.content), 0) + words(AI_DRAFT);
    const cap = Math.floor(2.2 * perCall);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, revise: true, maxTotalTokens: cap });
    expect(choice.usage.totalTokens).toBeLessThanOrEqual(cap);
    if (server.requests.length === 2) expect(server.requests[1]!.body).toHaveProperty('max_tokens');
  });

  it('refuses to start when the cap leaves no room for a draft', async () => {
    const server = await serve({ ignoreN: true, reply: draftReply });
    await expect(chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 3, maxTotalTokens: 1 })).rejects.toThrow(
      /leaves no room for a draft/,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('CallBudget', () => {
  it('counts reported usage, and estimates from the texts when none is reported', () => {
    const budget = new CallBudget({ maxTotalTokens: 100 });
    expect(budget.reserve(60)).toBe(true);
    budget.settle(60, { content: 'x', finishReason: 'stop' }, 70);
    expect(budget.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(budget.reserve(31)).toBe(false);
    expect(budget.reserve(30)).toBe(true);
    budget.settle(
      30,
      { content: 'x', finishReason: 'stop', usage: { promptTokens: 5, completionTokens: 5, totalTokens: 10 } },
      30,
    );
    expect(budget.usage.totalTokens).toBe(10);
    expect(budget.calls).toBe(2);
  });

  it('counts reserved calls against maxCalls before they settle', () => {
    const budget = new CallBudget({ maxCalls: 2 });
    expect([budget.reserve(1), budget.reserve(1), budget.reserve(1)]).toEqual([true, true, false]);
  });

  it('estimates four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });
});
