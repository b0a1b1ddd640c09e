/**
 * Headers every API answer carries: `Cache-Control: no-store` (errors included), and on an error a
 * retry cannot change (every 4xx but 408 and 429) `x-should-retry: false`, which the official
 * openai client obeys instead of retrying a 409 twice more.
 */
import Fastify from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError, type ErrorCode } from '../../src/errors.js';
import { installErrorHandlers } from '../../src/http/error-handler.js';
import { darwin } from './support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

describe('response headers of the service', () => {
  let service: TestService;
  /** Method and URL of every request the server received, in order. */
  const received: string[] = [];
  let finishedJob: string;

  beforeAll(async () => {
    service = await startTestService({ env: { STYLER_JOB_CONCURRENCY: '1' } });
    service.app.server.on('request', (request: { method?: string; url?: string }) =>
      received.push(`${request.method} ${request.url}`),
    );
    const file = (await (
      await service.request('/files', { method: 'POST', body: uploadForm('01.txt', darwin(1)) })
    ).json()) as { id: string };
    const job = (await (
      await service.request('/fine_tuning/jobs', jsonBody({ training_files: [file.id] }))
    ).json()) as { id: string };
    await waitForJob(service, job.id);
    finishedJob = job.id;
  });
  afterAll(async () => service?.close());

  it('makes the official client send a cancel of a finished job once, not retry its 409', async () => {
    // The client's default retries: it retries a 409 unless told not to.
    const client = new OpenAI({ apiKey: service.keys.acme, baseURL: service.baseUrl });
    const before = received.length;
    await expect(client.fineTuning.jobs.cancel(finishedJob)).rejects.toMatchObject({ status: 409 });
    expect(received.slice(before)).toEqual([`POST /v1/fine_tuning/jobs/${finishedJob}/cancel`]);
  });

  it('sends x-should-retry: false and no-store on a 404 and a 409', async () => {
    const missing = await service.request('/fine_tuning/jobs/ftjob-unknown');
    const conflict = await service.request(`/fine_tuning/jobs/${finishedJob}/cancel`, { method: 'POST' });
    const unknownRoute = await service.request('/nowhere');
    const unauthorized = await service.request('/files', { key: 'sk-styler-invalid' });
    for (const [response, status] of [
      [missing, 404],
      [conflict, 409],
      [unknownRoute, 404],
      [unauthorized, 401],
    ] as const) {
      expect(response.status).toBe(status);
      expect(response.headers.get('x-should-retry')).toBe('false');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('marks successful API answers no-store too, and leaves the console assets cacheable', async () => {
    const files = await service.request('/files');
    expect(files.status).toBe(200);
    expect(files.headers.get('cache-control')).toBe('no-store');
    expect(files.headers.get('x-should-retry')).toBeNull();
    const health = await fetch(new URL('/health', service.baseUrl));
    expect(health.headers.get('cache-control')).toBe('no-store');
    const missingAsset = await fetch(new URL('/assets/none.js', service.baseUrl));
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get('x-should-retry')).toBe('false');
  });
});

describe('x-should-retry by status', () => {
  const app = Fastify({ logger: false });
  installErrorHandlers(app, { maxFileBytes: 100, maxBodyBytes: 100 });
  app.get<{ Params: { code: ErrorCode } }>('/fail/:code', async (request) => {
    throw new ServiceError(request.params.code);
  });
  afterAll(async () => app.close());

  it('is false on client errors a retry cannot change, absent where waiting helps', async () => {
    const headersOf = async (code: ErrorCode) => (await app.inject({ url: `/fail/${code}` })).headers;
    for (const code of ['invalid_input', 'invalid_api_key', 'job_not_cancellable', 'payload_too_large'] as const) {
      expect(await headersOf(code)).toMatchObject({ 'x-should-retry': 'false' });
    }
    for (const code of ['rate_limited', 'database_unavailable', 'request_timeout', 'internal'] as const) {
      const headers = await headersOf(code);
      expect(headers['x-should-retry']).toBeUndefined();
    }
    expect((await headersOf('rate_limited'))['retry-after']).toBe('1');
    expect((await headersOf('database_unavailable'))['retry-after']).toBe('1');
  });
});
