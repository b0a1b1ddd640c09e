import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQualitySchema, validate } from '../../../../test-support/schema.js';
import { startOpenAITestServer, type OpenAITestServer } from '../../../../test-support/openai-test-server.js';
import {
  jsonBody,
  modelJsonOf,
  seedModel,
  startTestService,
  uploadForm,
  waitForJob,
  type TestService,
} from './support/harness.js';
import { readSseData } from './support/sse.js';
import { openApiErrors } from './support/openapi-validator.js';
import { darwin, fixture } from './support/fixtures.js';

const AI_TEXT = fixture('ai-input-01.txt');
interface Completion {
  choices: Array<{ message: { content: string } }>;
}
interface Chunk {
  id: string;
  choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
  usage?: unknown;
  quality_analytics?: unknown;
}
const contentOf = (body: unknown): string => (body as Completion).choices[0]!.message.content;
/** Lower-case headings above AI prose: a model that learned Title Case headings changes them. */
const HEADED = `# a walk in the park\n\n## what we saw\n\n${AI_TEXT}`;
const BASE_REPLY =
  'Here is a short note.\n\nIt is important to note that the weather was fine, and we walked a long way before dinner.';

describe('POST /style/transform', () => {
  let service: TestService;
  let llm: OpenAITestServer;
  let model: string;
  let jobId: string;

  beforeAll(async () => {
    llm = await startOpenAITestServer({
      // A revision round (the draft sent back as the assistant's) gets the draft again.
      reply: (request) =>
        request.messages.findLast((message) => message.role === 'assistant')?.content ??
        (request.messages[request.messages.length - 1]?.content === 'headings please' ? HEADED : BASE_REPLY),
    });
    service = await startTestService({
      env: { STYLER_MAX_TEXT_CHARS: '20000', STYLER_JOB_CONCURRENCY: '1' },
      // Full mode asks this LLM; rewrite mode stays the rule engine's here (its LLM path: transform/llm-rewrite.test.ts).
      providerEnv: { STYLER_LLM_BASE_URL: llm.url, STYLER_LLM_REWRITE: '0' },
    });
    const ids: string[] = [];
    for (const n of ['01', '02', '03']) {
      const response = await service.request('/files', {
        method: 'POST',
        body: uploadForm(`${n}.txt`, darwin(Number(n))),
      });
      ids.push(((await response.json()) as { id: string }).id);
    }
    const job = (await (
      await service.request('/fine_tuning/jobs', jsonBody({ training_files: ids, suffix: 'darwin' }))
    ).json()) as { id: string };
    jobId = job.id;
    model = String((await waitForJob(service, job.id)).fine_tuned_model);
  });
  afterAll(async () => {
    await service.close();
    await llm.close();
  });

  async function transform(body: unknown, key?: string) {
    const response = await service.request('/style/transform', { ...jsonBody(body), ...(key && { key }) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('rewrites text into a chat.completion with real token usage', async () => {
    const { status, body } = await transform({ mode: 'rewrite', model, message: AI_TEXT });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['choices', 'created', 'id', 'model', 'object', 'usage']);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }],
    });
    const content = (body.choices as Array<{ message: { content: string } }>)[0]!.message.content;
    expect(content.trim().length).toBeGreaterThan(0);
    const usage = body.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    // o200k needs fewer tokens than words for plain English prose, and more than a third as many.
    const words = AI_TEXT.split(/\s+/).filter(Boolean).length;
    expect(usage.prompt_tokens).toBeGreaterThan(words / 3);
    expect(usage.prompt_tokens).toBeLessThan(words * 2);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('adds quality analytics, comparison and distance on request', async () => {
    const { status, body } = await transform({
      mode: 'rewrite',
      model,
      message: AI_TEXT,
      include_quality: true,
      include_rouge: true,
      include_compare_original: true,
      include_distance: true,
    });
    expect(status).toBe(200);
    expect(openApiErrors('ChatCompletion', body)).toEqual([]);
    expect(validate(loadQualitySchema(), body.quality_analytics)).toEqual([]);
    expect(body.quality_analytics).toHaveProperty('rouge.rouge1.personalized.fmeasure');
    const content = (body.choices as Array<{ message: { content: string } }>)[0]!.message.content;
    const comparison = body.comparison as { original: string; diff: Array<{ type: string; text: string }> };
    expect(comparison.original).toBe(AI_TEXT);
    expect(
      comparison.diff
        .filter((s) => s.type !== 'delete')
        .map((s) => s.text)
        .join(''),
    ).toBe(content.trimStart());
    const distance = body.distance as Record<string, number>;
    expect(distance.original_words).toBe(AI_TEXT.split(/\s+/).filter(Boolean).length);
    expect(distance.levenshtein_ratio).toBeGreaterThanOrEqual(0);
    expect(distance.levenshtein_ratio).toBeLessThanOrEqual(1);
    expect(distance.length_ratio).toBeCloseTo(distance.styled_words! / distance.original_words!, 12);

    const withoutRouge = await transform({ mode: 'rewrite', model, message: AI_TEXT, include_quality: true });
    expect(withoutRouge.body.quality_analytics).not.toHaveProperty('rouge');
    const rougeOnly = await transform({ mode: 'rewrite', model, message: AI_TEXT, include_rouge: true });
    expect(rougeOnly.body).not.toHaveProperty('quality_analytics');
  });

  it('runs full mode through the configured base model, then styles its text', async () => {
    const before = llm.requests.length;
    const { status, body } = await transform({
      mode: 'full',
      model,
      messages: [
        { role: 'system', content: 'Be concise.' },
        { role: 'user', content: 'Write a note about a walk.' },
      ],
      full_mode_options: { base_model: 'local-model', base_model_service: 'openai-compatible', base_temperature: 0.3 },
      include_compare_original: true,
      include_quality: true,
    });
    expect(status).toBe(200);
    const sent = llm.requests[before]!.body as {
      model: string;
      temperature: number;
      messages: { role: string; content: string }[];
    };
    expect(sent).toMatchObject({ model: 'local-model', temperature: 0.3 });
    // The model's style brief first, so the base model writes in the voice; then the user's messages.
    expect(sent.messages).toHaveLength(3);
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/voice/i) });
    expect(sent.messages.slice(1)).toEqual([
      { role: 'system', content: 'Be concise.' },
      { role: 'user', content: 'Write a note about a walk.' },
    ]);
    expect((body.comparison as { original: string }).original).toBe(BASE_REPLY);
    expect(validate(loadQualitySchema(), body.quality_analytics)).toEqual([]);
  });

  it('streams chat.completion.chunk events ending with usage and [DONE]', async () => {
    const json = await transform({ mode: 'rewrite', model, message: AI_TEXT });
    const response = await service.request(
      '/style/transform',
      jsonBody({ mode: 'rewrite', model, message: AI_TEXT, stream: true, include_quality: true }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSseData(response);
    expect(events[events.length - 1]).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((data) => JSON.parse(data) as Chunk);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model });
      expect(openApiErrors('ChatCompletionChunk', chunk)).toEqual([]);
    }
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    const text = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).join('');
    expect(text).toBe(contentOf(json.body));
    const last = chunks[chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual(json.body.usage);
    expect(validate(loadQualitySchema(), last.quality_analytics)).toEqual([]);
    expect(chunks[chunks.length - 2]!.choices[0]!.finish_reason).toBe('stop');
  });

  it('streams full mode, and a client that disconnects stops the base model request', async () => {
    const streamed = await service.request(
      '/style/transform',
      jsonBody({
        mode: 'full',
        model,
        stream: true,
        messages: [{ role: 'user', content: 'Write.' }],
        full_mode_options: { base_model: 'local-model', base_model_service: 'openai-compatible' },
      }),
    );
    const events = await readSseData(streamed);
    expect(events[events.length - 1]).toBe('[DONE]');

    const slow = await startOpenAITestServer({ reply: 'word '.repeat(400), delayMs: 30_000 });
    const slowService = await startTestService({ providerEnv: { STYLER_LLM_BASE_URL: slow.url } });
    try {
      const controller = new AbortController();
      const request = fetch(`${slowService.baseUrl}/style/transform`, {
        ...jsonBody({
          mode: 'full',
          model: 'ftm-unknown',
          messages: [{ role: 'user', content: 'x' }],
          full_mode_options: { base_model: 'm' },
        }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${slowService.keys.acme}` },
      });
      // An unknown model is refused before any base model call.
      expect((await request).status).toBe(404);
      expect(slow.requests).toHaveLength(0);

      await seedModel(
        slowService,
        slowService.keys.acme,
        'ftm-copy',
        await modelJsonOf(service, service.keys.acme, model),
      );

      const responded = fetch(`${slowService.baseUrl}/style/transform`, {
        method: 'POST',
        signal: controller.signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${slowService.keys.acme}` },
        body: JSON.stringify({
          mode: 'full',
          model: 'ftm-copy',
          stream: true,
          messages: [{ role: 'user', content: 'x' }],
          full_mode_options: { base_model: 'm' },
        }),
      });
      // The stream opens once the LLM pipeline has chosen; a client gone before that stops the base model's request.
      await expect.poll(() => slow.requests.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      controller.abort();
      await responded.catch(() => undefined);
      // The service aborts its own request to the base model once the client is gone.
      await expect.poll(() => slow.requests[0]?.clientAborted, { timeout: 10_000, interval: 20 }).toBe(true);
      expect(slow.requests[0]!.completed).toBe(false);
    } finally {
      await slowService.close();
      await slow.close();
    }
  });

  it('applies skip_headings and skip_h1 in both modes', async () => {
    // A model whose author writes Title Case headings.
    const titled = [1, 2, 3].map(
      (n) => `# Notes From The Voyage ${n}\n\n## On The Birds Of The Island\n\n${darwin(n)}`,
    );
    const upload = await service.request('/files', {
      method: 'POST',
      body: uploadForm('titled.txt', titled.join('\n***\n')),
    });
    const job = (await (
      await service.request(
        '/fine_tuning/jobs',
        jsonBody({ training_files: [((await upload.json()) as { id: string }).id] }),
      )
    ).json()) as { id: string };
    const headed = String((await waitForJob(service, job.id)).fine_tuned_model);
    const full = {
      mode: 'full',
      messages: [{ role: 'user', content: 'headings please' }],
      full_mode_options: { base_model: 'local-model' },
    };
    for (const input of [{ mode: 'rewrite', message: HEADED }, full]) {
      const restyled = contentOf((await transform({ ...input, model: headed })).body);
      expect(restyled.startsWith('# a walk in the park\n')).toBe(false);
      expect(restyled).not.toContain('## what we saw\n');
      const skipped = contentOf((await transform({ ...input, model: headed, skip_headings: true })).body);
      expect(skipped.startsWith('# a walk in the park\n\n## what we saw\n\n')).toBe(true);
      const h1 = contentOf((await transform({ ...input, model: headed, skip_h1: true })).body);
      expect(h1.startsWith('# a walk in the park\n\n')).toBe(true);
      expect(h1).not.toContain('## what we saw\n');
    }
  });

  it.each([
    ['a missing model', { mode: 'rewrite', message: 'x' }, 'model'],
    ['a bad mode', { mode: 'edit', model: 'm', message: 'x' }, 'mode'],
    ['a missing message', { mode: 'rewrite', model: 'm' }, 'message'],
    ['full mode without messages', { mode: 'full', model: 'm', full_mode_options: { base_model: 'b' } }, 'messages'],
    [
      'full mode without base_model',
      { mode: 'full', model: 'm', messages: [{ role: 'user', content: 'x' }], full_mode_options: {} },
      'full_mode_options.base_model',
    ],
    [
      'a temperature of 3',
      {
        mode: 'full',
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        full_mode_options: { base_model: 'b', base_temperature: 3 },
      },
      'full_mode_options.base_temperature',
    ],
    ['a string flag', { mode: 'rewrite', model: 'm', message: 'x', include_quality: 'true' }, 'include_quality'],
    ['an unknown field', { mode: 'rewrite', model: 'm', message: 'x', max_tokens: 5 }, 'max_tokens'],
  ])('answers 400 Invalid input data. for %s, naming the field in param', async (_, body, param) => {
    expect(await transform(body)).toEqual({
      status: 400,
      body: { error: 'Invalid input data.', code: 'invalid_input', param },
    });
  });

  it('answers malformed JSON and a non-JSON body with Invalid input data.', async () => {
    for (const body of ['{"mode": "rewrite",', '']) {
      const response = await service.request('/style/transform', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid input data.', code: 'invalid_input' });
    }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const other = await service.request('/style/transform', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'message=hello',
      });
      expect(other.status).toBe(400);
      expect(await other.json()).toEqual({ error: 'Invalid input data.', code: 'invalid_input' });
    }
  });

  it('answers a body that is not JSON alike, plain text or a form, on the other JSON routes', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await service.request('/fine_tuning/jobs', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'training_file=file-1',
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'unsupported_content_type' });
    }
  });

  it('answers 413 for a text over the maximum length', async () => {
    const { status, body } = await transform({ mode: 'rewrite', model, message: 'word '.repeat(5000) });
    expect(status).toBe(413);
    expect(body).toEqual({ error: 'Text is too long: at most 20000 characters.', code: 'text_too_long' });
  });

  it('answers 404 for unknown, foreign and untrained models', async () => {
    expect(await transform({ mode: 'rewrite', model: 'ftm-nope', message: AI_TEXT })).toEqual({
      status: 404,
      body: { error: 'Model not found.', code: 'model_not_found' },
    });
    expect(await transform({ mode: 'rewrite', model, message: AI_TEXT }, service.keys.globex)).toEqual({
      status: 404,
      body: { error: 'Model not found.', code: 'model_not_found' },
    });
    const { status, body } = await transform({ mode: 'rewrite', model: jobId, message: AI_TEXT });
    expect(status).toBe(404);
    expect(String(body.error)).toContain(model);
  });

  it('names what to configure when full mode has no base model service', async () => {
    const bare = await startTestService();
    try {
      const response = await bare.request(
        '/style/transform',
        jsonBody({
          mode: 'full',
          model: 'ftm-x',
          messages: [{ role: 'user', content: 'x' }],
          full_mode_options: { base_model: 'gpt-4o' },
        }),
      );
      // The model is checked first (404), so use the provider check through a known model name.
      expect(response.status).toBe(404);
      await seedModel(bare, bare.keys.acme, 'ftm-x', await modelJsonOf(service, service.keys.acme, model));
      const again = await bare.request(
        '/style/transform',
        jsonBody({
          mode: 'full',
          model: 'ftm-x',
          messages: [{ role: 'user', content: 'x' }],
          full_mode_options: { base_model: 'gpt-4o' },
        }),
      );
      expect(again.status).toBe(501);
      expect(String(((await again.json()) as { error: string }).error)).toMatch(/OPENAI_API_KEY/);
    } finally {
      await bare.close();
    }
  });

  it('requires a valid key', async () => {
    const response = await service.request('/style/transform', {
      ...jsonBody({ mode: 'rewrite', model, message: 'x' }),
      key: null,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid API key.', code: 'invalid_api_key' });
  });
});
