/**
 * Rewrite mode's LLM path end to end: the real service with a small OpenAI-compatible server as its
 * LLM. With a service configured, a rewrite asks the LLM by default (the job's base model, else the
 * configured one), then the rule engine restyles the chosen draft; STYLER_LLM_REWRITE=0 or
 * `rewrite_engine: "rules"` keep it to the rule engine; and every way the LLM can fail (an HTTP
 * error, a rate limit, a timeout, a malformed answer, the time budget, the cost cap, drafts that all
 * lost something) answers 200 with the rule engine's restyle and a report saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import {
  startOpenAITestServer,
  type OpenAITestServer,
  type OpenAITestServerOptions,
} from '../../../../../test-support/openai-test-server.js';
import {
  jsonBody,
  modelJsonOf,
  seedModel,
  startTestService,
  uploadForm,
  waitForJob,
  type TestService,
} from '../support/harness.js';
import { darwin, fixture } from '../support/fixtures.js';
import { openApiErrors } from '../support/openapi-validator.js';
import { readSseData } from '../support/sse.js';

const AI_TEXT = fixture('ai-input-01.txt');
/** A faithful rewording: every number, name and heading kept, a few words changed. */
const DRAFT = AI_TEXT.replace("That's why we're thrilled", 'That is why we are delighted').replace(
  'Most of us know',
  'Most of us are aware',
);
const MODEL = 'ftm-rewrite';

interface Report {
  winner: number | 'revision' | 'input';
  drafts: unknown[];
  calls: number;
  usage: { total_tokens: number };
  cap: { max_calls?: number; max_total_tokens?: number };
  base_model?: string;
  rewrite_engine?: 'llm' | 'rules';
  fallback?: { reason: string; message: string };
}
interface Completion {
  choices: Array<{ message: { content: string } }>;
  styler?: Report;
}

/** Answers every draft with `draft`, and a revision (the draft sent back as the assistant's) with itself. */
function drafting(draft: string): NonNullable<OpenAITestServerOptions['reply']> {
  return (request) => request.messages.findLast((message) => message.role === 'assistant')?.content ?? draft;
}

