/**
 * A delivery taken by a worker that never claimed its job (the worker died at once, or could not
 * record its failure while the database was down) stays 'active' on the queue until its lease ends,
 * 15 minutes by default. The workers' sweep does not wait for that: a job still queued a heartbeat
 * timeout after such a delivery gets a new message and runs.
 */
import Fastify from 'fastify';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { FINE_TUNE_QUEUE, QUEUE_SCHEMA, PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { toNewJob } from '../../src/http/routes/jobs.js';
import { openPostgresStore, type PostgresStylerStore } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { acmeWithTrainingFile } from './support/fixtures.js';

describe('a delivery whose worker never claimed the job', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: StylePool;

  beforeAll(async () => {
    database = await freshTestDatabase();
    pool = createStylePool({ threads: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.drop();
  });

  function queueRunner(store: PostgresStylerStore, concurrency: number): PgBossJobRunner {
    return new PgBossJobRunner({
      store,
      databaseUrl: database.url,
      pool,
      logger: Fastify({ logger: false }).log,
      concurrency,
      maxAttempts: 3,
      retryDelayMs: 1_000,
      leaseSeconds: 900,
      heartbeatTimeoutSeconds: 2,
    });
  }

  it('is given a new message by the sweep, not left for the lease', async () => {
    const store = await openPostgresStore(database.url);
    const api = queueRunner(store, 0);
    let worker: PgBossJobRunner | undefined;
    try {
      const { principal, fileId } = await acmeWithTrainingFile(store);
      await api.start();
      const created = await api.store.jobs.create(toNewJob({ training_files: [fileId] }, principal));
      if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
      const jobId = created.job.id;

      // A worker takes the delivery and dies before claiming the job.
      const lost = new PgBoss({
        connectionString: database.url,
        schema: QUEUE_SCHEMA,
        supervise: false,
        schedule: false,
      });
      lost.on('error', () => undefined);
      await lost.start();
      const [delivery] = await lost.fetch<{ jobId: string }>(FINE_TUNE_QUEUE);
      expect(delivery?.data.jobId).toBe(jobId);
      await lost.stop({ graceful: false });

      worker = queueRunner(store, 1);
      await worker.start();
      let job = await store.jobs.get(principal.organizationId, jobId);
      for (let waited = 0; job?.status === 'queued' || job?.status === 'running'; waited += 100) {
        if (waited > 60_000) throw new Error(`job still ${job.status} after a minute`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await store.jobs.get(principal.organizationId, jobId);
      }
      expect(job).toMatchObject({ status: 'succeeded' });
    } finally {
      await worker?.stop();
      await api.stop();
      await store.close();
    }
  }, 90_000);
});
