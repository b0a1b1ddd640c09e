/**
 * PostgreSQL going away under a running fit (its store's connections refused, as a stopped server
 * refuses them, while the queue's own stay up): the job is retried once the database is back,
 * without using up one of its attempts and without being taken for the job of a worker that stopped.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { jobEvents } from '../../src/jobs/job-events.js';
import { PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { toNewJob } from '../../src/http/routes/jobs.js';
import { isDatabaseUnavailable, openPostgresStore, type PostgresStylerStore } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { acmeWithTrainingFile } from '../http/support/fixtures.js';

/** What node-postgres rejects with while the server is down. */
function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/** Makes every query and connection of the store's pool fail as in an outage while `down()` holds. */
function failWhileDown(store: PostgresStylerStore, down: () => boolean): void {
  const { pool } = store;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) =>
    down() ? Promise.reject(connectionRefused()) : query(...args)) as typeof pool.query;
  pool.connect = ((...args: unknown[]) =>
    down() ? Promise.reject(connectionRefused()) : connect(...args)) as typeof pool.connect;
}

describe('a database outage during a fit', () => {
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

  it('retries the job once the database is back, its attempt not counted and no worker said stopped', async () => {
    const store = await openPostgresStore(database.url);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // The outage starts as the first fit ends (so its model cannot be saved) and lasts longer than
    // the heartbeat timeout: long enough for the job's heartbeat to look stopped.
    let downUntilMs = 0;
    let fits = 0;
    const outageMs = 3_500;
    const fitting = {
      fitStyle: async (...args: Parameters<StylePool['fitStyle']>) => {
        const model = await pool.fitStyle(...args);
        fits += 1;
        if (fits === 1) downUntilMs = Date.now() + outageMs;
        return model;
      },
    };
    const runner = new PgBossJobRunner({
      store,
      databaseUrl: database.url,
      pool: fitting,
      logger: Fastify({ logger: { level: 'info', stream: logStream } }).log,
      concurrency: 1,
      // One start allowed: an outage counted as one would fail the job.
      maxAttempts: 1,
      retryDelayMs: 1_000,
      leaseSeconds: 900,
      heartbeatTimeoutSeconds: 2,
    });
    try {
      const { principal, fileId } = await acmeWithTrainingFile(store);
      failWhileDown(store, () => Date.now() < downUntilMs);
      await runner.start();
      const created = await runner.store.jobs.create(toNewJob({ training_files: [fileId] }, principal));
      if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
      const jobId = created.job.id;

      let job = await store.jobs.getById(jobId).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) return undefined;
        throw error;
      });
      for (let waited = 0; job === undefined || job.status === 'queued' || job.status === 'running'; waited += 100) {
        if (waited > 60_000) throw new Error(`job still ${job?.status} after a minute`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await store.jobs.getById(jobId).catch(() => undefined);
      }
      expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(fits).toBe(2);
      // Both starts are in the job's events, the second as a retry, not as a stopped worker's.
      expect(jobEvents(job).map((event) => event.message)).toEqual([
        expect.stringMatching(/^The job succeeded/),
        expect.stringMatching(/^Fine-tuning started again \(attempt 1\): the last run could not finish/),
        'Fine-tuning started.',
        'Created fine-tuning job on 1 training file.',
      ]);
      expect(lines.some((line) => line.includes('fine-tuning job will be retried'))).toBe(true);
      expect(lines.filter((line) => /worker stopped|interrupted/.test(line))).toEqual([]);
    } finally {
      await runner.stop();
      await store.close();
    }
  }, 90_000);
});
