/**
 * Over PostgreSQL, a job's queue message is sent in the transaction that creates its row, by every
 * process whose queue runs, API processes (no workers) included. A row can still commit without one
 * (a request creating a job while its API process stops the queue); the workers' sweep gives such a
 * job a message, so it runs instead of waiting for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { toNewJob } from '../../src/http/routes/jobs.js';
import { PostgresStylerStore, type Principal } from '../../src/store/index.js';
import { darwin } from './support/fixtures.js';
import { startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

describe('the job queue’s sweep', () => {
  let service: TestService;

  beforeAll(async () => {
    // A short heartbeat timeout: the sweep runs every second and takes jobs older than 4 s.
    service = await startTestService({ storeKind: 'postgres', env: { STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '4' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  /** A second process's queue runner without workers: an API process. */
  function apiProcessQueue(store: PostgresStylerStore): PgBossJobRunner {
    const { config } = service;
    return new PgBossJobRunner({
      store,
      databaseUrl: config.databaseUrl as string,
      pool: service.pool,
      logger: service.app.log,
      concurrency: 0,
      maxAttempts: config.jobMaxAttempts,
      retryDelayMs: config.jobRetryDelayMs,
      leaseSeconds: config.jobLeaseSeconds,
      heartbeatTimeoutSeconds: config.jobHeartbeatTimeoutSeconds,
    });
  }

  it('queues the jobs an API process creates, and through the sweep those it creates as its queue stops', async () => {
    const store = service.store;
    if (!(store instanceof PostgresStylerStore)) throw new Error('a PostgreSQL store expected');
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('darwin.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const principal = (await store.tenancy.authenticate(service.keys.acme)) as Principal;
    const messages = async (jobId: string): Promise<number> =>
      (await store.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'jobId' = $1`, [jobId])).rows[0]
        .n;
    const api = apiProcessQueue(store);
    /** A job created through the API process's store, as its route would. */
    const create = async (): Promise<string> => {
      const created = await api.store.jobs.create(toNewJob({ training_files: [fileId] }, principal));
      if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
      return created.job.id;
    };

    await api.start();
    const queued = await create();
    expect(await messages(queued)).toBe(1);
    // Stopped, as while the process shuts down: the row commits alone.
    await api.stop();
    const unqueued = await create();
    expect(await messages(unqueued)).toBe(0);

    expect(await waitForJob(service, queued)).toMatchObject({ status: 'succeeded' });
    expect(await waitForJob(service, unqueued)).toMatchObject({ status: 'succeeded' });
    expect(await messages(unqueued)).toBe(1);
  }, 60_000);
});
