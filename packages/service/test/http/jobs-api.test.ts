import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonBody,
  startTestService,
  uploadForm,
  waitForJob,
  type TestService,
  type TestStoreKind,
} from './support/harness.js';
import { openApiErrors } from './support/openapi-validator.js';
import { darwin } from './support/fixtures.js';

const corpus = darwin;

async function uploadText(service: TestService, text: string, key?: string): Promise<string> {
  const response = await service.request('/files', {
    method: 'POST',
    body: uploadForm('sample.txt', text),
    ...(key && { key }),
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { id: string }).id);
}

async function createJob(service: TestService, body: unknown, key?: string) {
  const response = await service.request('/fine_tuning/jobs', { ...jsonBody(body), ...(key && { key }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// Every rule holds alike on the embedded store and on PostgreSQL (with its job queue).
describe.each<TestStoreKind>(['sqlite', 'postgres'])('fine-tuning jobs API (%s)', (storeKind) => {
  let service: TestService;
  let files: string[];
  let finished: Record<string, unknown>;

  beforeAll(async () => {
    service = await startTestService({ storeKind });
    files = [await uploadText(service, corpus(1)), await uploadText(service, `${corpus(2)}\n***\n${corpus(3)}`)];
    const { status, body } = await createJob(service, {
      training_files: files,
      suffix: 'darwin_1',
      base_model: 'gpt-4o-mini',
    });
    expect(status).toBe(200);
    finished = await waitForJob(service, String(body.id));
  });
  afterAll(async () => service.close());

  it('creates a queued job with exactly the spec fields', async () => {
    const { status, body } = await createJob(service, {
      training_files: [files[0]],
      style_model: 'styler-2',
      match_output_length: false,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      object: 'fine_tuning.job',
      id: expect.stringMatching(/^ftjob-[A-Za-z0-9]{24}$/),
      style_model: 'styler-2',
      created_at: expect.any(Number),
      finished_at: null,
      fine_tuned_model: null,
      organization_id: expect.stringMatching(/^org-/),
      status: 'queued',
      training_files: [files[0]],
      error: null,
    });
    await waitForJob(service, String(body.id));
  });

  it('trains a model named ftm-<suffix>-<uuid>, and retrieve shows base_model', () => {
    expect(finished).toMatchObject({
      status: 'succeeded',
      base_model: 'gpt-4o-mini',
      training_files: files,
      error: null,
    });
    expect(finished.fine_tuned_model).toMatch(
      /^ftm-darwin_1-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(finished.finished_at).toEqual(expect.any(Number));
    expect(openApiErrors('FineTuningJob', finished)).toEqual([]);
  });

  it('names a model ftm-<uuid> without a suffix', async () => {
    const { body } = await createJob(service, { training_files: [files[0]], suffix: null });
    const job = await waitForJob(service, String(body.id));
    expect(job.fine_tuned_model).toMatch(/^ftm-[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('lists models with a readable summary of the learned style', async () => {
    const name = String(finished.fine_tuned_model);
    const model = (await (await service.request(`/models/${name}`)).json()) as Record<string, unknown>;
    expect(model).toMatchObject({
      id: name,
      object: 'model',
      owned_by: finished.organization_id,
      fine_tuning_job: finished.id,
      style_model: 'styler-2',
    });
    expect(Object.keys(model.style as object).length).toBeGreaterThan(0);
    expect(openApiErrors('Model', model)).toEqual([]);
    const list = (await (await service.request('/models')).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toContain(name);
    const hidden = await service.request(`/models/${name}`, { key: service.keys.globex });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({
      error: { message: 'Model not found.', type: 'invalid_request_error', code: 'model_not_found', param: null },
    });
    const theirs = (await (await service.request('/models', { key: service.keys.globex })).json()) as {
      data: unknown[];
    };
    expect(theirs.data).toEqual([]);
  });

  it('lists jobs newest first with limit and after', async () => {
    const a = (await createJob(service, { training_files: [files[0]] })).body;
    const b = (await createJob(service, { training_files: [files[0]] })).body;
    const page = (await (await service.request('/fine_tuning/jobs?limit=2')).json()) as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(page.data.map((j) => j.id)).toEqual([b.id, a.id]);
    expect(page.has_more).toBe(true);
    expect(openApiErrors('FineTuningJobList', page)).toEqual([]);
    expect(page.data[0]).not.toHaveProperty('base_model');
    const next = (await (await service.request(`/fine_tuning/jobs?limit=1&after=${String(a.id)}`)).json()) as {
      data: { id: string }[];
    };
    expect(next.data).toHaveLength(1);
    expect(next.data[0]?.id).not.toBe(a.id);
    await waitForJob(service, String(a.id));
    await waitForJob(service, String(b.id));
  });

  it('cancels a queued or running job and discards its result', async () => {
    const { body } = await createJob(service, { training_files: files, suffix: 'cancelled' });
    const response = await service.request(`/fine_tuning/jobs/${String(body.id)}/cancel`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: body.id, status: 'cancelled', fine_tuned_model: null });
    const again = await service.request(`/fine_tuning/jobs/${String(body.id)}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'Only queued or running jobs can be cancelled.',
      code: 'job_not_cancellable',
    });
    // Whatever the fit produced is thrown away: the job stays cancelled and no model appears.
    const later = await waitForJob(service, String(body.id));
    expect(later).toMatchObject({ status: 'cancelled', fine_tuned_model: null });
    const models = (await (await service.request('/models')).json()) as { data: { id: string }[] };
    expect(models.data.some((m) => m.id.startsWith('ftm-cancelled-'))).toBe(false);
  });

  it('fails a job whose training text is gone, with an error object', async () => {
    const id = await uploadText(service, corpus(4));
    await service.removeFileContent(id);
    const { body } = await createJob(service, { training_files: [id] });
    const job = await waitForJob(service, String(body.id));
    expect(job).toMatchObject({ status: 'failed', fine_tuned_model: null, error: { code: 'invalid_training_file' } });
    expect(job.finished_at).toEqual(expect.any(Number));
  });

  it('refuses to delete a file a queued or running job needs', async () => {
    const id = await uploadText(service, corpus(5));
    const { body } = await createJob(service, { training_files: [id] });
    const response = await service.request(`/files/${id}`, { method: 'DELETE' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'File is used by a queued or running fine-tuning job.',
      code: 'file_in_use',
    });
    await waitForJob(service, String(body.id));
    expect((await service.request(`/files/${id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('answers Fine-tuning job not found. for unknown and foreign jobs', async () => {
    for (const [path, key] of [
      ['/fine_tuning/jobs/ftjob-unknown', undefined],
      [`/fine_tuning/jobs/${String(finished.id)}`, service.keys.globex],
    ] as const) {
      const response = await service.request(path, key ? { key } : {});
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Fine-tuning job not found.', code: 'job_not_found' });
    }
    const cancel = await service.request(`/fine_tuning/jobs/${String(finished.id)}/cancel`, {
      method: 'POST',
      key: service.keys.globex,
    });
    expect(await cancel.json()).toEqual({ error: 'Fine-tuning job not found.', code: 'job_not_found' });
    const list = (await (await service.request('/fine_tuning/jobs', { key: service.keys.globex })).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
    const noKey = await service.request(`/fine_tuning/jobs/${String(finished.id)}`, { key: 'sk-styler-nope' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ error: 'Invalid API key.', code: 'invalid_api_key' });
  });

  it.each([
    ['an invalid style_model', () => ({ training_files: [files[0]], style_model: 'gpt-4o' }), 'Invalid model name.'],
    ['a non-string style_model', () => ({ training_files: [files[0]], style_model: 2 }), 'Invalid model name.'],
    ['missing training_files', () => ({}), 'Give training_file (one file ID) or training_files (a list), one of them.'],
    [
      'both training_file and training_files',
      () => ({ training_file: files[0], training_files: [files[0]] }),
      'Give training_file (one file ID) or training_files (a list), one of them.',
    ],
    ['an empty training_file', () => ({ training_file: '' }), 'training_file must be a file ID.'],
    ['empty training_files', () => ({ training_files: [] }), 'training_files must be a non-empty array of file IDs.'],
    [
      'non-string training file ids',
      () => ({ training_files: [1] }),
      'training_files must be a non-empty array of file IDs.',
    ],
    [
      'an unknown training file',
      () => ({ training_files: ['file-missing'] }),
      'Training file not found: file-missing.',
    ],
    [
      'a 17-character suffix',
      () => ({ training_files: [files[0]], suffix: 'a'.repeat(17) }),
      'suffix must be at most 16 characters of letters, digits, - and _.',
    ],
    [
      'a suffix with spaces',
      () => ({ training_files: [files[0]], suffix: 'my model' }),
      'suffix must be at most 16 characters of letters, digits, - and _.',
    ],
    [
      'a string match_output_length',
      () => ({ training_files: [files[0]], match_output_length: 'yes' }),
      'match_output_length must be a boolean.',
    ],
    ['an unknown field', () => ({ training_files: [files[0]], epochs: 3 }), "Unknown field 'epochs'."],
    [
      'an invalid model (style_model by its OpenAI name)',
      () => ({ training_files: [files[0]], model: 'gpt-4o' }),
      'Invalid model name.',
    ],
    [
      'model and style_model that disagree',
      () => ({ training_files: [files[0]], model: 'styler-2', style_model: 'styler-3' }),
      'Invalid model name.',
    ],
    ['a JSON array body', () => [files[0]], 'Request body must be a JSON object.'],
  ])('rejects %s with 400', async (_, body, message) => {
    const { status, body: error } = await createJob(service, body());
    expect(status).toBe(400);
    expect(Object.keys(error)).toEqual(['error', 'code']);
    if (typeof message === 'string') expect(error.error).toBe(message);
    else expect(String(error.error)).toMatch(message);
  });

  it('accepts model as another name for style_model, and retrieve shows the default base model', async () => {
    const { status, body } = await createJob(service, { training_files: [files[0]], model: 'styler-2' });
    expect(status).toBe(200);
    expect(body.style_model).toBe('styler-2');
    const job = (await (await service.request(`/fine_tuning/jobs/${String(body.id)}`)).json()) as Record<
      string,
      unknown
    >;
    expect(job.base_model).toBe('any');
    await waitForJob(service, String(body.id));
  });

  it('takes an empty JSON body on body-less calls (cancel, delete) and still refuses one where a body is needed', async () => {
    const empty = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' };
    const cancel = await service.request('/fine_tuning/jobs/ftjob-missing/cancel', empty);
    expect(cancel.status).toBe(404);
    expect(await cancel.json()).toEqual({ error: 'Fine-tuning job not found.', code: 'job_not_found' });
    const done = await service.request(`/fine_tuning/jobs/${String(finished.id)}/cancel`, empty);
    expect(done.status).toBe(409);
    const remove = await service.request('/files/file-missing', { ...empty, method: 'DELETE' });
    expect(remove.status).toBe(404);
    expect(await remove.json()).toEqual({ error: 'File not found.', code: 'file_not_found' });
    const create = await service.request('/fine_tuning/jobs', empty);
    expect(create.status).toBe(400);
    expect(await create.json()).toEqual({ error: 'Request body is empty: send a JSON object.', code: 'invalid_input' });
  });

  it("answers another organization's file exactly like an unknown one", async () => {
    const theirs = await uploadText(service, corpus(6), service.keys.globex);
    const { status, body } = await createJob(service, { training_files: [theirs] });
    expect(status).toBe(400);
    expect(body).toEqual({ error: `Training file not found: ${theirs}.`, code: 'training_file_not_found' });
  });

  it('rejects malformed JSON, wrong content types and oversized bodies', async () => {
    let response = await service.request('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"training_files": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Request body is not valid JSON.', code: 'invalid_input' });
    response = await service.request('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(response.status).toBe(415);
    expect(Object.keys((await response.json()) as object)).toEqual(['error', 'code']);
    const huge = JSON.stringify({ training_files: ['x'.repeat(service.config.maxBodyBytes)] });
    response = await service.request('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `Request body is too large: the limit is ${service.config.maxBodyBytes} bytes.`,
      code: 'payload_too_large',
    });
    response = await service.request('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"x": 1}}',
    });
    expect(response.status).toBe(400);
  });

  it('deletes a model', async () => {
    const { body } = await createJob(service, { training_files: [files[0]], suffix: 'temp' });
    const job = await waitForJob(service, String(body.id));
    const name = String(job.fine_tuned_model);
    expect((await service.request(`/models/${name}`, { method: 'DELETE', key: service.keys.globex })).status).toBe(404);
    const response = await service.request(`/models/${name}`, { method: 'DELETE' });
    expect(await response.json()).toEqual({ id: name, object: 'model', deleted: true });
    expect((await service.request(`/models/${name}`)).status).toBe(404);
  });
});
