/** End to end with the official `openai` npm client against the real service on a free port. */
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQualitySchema, validate } from '../../../../test-support/schema.js';
import { startTestService, type TestService, type TestStoreKind } from './support/harness.js';
import { darwin, fixture } from './support/fixtures.js';

interface Job {
  id: string;
  status: string;
  fine_tuned_model: string | null;
}

interface Completion {
  object: string;
  model: string;
  choices: Array<{ message: { role: string; content: string }; finish_reason: string }>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  quality_analytics?: unknown;
}

interface Chunk {
  object: string;
  choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
  usage?: Completion['usage'];
  quality_analytics?: unknown;
}

// The same suite on the embedded store and on PostgreSQL: every endpoint must behave alike.
describe.each<TestStoreKind>(['sqlite', 'postgres'])(
  'the service through the official openai client (%s)',
  (storeKind) => {
    let service: TestService;
    let client: OpenAI;
    let other: OpenAI;

    beforeAll(async () => {
      service = await startTestService({ storeKind });
      // maxRetries 0: the client would otherwise retry 409/429/5xx and hide what the service answered.
      client = new OpenAI({ apiKey: service.keys.acme, baseURL: service.baseUrl, maxRetries: 0 });
      other = new OpenAI({ apiKey: service.keys.globex, baseURL: service.baseUrl, maxRetries: 0 });
    });
    afterAll(async () => service.close());

    it('uploads, fine-tunes, transforms (plain and streamed) and deletes', async () => {
      const uploaded = [];
      for (const n of [4, 5]) {
        uploaded.push(
          await client.files.create({ file: await toFile(Buffer.from(darwin(n)), `0${n}.txt`), purpose: 'fine-tune' }),
        );
      }
      expect(uploaded[0]).toMatchObject({ object: 'file', filename: '04.txt', purpose: 'fine-tune' });
      expect(await client.files.retrieve(uploaded[0]!.id)).toEqual(uploaded[0]);

      const created = await client.post<Job>('/fine_tuning/jobs', {
        body: { training_files: uploaded.map((f) => f.id), suffix: 'darwin', base_model: 'gpt-4o' },
      });
      expect(created).toMatchObject({ status: 'queued', fine_tuned_model: null });

      // The SDK's own create names one training_file (and requires a model), as OpenAI's API does.
      const single = await client.fineTuning.jobs.create({ training_file: uploaded[1]!.id, model: 'styler-2' });
      expect(single).toMatchObject({ status: 'queued', training_files: [uploaded[1]!.id] });

      let job = (await client.fineTuning.jobs.retrieve(created.id)) as unknown as Job & { base_model: string };
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await client.fineTuning.jobs.retrieve(created.id)) as unknown as Job & { base_model: string };
      }
      expect(job.status).toBe('succeeded');
      expect(job.base_model).toBe('gpt-4o');
      const model = job.fine_tuned_model!;
      expect(model).toMatch(/^ftm-darwin-/);

      // The SDK's listEvents: the job's progress, newest first, paged by id.
      const events = await client.fineTuning.jobs.listEvents(created.id);
      expect(events.data.map((one) => [one.object, one.level, one.message])).toEqual([
        ['fine_tuning.job.event', 'info', `The job succeeded: fine-tuned model ${model}.`],
        ['fine_tuning.job.event', 'info', 'Fine-tuning started.'],
        ['fine_tuning.job.event', 'info', 'Created fine-tuning job on 2 training files.'],
      ]);
      const page = await client.fineTuning.jobs.listEvents(created.id, { limit: 1, after: events.data[0]!.id });
      expect(page.data.map((one) => one.message)).toEqual(['Fine-tuning started.']);
      await expect(client.fineTuning.jobs.listEvents('ftjob-unknown')).rejects.toMatchObject({ status: 404 });

      const message = fixture('ai-input-02.txt');
      const completion = await client.post<Completion>('/style/transform', {
        body: { mode: 'rewrite', model, message, include_quality: true, include_rouge: true },
      });
      expect(completion).toMatchObject({
        object: 'chat.completion',
        model,
        choices: [{ message: { role: 'assistant' }, finish_reason: 'stop' }],
      });
      expect(validate(loadQualitySchema(), completion.quality_analytics)).toEqual([]);

      const stream = await client.post<AsyncIterable<Chunk>>('/style/transform', {
        body: { mode: 'rewrite', model, message, stream: true, include_quality: true, include_rouge: true },
        stream: true,
      });
      let text = '';
      let last: Chunk | undefined;
      for await (const chunk of stream as unknown as AsyncIterable<Chunk>) {
        expect(chunk.object).toBe('chat.completion.chunk');
        text += chunk.choices.map((choice) => choice.delta.content ?? '').join('');
        last = chunk;
      }
      expect(text).toBe(completion.choices[0]!.message.content);
      expect(last?.usage).toEqual(completion.usage);
      expect(last?.quality_analytics).toEqual(completion.quality_analytics);

      await expect(other.files.retrieve(uploaded[0]!.id)).rejects.toMatchObject({
        status: 404,
        error: 'File not found.',
      });
      await expect(other.fineTuning.jobs.retrieve(created.id)).rejects.toMatchObject({
        status: 404,
        error: 'Fine-tuning job not found.',
      });
      await expect(other.post('/style/transform', { body: { mode: 'rewrite', model, message } })).rejects.toMatchObject(
        {
          status: 404,
        },
      );

      expect(await client.files.delete(uploaded[0]!.id)).toEqual({
        id: uploaded[0]!.id,
        object: 'file',
        deleted: true,
      });
      await expect(client.files.retrieve(uploaded[0]!.id)).rejects.toMatchObject({
        status: 404,
        error: 'File not found.',
      });
    });

    it('surfaces the error bodies of the spec as APIError', async () => {
      const bad = new OpenAI({ apiKey: 'sk-styler-invalid', baseURL: service.baseUrl, maxRetries: 0 });
      await expect(bad.files.delete('file-x')).rejects.toMatchObject({ status: 401, error: 'Invalid API key.' });
      await expect(bad.fineTuning.jobs.retrieve('ftjob-x')).rejects.toMatchObject({
        status: 401,
        error: 'Invalid API key.',
      });
      await expect(bad.post('/style/transform', { body: {} })).rejects.toMatchObject({
        status: 401,
        error: 'Invalid API key.',
      });
      await expect(client.files.delete('file-unknown')).rejects.toMatchObject({
        status: 404,
        error: 'File not found.',
      });
      await expect(client.fineTuning.jobs.retrieve('ftjob-unknown')).rejects.toMatchObject({
        status: 404,
        error: 'Fine-tuning job not found.',
      });
      await expect(
        client.post('/fine_tuning/jobs', { body: { training_files: ['file-x'], style_model: 'gpt-4o' } }),
      ).rejects.toMatchObject({
        status: 400,
        error: 'Invalid model name.',
      });
      await expect(client.post('/style/transform', { body: { mode: 'rewrite' } })).rejects.toMatchObject({
        status: 400,
        error: 'Invalid input data.',
      });
    });

    it("hands the SDK each error's registry code in the x-error-code header", async () => {
      /** The code an SDK user reads: `error.headers.get('x-error-code')`. */
      const codeOf = async (call: Promise<unknown>): Promise<string | null | undefined> => {
        const error: unknown = await call.then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(OpenAI.APIError);
        return (error as InstanceType<typeof OpenAI.APIError>).headers?.get('x-error-code');
      };
      const bad = new OpenAI({ apiKey: 'sk-styler-invalid', baseURL: service.baseUrl, maxRetries: 0 });
      expect(await codeOf(bad.files.list())).toBe('invalid_api_key');
      expect(await codeOf(client.files.retrieve('file-unknown'))).toBe('file_not_found');
      expect(await codeOf(client.models.retrieve('no-such-model'))).toBe('model_not_found');
      // Routes OpenAI defines and the spec does not answer OpenAI's shape: the SDK's own fields hold it.
      await expect(client.models.retrieve('no-such-model')).rejects.toMatchObject({
        status: 404,
        code: 'model_not_found',
        type: 'invalid_request_error',
        param: null,
        message: '404 Model not found.',
      });
      await expect(bad.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
      expect(await codeOf(client.post('/style/transform', { body: { mode: 'rewrite' } }))).toBe('invalid_input');
      expect(await codeOf(client.get('/no/such/route'))).toBe('route_not_found');
      const upload = await toFile(Buffer.from('not a zip'), 'a.docx');
      expect(await codeOf(client.files.create({ file: upload, purpose: 'fine-tune' }))).toBe('file_content_mismatch');
    });
  },
);
