/** Drafts from one request with `n`, or from parallel requests when the server answers one choice. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TEMPERATURE } from '../../../src/providers/index.js';
import { CallBudget, chooseDraft, generateDrafts, variedTemperatures } from '../../../src/style/candidates/index.js';
import type { ChatCompletionRequestBody, OpenAITestServer } from '../../../../../test-support/openai-test-server.js';
import { AI_DRAFT, AUTHOR_DRAFT, DARWIN_MODEL, INPUT, MESSAGES } from './texts.js';
import { providerFor, useTestServers } from '../../test-servers.js';

const serve = useTestServers();

const bodies = (server: OpenAITestServer) =>
  server.requests.map((request) => request.body as ChatCompletionRequestBody);
const request = { baseModel: 'test-model', messages: MESSAGES, temperature: 0.7 };

describe('generateDrafts', () => {
  it('asks once with n when the server honours it, and reads every choice', async () => {
    const server = await serve({ reply: (_body, choice) => `Draft number ${choice}.` });
    const generation = await generateDrafts(providerFor(server), request, 3, new CallBudget({}));
    expect(generation.drafts.map((draft) => draft.content)).toEqual([
      'Draft number 0.',
      'Draft number 1.',
      'Draft number 2.',
    ]);
    expect(generation.drafts.map((draft) => draft.temperature)).toEqual([0.7, 0.7, 0.7]);
    expect(bodies(server)).toHaveLength(1);
    expect(bodies(server)[0]).toMatchObject({ n: 3, temperature: 0.7 });
  });

  it('falls back to parallel requests at varied temperatures when one choice comes back', async () => {
    const server = await serve({ ignoreN: true, reply: (body) => `Draft at ${String(body.temperature)}.` });
    const generation = await generateDrafts(providerFor(server), request, 3, new CallBudget({}));
    expect(generation.drafts.map((draft) => draft.content)).toEqual([
      'Draft at 0.7.',
      'Draft at 0.8.',
      'Draft at 0.6.',
    ]);
    expect(generation.drafts.map((draft) => draft.temperature)).toEqual([0.7, 0.8, 0.6]);
    const sent = bodies(server);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ n: 3 });
    expect(sent.slice(1).map((body) => body.n)).toEqual([undefined, undefined]);
    expect(sent.every((body) => JSON.stringify(body.messages) === JSON.stringify(MESSAGES))).toBe(true);
  });

  it('keeps the drafts it has when an extra request fails, and says so', async () => {
    const server = await serve({
      ignoreN: true,
      reply: (body) => {
        if (body.temperature === 0.8) throw new Error('boom');
        return `Draft at ${String(body.temperature)}.`;
      },
    });
    const generation = await generateDrafts(providerFor(server), request, 3, new CallBudget({}));
    expect(generation.drafts.map((draft) => draft.temperature)).toEqual([0.7, 0.6]);
    expect(generation.failures).toHaveLength(1);
    expect(generation.failures[0]).toMatch(/500/);
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const server = await serve({ ignoreN: true, delayMs: 2_000 });
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 50);
    const pending = generateDrafts(
      providerFor(server),
      { ...request, signal: controller.signal },
      2,
      new CallBudget({}),
    );
    await expect(pending).rejects.toBe(reason);
  });

  it('rejects when the first request fails', async () => {
    const server = await serve({ failWith: { status: 503 } });
    await expect(generateDrafts(providerFor(server), request, 2, new CallBudget({}))).rejects.toThrow(/503/);
  });
});

describe('chooseDraft with a server that ignores n', () => {
  it('chooses among the drafts of parallel requests', async () => {
    const byTemperature: Record<string, string> = { '0.7': AI_DRAFT, '0.8': AUTHOR_DRAFT };
    const server = await serve({ ignoreN: true, reply: (body) => byTemperature[String(body.temperature)] ?? '' });
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), {
      baseModel: 'test-model',
      messages: MESSAGES,
      input: INPUT,
      n: 2,
    });
    expect(server.requests).toHaveLength(2);
    expect(choice.calls).toBe(2);
    expect(choice.drafts.map((draft) => draft.temperature)).toEqual([0.7, 0.8]);
    expect(choice.winner).toBe(1);
    expect(choice.text).toBe(AUTHOR_DRAFT);
  });
});

describe('variedTemperatures', () => {
  it('alternates around the base temperature', () => {
    expect(variedTemperatures(0.7, 4)).toEqual([0.8, 0.6, 0.9, 0.5]);
    expect(variedTemperatures(0, 3)).toEqual([0.1, 0.2, 0.3]);
    expect(variedTemperatures(2, 2)).toEqual([1.9, 1.8]);
  });

  it('gives distinct temperatures in [0, 2], none the base, as many as asked up to 15', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }).map((tenths) => tenths / 10),
        fc.integer({ min: 0, max: 15 }),
        (base, count) => {
          const temperatures = variedTemperatures(base, count);
          expect(temperatures).toHaveLength(count);
          expect(new Set([base, ...temperatures]).size).toBe(count + 1);
          for (const t of temperatures) {
            expect(t).toBeGreaterThanOrEqual(0);
            expect(t).toBeLessThanOrEqual(MAX_TEMPERATURE);
          }
        },
      ),
    );
  });
});
