/**
 * POST /v1/chat/completions with a style model, through the official openai SDK, against the real
 * service and a real local OpenAI-compatible server as the base model. The server answers one
 * draft in generic AI prose and one in the author's own words (a letter the model was not trained
 * on), so the choice, the ranking and the brief each show in what comes back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAITestServer,
  type ChatCompletionRequestBody,
  type OpenAITestServer,
} from '../../../../test-support/openai-test-server.js';
import type { StylerChatCompletionCreateParams } from '../../src/index.js';
import { darwin, fixture } from './support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

const AI_DRAFT = fixture('ai-input-01.txt')
  .split(/\n\s*\n/)
  .slice(0, 3)
  .join('\n\n');
// A letter the model never saw (it is trained on letters 1–3), cut to about the AI draft's length.
const AUTHOR_DRAFT = darwin(7).split(/\s+/).slice(0, AI_DRAFT.split(/\s+/).length).join(' ');

interface StylerReport {
  winner: number | 'revision';
  drafts: { index: number; delta: number; kept: boolean }[];
  revision?: { status: string; feedback: string[] };
  calls: number;
}

const isRevision = (request: ChatCompletionRequestBody): boolean => request.messages.length > 2;

describe('chat completions with a style model', () => {
  let llm: OpenAITestServer;
  let service: TestService;
  let client: OpenAI;
  let model: string;

  beforeAll(async () => {
    llm = await startOpenAITestServer({
      // Draft 0 is generic AI prose, draft 1 the author's; a revision comes back in the author's words.
      reply: (request, choice) => (isRevision(request) || choice === 1 ? AUTHOR_DRAFT : AI_DRAFT),
    });
    service = await startTestService({
      env: { STYLER_JOB_CONCURRENCY: '1' },
      providerEnv: { STYLER_LLM_BASE_URL: llm.url, STYLER_LLM_MODELS: 'test-model' },
    });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await service.request('/files', { method: 'POST', body: uploadForm(`0${n}.txt`, darwin(n)) });
      ids.push(((await response.json()) as { id: string }).id);
    }
    const job = (await (
      await service.request('/fine_tuning/jobs', jsonBody({ training_files: ids, suffix: 'darwin' }))
    ).json()) as { id: string };
    model = String((await waitForJob(service, job.id)).fine_tuned_model);
    // A second model in the organization, on a Go blog: the other texts the author's favoured words
    // are measured against.
    const blog = new URL('../../../engine/test/fixtures/authors/gerrand-go-blog/', import.meta.url);
    const posts = readdirSync(blog).filter((name) => name.endsWith('.txt'));
    const other = await service.request('/files', {
      method: 'POST',
      body: uploadForm('blog.txt', posts.map((name) => readFileSync(new URL(name, blog), 'utf8')).join('\n***\n')),
    });
    const otherJob = (await (
      await service.request(
        '/fine_tuning/jobs',
        jsonBody({ training_files: [((await other.json()) as { id: string }).id] }),
      )
    ).json()) as { id: string };
    await waitForJob(service, otherJob.id);
    client = new OpenAI({ apiKey: service.keys.acme, baseURL: service.baseUrl, maxRetries: 0 });
  });
  afterAll(async () => {
    await service.close();
    await llm.close();
  });

  const ask = { role: 'user' as const, content: 'Tell me about the barnacles you are dissecting.' };

  it("writes under the model's style brief, ahead of the user's own messages", async () => {
    const before = llm.requests.length;
    const completion = await client.chat.completions.create({ model, messages: [ask] });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices).toHaveLength(1);
    const sent = llm.requests[before]!.body as ChatCompletionRequestBody;
    expect(sent.model).toBe('test-model');
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toMatch(/voice/i);
    // Keyness against the organization's other model names words the author favours.
    expect(sent.messages[0]!.content).toMatch(/Words the author uses more than other writers[^:]*: \w+/);
    expect(sent.messages.at(-1)).toEqual(ask);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('runs the LLM pipeline by default: two drafts, the closest, a revision where it helps, within the stated cap', async () => {
    const before = llm.requests.length;
    const completion = await client.chat.completions.create({ model, messages: [ask] });
    const report = (completion as unknown as { styler: StylerReport & Record<string, unknown> }).styler;
    expect(report.drafts).toHaveLength(2);
    expect((llm.requests[before]!.body as ChatCompletionRequestBody).n).toBe(2);
    expect(report).toMatchObject({ cap: { max_calls: 3, max_total_tokens: 60_000 } });
    expect(report.calls).toBe(llm.requests.length - before);
    expect(report.calls).toBeLessThanOrEqual(3);
    const usage = report.usage as { total_tokens: number };
    expect(usage.total_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBeLessThanOrEqual(60_000);
    // Every request carried a completion limit within what the cap left.
    for (const request of llm.requests.slice(before)) expect(request.body).toHaveProperty('max_tokens');
    expect(completion.choices[0]!.message.content).toBe(AUTHOR_DRAFT);
  });

  it('refuses a token cap too small for one draft, naming it', async () => {
    const error = await client.chat.completions
      .create({
        model,
        messages: [ask],
        // @ts-expect-error Styler's extensions to the request
        max_llm_tokens: 5,
      })
      .catch((caught: unknown) => caught as { status: number; message: string });
    // The SDK reads OpenAI's error shape into its fields.
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', type: 'invalid_request_error' });
    expect(String((error as { message: string }).message)).toMatch(/token cap leaves no room/);
  });

  it('chooses the draft closest to the author among the candidates, and ranks the choices', async () => {
    const completion = await client.chat.completions.create({
      model,
      messages: [ask],
      n: 2,
      // @ts-expect-error Styler's extensions to the request
      candidates: 2,
    });
    const report = (completion as unknown as { styler: StylerReport }).styler;
    expect(report.winner).toBe(1);
    expect(report.drafts[1]!.delta).toBeLessThan(report.drafts[0]!.delta);
    expect(completion.choices.map((choice) => choice.message.content)).toEqual([AUTHOR_DRAFT, AI_DRAFT]);
    expect(completion.choices.map((choice) => choice.index)).toEqual([0, 1]);

    const one = await client.chat.completions.create({
      model,
      messages: [ask],
      // @ts-expect-error Styler's extensions to the request
      candidates: 2,
    });
    expect(one.choices.map((choice) => choice.message.content)).toEqual([AUTHOR_DRAFT]);
  });

  it('revises once with feedback in words, and keeps the revision only when it is closer', async () => {
    const before = llm.requests.length;
    const completion = await client.chat.completions.create({
      model,
      messages: [ask],
      // @ts-expect-error Styler's extensions to the request
      candidates: 1,
      revise: true,
    });
    const report = (completion as unknown as { styler: StylerReport }).styler;
    expect(report.calls).toBe(2);
    expect(report.revision?.feedback.length).toBeGreaterThan(0);
    const revisionRequest = llm.requests[before + 1]!.body as ChatCompletionRequestBody;
    expect(revisionRequest.messages.at(-1)!.content).toContain(report.revision!.feedback[0]!);
    expect(report.revision?.status).toBe('kept');
    expect(report.winner).toBe('revision');
    expect(completion.choices[0]!.message.content).toBe(AUTHOR_DRAFT);
  });

  it('streams a single draft as the base model writes it, cut at a stop sequence', async () => {
    const stop = AI_DRAFT.split(/\s+/).slice(6, 8).join(' ');
    const stream = await client.chat.completions.create({
      model,
      messages: [ask],
      stream: true,
      stop,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason ?? null;
      usage ??= chunk.usage ?? undefined;
    }
    expect(text).toBe(AI_DRAFT.slice(0, AI_DRAFT.indexOf(stop)));
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ total_tokens: expect.any(Number) });
  });

  it('sends the documented default temperature on the streamed path as on the drafts', async () => {
    const before = llm.requests.length;
    const stream = await client.chat.completions.create({ model, messages: [ask], stream: true });
    for await (const chunk of stream) void chunk;
    await client.chat.completions.create({ model, messages: [ask], max_tokens: 500 });
    const sent = llm.requests.slice(before).map((request) => request.body as ChatCompletionRequestBody);
    expect(sent[0]).toMatchObject({ stream: true, temperature: 0.7 });
    expect(sent[1]).toMatchObject({ temperature: 0.7, max_tokens: 500 });
  });

  it('streams the chosen drafts, each under its index, once chosen', async () => {
    const request: StylerChatCompletionCreateParams<OpenAI.ChatCompletionCreateParamsStreaming> = {
      model,
      messages: [ask],
      stream: true,
      n: 2,
      candidates: 2,
    };
    const stream = await client.chat.completions.create(request);
    const texts = ['', ''];
    let report: StylerReport | undefined;
    for await (const chunk of stream) {
      for (const choice of chunk.choices) texts[choice.index] += choice.delta.content ?? '';
      report ??= (chunk as unknown as { styler?: StylerReport }).styler;
    }
    expect(texts).toEqual([AUTHOR_DRAFT, AI_DRAFT]);
    expect(report?.winner).toBe(1);
  });

  it('refuses what a style model cannot honour, naming the field', async () => {
    await expect(
      client.chat.completions.create({
        model,
        messages: [ask],
        tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/tools is not supported/) });
    await expect(client.chat.completions.create({ model: 'ftm-unknown', messages: [ask] })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('chat completions without any LLM configured', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => service.close());

  it('answers 501 provider_not_configured saying how to configure one', async () => {
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('01.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const job = (await (await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }))).json()) as {
      id: string;
    };
    const model = String((await waitForJob(service, job.id)).fine_tuned_model);
    const response = await service.request(
      '/chat/completions',
      jsonBody({ model, messages: [{ role: 'user', content: 'Hello.' }] }),
    );
    // 501 provider_not_configured, as a full-mode transform answers without an LLM.
    expect(response.status).toBe(501);
    // A route OpenAI defines and the spec does not: OpenAI's error shape.
    const { error } = (await response.json()) as { error: { message: string; type: string; code: string } };
    expect(error).toMatchObject({ type: 'server_error', code: 'provider_not_configured' });
    expect(error.message).toMatch(/need an LLM.*OPENAI_API_KEY/);
  });

  it('bounds max_tokens and max_completion_tokens at 32,768, naming the field', async () => {
    const messages = [{ role: 'user', content: 'Hello.' }];
    for (const field of ['max_tokens', 'max_completion_tokens']) {
      const response = await service.request(
        '/chat/completions',
        jsonBody({ model: 'ftm-any', messages, [field]: 32_769 }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', param: field } });
      const within = await service.request(
        '/chat/completions',
        jsonBody({ model: 'ftm-any', messages, [field]: 32_768 }),
      );
      // Past the schema: the unknown model is what is refused.
      expect(within.status).toBe(404);
    }
  });
});
