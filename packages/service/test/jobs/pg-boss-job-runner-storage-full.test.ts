/**
 * PostgreSQL's disk full as a job saves its model, on the pg-boss queue: the same rule as the
 * SQLite runner's (storage-retries.ts): back in the queue without counting an attempt, up to
 * maxStorageRetries times, then failed with `storage_full`. The full disk is the store's save
 * rejecting with PostgreSQL's disk_full (53100), as a server out of space answers it.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fitStyle } from '@styler-dev/engine';
import { PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { STORAGE_FULL_JOB_ERROR } from '../../src/jobs/storage-retries.js';
import { toNewJob } from '../../src/http/routes/jobs.js';
import { openPostgresStore, type PostgresStylerStore } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { acmeWithTrainingFile } from '../http/support/fixtures.js';

/** What PostgreSQL answers a write it has no room for. */
function diskFull(): Error {
  return Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
}

/** The runner's saves reject as on a full disk while `full()` holds. */
function saveFailsWhileFull(store: PostgresStylerStore, full: () => boolean): void {
  const { jobs } = store;
  const complete = jobs.complete.bind(jobs);
  jobs.complete = ((...args: Parameters<typeof complete>) =>
    full() ? Promise.reject(diskFull()) : complete(...args)) as typeof jobs.complete;
}

describe('a full disk when a job saves its model, over PostgreSQL', () => {
  async function runJob(
    full: () => boolean,
  ): Promise<{ jobId: string; lines: string[]; store: PostgresStylerStore; stop(): Promise<void> }> {
    const database = await freshTestDatabase();
    const store = await openPostgresStore(database.url);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const runner = new PgBossJobRunner({
      store,
      databaseUrl: database.url,
      // The real fit, in this thread: the save is what fails.
      pool: { fitStyle: async (documents, options) => fitStyle(documents, options) },
      logger: Fastify({ logger: { level: 'info', stream: logStream } }).log,
      concurrency: 1,
      // One start allowed: a full disk counted as an attempt would fail the job as interrupted.
      maxAttempts: 1,
      retryDelayMs: 1_000,
      leaseSeconds: 900,
      heartbeatTimeoutSeconds: 2,
      maxStorageRetries: 2,
    });
    saveFailsWhileFull(runner.store, full);
    const { principal, fileId } = await acmeWithTrainingFile(store);
    await runner.start();
    const created = await runner.store.jobs.create(toNewJob({ training_files: [fileId] }, principal));
    if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
    return {
      jobId: created.job.id,
      lines,
      store,
      stop: async () => {
        await runner.stop();
        await store.close();
        await database.drop();
      },
    };
  }

  it('requeues the job without counting attempts, then fails it with storage_full after maxStorageRetries', async () => {
    const { jobId, lines, store, stop } = await runJob(() => true);
    try {
      await expect
        .poll(async () => (await store.jobs.getById(jobId))?.status, { timeout: 60_000, interval: 100 })
        .toBe('failed');
      const job = await store.jobs.getById(jobId);
      expect(job).toMatchObject({ error: STORAGE_FULL_JOB_ERROR, attempts: 1 });
      const retries = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'storage full while saving a fine-tuning job: queued again');
      expect(retries.map((line) => line.retry)).toEqual([1, 2]);
      expect(lines.filter((line) => /interrupted/.test(line))).toEqual([]);
    } finally {
      await stop();
    }
  }, 90_000);

  it('finishes the job once there is room again, its attempt not counted', async () => {
    let saves = 0;
    const { jobId, store, stop } = await runJob(() => (saves += 1) === 1);
    try {
      await expect
        .poll(async () => (await store.jobs.getById(jobId))?.status, { timeout: 60_000, interval: 100 })
        .toBe('succeeded');
      expect(await store.jobs.getById(jobId)).toMatchObject({ attempts: 1, error: null });
    } finally {
      await stop();
    }
  }, 90_000);
});
