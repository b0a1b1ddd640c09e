/**
 * Over PostgreSQL, a job row can commit without its queue message (an API process stopping its queue
 * while a request creates a job). The workers' sweep gives such a job a message, so it runs instead
 * of waiting for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStylerStore } from '../../src/store/index.js';
import { darwin } from './support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

describe('the job queue’s sweep', () => {
  let service: TestService;

  beforeAll(async () => {
    // A short heartbeat timeout: the sweep runs every second and takes jobs older than 4 s.
    service = await startTestService({ storeKind: 'postgres', env: { STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '4' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('queues a job whose row was committed without a queue message', async () => {
    const store = service.store;
    if (!(store instanceof PostgresStylerStore)) throw new Error('a PostgreSQL store expected');
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('darwin.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;

    // The queue's enqueue step gone, as while a process stops: the row commits alone.
    const enqueue = store.enqueueJob;
    store.enqueueJob = undefined;
    const created = await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }));
    store.enqueueJob = enqueue;
    expect(created.status).toBe(200);
    const jobId = ((await created.json()) as { id: string }).id;
    const messages = await store.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'jobId' = $1`, [
      jobId,
    ]);
    expect(messages.rows[0].n).toBe(0);

    expect(await waitForJob(service, jobId)).toMatchObject({ status: 'succeeded' });
  }, 60_000);
});