describe('rewrite mode with an LLM configured', () => {
  let trainer: TestService;
  let modelJson: string;
  let pool: StylePool;
  /** The texts the rule engine restyled, in order. */
  const restyled: string[] = [];
  let countingPool: StylePool;

  beforeAll(async () => {
    pool = createStylePool({ threads: 1 });
    countingPool = new Proxy(pool, {
      get(target, property, receiver) {
        if (property !== 'restyle' && property !== 'restyleWithQuality') return Reflect.get(target, property, receiver);
        return (text: string, ...rest: unknown[]) => {
          restyled.push(text);
          return (target[property] as (text: string, ...rest: unknown[]) => unknown)(text, ...rest);
        };
      },
    });
    trainer = await startTestService({ pool });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await trainer.request('/files', { method: 'POST', body: uploadForm(`${n}.txt`, darwin(n)) });
      ids.push(((await response.json()) as { id: string }).id);
    }
    const job = (await (
      await trainer.request('/fine_tuning/jobs', jsonBody({ training_files: ids, suffix: 'rw' }))
    ).json()) as { id: string };
    const name = String((await waitForJob(trainer, job.id)).fine_tuned_model);
    modelJson = await modelJsonOf(trainer, trainer.keys.acme, name);
    // The same model under the name the LLM services use, for the rule engine's answers to compare with.
    await seedModel(trainer, trainer.keys.acme, MODEL, modelJson);
  }, 120_000);

  afterAll(async () => {
    await trainer.close();
    await pool.close();
  });

  /** Runs `body` against a service whose LLM is a test server with `llm` options and `providerEnv`. */
  async function withLlm(
    llm: OpenAITestServerOptions,
    providerEnv: Record<string, string>,
    test: (service: TestService, server: OpenAITestServer) => Promise<void>,
    env: Record<string, string> = {},
  ): Promise<void> {
    const server = await startOpenAITestServer(llm);
    const service = await startTestService({
      pool: countingPool,
      env,
      providerEnv: { STYLER_LLM_BASE_URL: server.url, ...providerEnv },
    });
    try {
      await seedModel(service, service.keys.acme, MODEL, modelJson);
      restyled.length = 0;
      await test(service, server);
    } finally {
      await service.close();
      await server.close();
    }
  }

  async function rewrite(service: TestService, extra: Record<string, unknown> = {}, message = AI_TEXT) {
    const response = await service.request(
      '/style/transform',
      jsonBody({ mode: 'rewrite', model: MODEL, message, ...extra }),
    );
    return { status: response.status, body: (await response.json()) as Completion };
  }

  /** The rule engine's restyle of `text` with this model, as a rule-only service answers it. */
  async function rulesOnly(text = AI_TEXT): Promise<string> {
    const response = await trainer.request(
      '/style/transform',
      jsonBody({ mode: 'rewrite', model: MODEL, message: text }),
    );
    return ((await response.json()) as Completion).choices[0]!.message.content;
  }

  it('asks the LLM by default and restyles its chosen draft with the rule engine', async () => {
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service, server) => {
      const { status, body } = await rewrite(service);
      expect(status).toBe(200);
      expect(server.requests.length).toBeGreaterThanOrEqual(1);
      expect(server.requests.length).toBeLessThanOrEqual(3);
      expect(server.requests[0]!.body).toMatchObject({ model: 'writer-model', n: 2 });
      expect(body.styler).toMatchObject({
        rewrite_engine: 'llm',
        base_model: 'writer-model',
        calls: server.requests.length,
        cap: { max_calls: 3, max_total_tokens: 60_000 },
      });
      expect(body.styler!.fallback).toBeUndefined();
      expect(body.styler!.drafts).toHaveLength(2);
      expect(body.styler!.winner).not.toBe('input');
      // The rule engine's pass ran over the draft, not over the message.
      expect(restyled).toEqual([DRAFT]);
      expect(body.choices[0]!.message.content).toBe(await rulesOnly(DRAFT));
      expect(openApiErrors('ChatCompletion', body)).toEqual([]);
    });
  });

  it('repairs a draft sentence that lost a number from the message, keeps the rest, and names the repair', async () => {
    const lossy = `${DRAFT.trimEnd().replace(/\d+/g, 'several')}\n`;
    await withLlm({ reply: drafting(lossy) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service) => {
      const { status, body } = await rewrite(service);
      expect(status).toBe(200);
      const report = body.styler as unknown as {
        winner: unknown;
        repairs: Array<{ reasons: string[]; input: string }>;
      };
      expect(report.winner).not.toBe('input');
      expect(report.repairs.length).toBeGreaterThan(0);
      expect(report.repairs.every((repair) => repair.reasons.includes('number'))).toBe(true);
      // The rule engine restyled the repaired draft: the message's numbers are back in it.
      for (const number of ['30 days', '$49.99']) expect(restyled[0]).toContain(number);
      expect(restyled[0]).not.toContain('several');
    });
  });

  it('compares the answer with the message, not with the draft, in the extras', async () => {
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service) => {
      const flags = { include_quality: true, include_compare_original: true };
      const { body } = await rewrite(service, flags);
      const extras = body as Completion & {
        comparison?: { original: string };
        quality_analytics?: { lexical_density: { unpersonalized: number; personalized: number } };
      };
      expect(extras.styler?.rewrite_engine).toBe('llm');
      expect(extras.comparison?.original).toBe(AI_TEXT);
      const response = await trainer.request(
        '/style/transform',
        jsonBody({ mode: 'rewrite', model: MODEL, message: AI_TEXT, ...flags }),
      );
      const rules = (await response.json()) as typeof extras;
      // "unpersonalized" is the message's value whichever path wrote the answer.
      expect(extras.quality_analytics?.lexical_density.unpersonalized).toBeCloseTo(
        rules.quality_analytics!.lexical_density.unpersonalized,
        12,
      );
    });
  });

  it('asks the LLM its fine-tuning job names before the configured one', async () => {
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service, server) => {
      await seedModel(service, service.keys.acme, 'ftm-with-base', modelJson, { baseModel: 'job-model' });
      const response = await service.request(
        '/style/transform',
        jsonBody({ mode: 'rewrite', model: 'ftm-with-base', message: AI_TEXT }),
      );
      expect(response.status).toBe(200);
      expect(server.requests[0]!.body).toMatchObject({ model: 'job-model' });
      expect(((await response.json()) as Completion).styler).toMatchObject({ base_model: 'job-model' });
    });
  });

  it('keeps rewrite mode to the rule engine with STYLER_LLM_REWRITE=0', async () => {
    const env = { STYLER_LLM_MODELS: 'writer-model', STYLER_LLM_REWRITE: '0' };
    await withLlm({ reply: drafting(DRAFT) }, env, async (service, server) => {
      const { status, body } = await rewrite(service);
      expect(status).toBe(200);
      expect(server.requests).toHaveLength(0);
      expect(body.styler).toBeUndefined();
      expect(restyled).toEqual([AI_TEXT]);
      expect(body.choices[0]!.message.content).toBe(await rulesOnly());
    });
  });

  it('keeps one request to the rule engine with rewrite_engine "rules", and refuses the field in full mode', async () => {
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service, server) => {
      const { status, body } = await rewrite(service, { rewrite_engine: 'rules' });
      expect(status).toBe(200);
      expect(server.requests).toHaveLength(0);
      expect(body.styler).toBeUndefined();
      expect(body.choices[0]!.message.content).toBe(await rulesOnly());
      const full = await service.request(
        '/style/transform',
        jsonBody({
          mode: 'full',
          model: MODEL,
          messages: [{ role: 'user', content: 'Write.' }],
          full_mode_options: { base_model: 'writer-model' },
          rewrite_engine: 'rules',
        }),
      );
      expect(full.status).toBe(400);
      expect((await rewrite(service, { rewrite_engine: 'llm' })).body.styler?.rewrite_engine).toBe('llm');
      expect(server.requests.length).toBeGreaterThan(0);
    });
  });

  /** Asserts the answer is the rule engine's restyle of the message, with a report of `reason`. */
  async function expectFallback(
    answer: { status: number; body: Completion },
    reason: string,
    message: RegExp,
    text = AI_TEXT,
  ): Promise<Report> {
    expect(answer.status).toBe(200);
    const report = answer.body.styler!;
    expect(report).toMatchObject({ rewrite_engine: 'rules', winner: 'input', fallback: { reason } });
    expect(report.fallback!.message).toMatch(message);
    expect(answer.body.choices[0]!.message.content).toBe(await rulesOnly(text));
    expect(openApiErrors('ChatCompletion', answer.body)).toEqual([]);
    return report;
  }

  const failures: Array<[string, OpenAITestServerOptions, RegExp, Record<string, string>?]> = [
    ['a server error', { failWith: { status: 500 } }, /HTTP 500/],
    [
      'a rate limit',
      { failWith: { status: 429, body: { error: { message: 'Rate limit reached.' } } } },
      /429.*Rate limit/,
    ],
    ['a malformed answer', { failWith: { status: 200, body: { choices: 'none' } } }, /malformed/],
    ['a timeout', { reply: DRAFT, delayMs: 5_000 }, /STYLER_LLM_TIMEOUT_MS/, { STYLER_LLM_TIMEOUT_MS: '200' }],
  ];
  for (const [what, llm, message, env] of failures) {
    it(`answers with the rule engine after ${what}`, async () => {
      await withLlm(llm, { STYLER_LLM_MODELS: 'writer-model', ...env }, async (service, server) => {
        const report = await expectFallback(await rewrite(service), 'provider_failed', message);
        expect(restyled).toEqual([AI_TEXT]);
        expect(report.calls).toBe(server.requests.length);
        expect(report.base_model).toBe('writer-model');
      });
    });
  }

  it('answers with the rule engine when the LLM outlasts its share of the time budget', async () => {
    await withLlm(
      { reply: DRAFT, delayMs: 60_000 },
      { STYLER_LLM_MODELS: 'writer-model' },
      async (service, server) => {
        const report = await expectFallback(await rewrite(service), 'time_budget', /STYLER_REQUEST_TIMEOUT_MS/);
        expect(report.calls).toBe(1);
        // The service's request to the LLM was cut, not left running.
        await expect.poll(() => server.requests[0]?.clientAborted).toBe(true);
      },
      { STYLER_REQUEST_TIMEOUT_MS: '8000' },
    );
  }, 30_000);

  it('answers with the rule engine when no draft of the text fits the cost cap', async () => {
    const long = `${AI_TEXT}\n\n`.repeat(Math.ceil(99_000 / (AI_TEXT.length + 2))).slice(0, 99_000);
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service, server) => {
      const report = await expectFallback(await rewrite(service, {}, long), 'cost_cap', /over the cap of 60000/, long);
      expect(server.requests).toHaveLength(0);
      expect(report.calls).toBe(0);
      expect(restyled).toEqual([long]);
    });
  }, 60_000);

  it('answers with the rule engine when every draft lost the structure of the text', async () => {
    const flattened = DRAFT.replace(/^#+ /gm, '').replace(/^- /gm, '');
    await withLlm({ reply: drafting(flattened) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service) => {
      const report = await expectFallback(await rewrite(service), 'nothing_kept', /keep policy/);
      expect(report.drafts).toHaveLength(2);
      expect(restyled).toEqual([AI_TEXT]);
    });
  });

  it('reports a rewrite without a named LLM as the rule engine’s, saying what to set', async () => {
    await withLlm({ reply: drafting(DRAFT) }, {}, async (service, server) => {
      await expectFallback(await rewrite(service), 'not_configured', /STYLER_LLM_MODELS/);
      expect(server.requests).toHaveLength(0);
    });
  });

  it('streams the LLM path and the fallback alike, the report on the last chunk', async () => {
    await withLlm({ reply: drafting(DRAFT) }, { STYLER_LLM_MODELS: 'writer-model' }, async (service) => {
      const plain = (await rewrite(service)).body.choices[0]!.message.content;
      const response = await service.request(
        '/style/transform',
        jsonBody({ mode: 'rewrite', model: MODEL, message: AI_TEXT, stream: true }),
      );
      expect(response.status).toBe(200);
      const events = await readSseData(response);
      expect(events[events.length - 1]).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((data) => JSON.parse(data) as Record<string, unknown>);
      for (const chunk of chunks) expect(openApiErrors('ChatCompletionChunk', chunk)).toEqual([]);
      const text = chunks
        .map((chunk) => (chunk.choices as Array<{ delta: { content?: string } }>)[0]?.delta.content ?? '')
        .join('');
      expect(text).toBe(plain);
      expect(chunks[chunks.length - 1]!.styler).toMatchObject({ rewrite_engine: 'llm', base_model: 'writer-model' });
    });
    await withLlm({ failWith: { status: 503 } }, { STYLER_LLM_MODELS: 'writer-model' }, async (service) => {
      const response = await service.request(
        '/style/transform',
        jsonBody({ mode: 'rewrite', model: MODEL, message: AI_TEXT, stream: true }),
      );
      expect(response.status).toBe(200);
      const events = await readSseData(response);
      expect(events[events.length - 1]).toBe('[DONE]');
      const last = JSON.parse(events[events.length - 2]!) as { styler?: Report };
      expect(last.styler).toMatchObject({ rewrite_engine: 'rules', fallback: { reason: 'provider_failed' } });
    });
  });
});
