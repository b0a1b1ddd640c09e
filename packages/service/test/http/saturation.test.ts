/** A saturated worker pool: transforms get 429 at once, and queued jobs wait and retry instead of failing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { splitDocuments } from '@styler-dev/engine';
import { darwin } from './support/fixtures.js';
import { SqliteJobRunner } from '../../src/jobs/sqlite-job-runner.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

const BLOCKER = splitDocuments(
  Array.from({ length: 4 }, () => [1, 2, 3, 4, 5, 6].map(darwin))
    .flat()
    .join('\n***\n'),
);

describe('a saturated pool', () => {
  let pool: StylePool;
  let service: TestService;
  let model: string;

  beforeAll(async () => {
    // One thread and room for one waiting task: two long fits fill it.
    pool = createStylePool({ threads: 1, maxQueue: 1 });
    service = await startTestService({ pool, env: { STYLER_JOB_RETRY_DELAY_MS: '50' } });
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('a.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const job = (await (await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }))).json()) as {
      id: string;
    };
    model = String((await waitForJob(service, job.id)).fine_tuned_model);
  });
  afterAll(async () => {
    await service.close();
    await pool.close();
  });

  function saturate(): Promise<unknown> {
    return Promise.all([pool.fitStyle(BLOCKER), pool.fitStyle(BLOCKER)]);
  }

  it('answers a transform with 429 at once instead of queueing it', async () => {
    const blockers = saturate();
    const response = await service.request(
      '/style/transform',
      jsonBody({ mode: 'rewrite', model, message: darwin(2) }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      error: 'Too many requests in progress: retry shortly.',
      code: 'rate_limited',
    });
    await blockers;
    const after = await service.request('/style/transform', jsonBody({ mode: 'rewrite', model, message: darwin(2) }));
    expect(after.status).toBe(200);
  });

  it('requeues a job the full pool turned away, without counting an attempt, and finishes it later', async () => {
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('b.txt', darwin(3)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const blockers = saturate();
    const job = (await (await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }))).json()) as {
      id: string;
    };
    // Claimed at once (running), turned away by the pool, back in the queue while the blockers run.
    await expect
      .poll(() => service.sqlite.jobs.getById(job.id)?.status, { timeout: 5_000, interval: 5 })
      .toBe('queued');
    await blockers;
    const finished = await waitForJob(service, job.id);
    expect(finished).toMatchObject({ status: 'succeeded', error: null });
    expect(service.sqlite.jobs.getById(job.id)?.attempts).toBe(1);
  });

  it('fails a job that keeps being interrupted instead of resuming it forever', async () => {
    const acme = service.sqlite.tenancy.authenticate(service.keys.acme)!;
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('c.txt', darwin(4)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    // Simulate three crashed runs: claimed (attempt counted), then left running by a dead process.
    await service.app.close();
    const store = service.sqlite;
    const created = store.jobs.create({
      id: 'ftjob-crashy',
      organizationId: acme.organizationId,
      projectId: acme.projectId,
      styleModel: 'styler-2',
      baseModel: null,
      suffix: null,
      matchOutputLength: true,
      trainingFiles: [fileId],
    });
    expect('job' in created).toBe(true);
    for (let i = 0; i < service.config.jobMaxAttempts; i += 1) {
      expect(store.jobs.claimNextQueued()?.id).toBe('ftjob-crashy');
      store.jobs.requeueAllRunning();
    }
    const runner = new SqliteJobRunner({
      store: service.store,
      pool,
      logger: service.app.log,
      concurrency: 1,
      maxAttempts: service.config.jobMaxAttempts,
      retryDelayMs: 50,
    });
    await runner.start();
    await runner.idle();
    expect(store.jobs.getById('ftjob-crashy')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    await runner.stop();
  });
});
