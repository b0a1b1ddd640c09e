/** The job runner on a real store: what a failed job tells its owner, what the log keeps, a full disk. */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import type { PoolCallOptions } from '@styler-dev/analytics/pool';
import { jobErrorOf } from '../../src/jobs/fine-tuning.js';
import { SqliteJobRunner, type SqliteJobRunnerOptions } from '../../src/jobs/sqlite-job-runner.js';
import { nowSeconds, SqliteStylerStore, type SqliteDataDirectory } from '../../src/store/index.js';
import { fitStyle, StyleError } from '@styler-dev/engine';
import { fillDatabase, temporaryStore } from '../store/helpers.js';
import { darwin } from '../http/support/fixtures.js';

/** A real pino logger (fastify's) whose JSON lines are kept for the test to read. */
function capturedLogger(): { logger: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { logger: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** Stores one training file and queues a job on it; returns the job id. */
async function queueJob(store: SqliteDataDirectory, jobId: string): Promise<string> {
  const key = store.tenancy.createKey({ organization: 'acme', project: 'web' }).key;
  const principal = store.tenancy.authenticate(key)!;
  const fileId = `file-${jobId}`;
  const text = darwin(1);
  await store.blobs.write(fileId, 'text', text);
  store.files.insert({
    id: fileId,
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    filename: 'darwin.txt',
    purpose: 'fine-tune',
    kind: 'txt',
    bytes: text.length,
    textChars: text.length,
    documentCount: 1,
    createdAt: nowSeconds(),
  });
  const created = store.jobs.create({
    id: jobId,
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    styleModel: 'styler-2',
    baseModel: null,
    suffix: null,
    matchOutputLength: true,
    trainingFiles: [fileId],
  });
  expect('job' in created).toBe(true);
  return jobId;
}

/** A runner on `store` taking one job at a time, retrying after 10 ms, 3 attempts unless `options` say otherwise. */
function runnerOn(
  store: SqliteDataDirectory,
  pool: SqliteJobRunnerOptions['pool'],
  logger: SqliteJobRunnerOptions['logger'],
  options: Partial<SqliteJobRunnerOptions> = {},
): SqliteJobRunner {
  return new SqliteJobRunner({
    store: new SqliteStylerStore(store),
    pool,
    logger,
    concurrency: 1,
    maxAttempts: 3,
    retryDelayMs: 10,
    ...options,
  });
}

describe('SqliteJobRunner: errors of failed jobs', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  async function runFailingFit(error: unknown) {
    const { store, cleanup } = temporaryStore();
    cleanups.push(cleanup);
    const { logger, lines } = capturedLogger();
    const pool: SqliteJobRunnerOptions['pool'] = { fitStyle: () => Promise.reject(error) };
    const runner = runnerOn(store, pool, logger);
    const jobId = await queueJob(store, 'ftjob-failing');
    await runner.start();
    await runner.idle();
    await runner.stop();
    return { job: store.jobs.getById(jobId)!, lines, jobId };
  }

  it.each([
    ['a RangeError from deep recursion', new RangeError('Maximum call stack size exceeded')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'sentences')")],
    ['a plain Error', new Error('ENOENT: /srv/styler/secret/path')],
    ['an internal AnalyticsError', new AnalyticsError('internal', 'The worker pool is closed.')],
  ])('shows only a generic internal error for %s, and logs the real one with the job id', async (_name, error) => {
    const { job, lines, jobId } = await runFailingFit(error);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual(jobErrorOf(new Error('anything')));
    expect(job.error?.code).toBe('internal');
    expect(job.error?.message).not.toContain((error as Error).message);
    const logged = lines.find((line) => line.level === 50);
    expect(logged).toMatchObject({ job: jobId, err: { message: (error as Error).message } });
    expect(String((logged?.err as { stack?: string }).stack)).toContain((error as Error).message);
  });

  it('keeps the message of an engine error raised for the user on purpose', async () => {
    const message = 'The documents hold no prose: at least one sentence of text is needed.';
    const { job, lines } = await runFailingFit(new StyleError('invalid_training_data', message));
    expect(job).toMatchObject({ status: 'failed', error: { code: 'invalid_training_data', message } });
    expect(lines.some((line) => line.level === 50)).toBe(false);
  });
});

describe('SqliteJobRunner: a full disk when saving the model', () => {
  it('requeues the job with a doubling delay, without counting attempts, then fails after maxStorageRetries', async () => {
    const { store, cleanup } = temporaryStore();
    try {
      const { logger, lines } = capturedLogger();
      // The real fit, in this thread: the save is what fails.
      const pool: SqliteJobRunnerOptions['pool'] = {
        fitStyle: async (documents, options) => fitStyle(documents, options),
      };
      const runner = runnerOn(store, pool, logger, { maxAttempts: 1, maxStorageRetries: 2 });
      const jobId = await queueJob(store, 'ftjob-full');
      fillDatabase(store.db);
      await runner.start();
      await expect.poll(() => store.jobs.getById(jobId)?.status, { timeout: 20_000, interval: 5 }).toBe('failed');
      await runner.stop();
      const job = store.jobs.getById(jobId)!;
      expect(job.error).toEqual({
        code: 'storage_full',
        message:
          "The server's storage stayed full, so the fine-tuned model could not be saved: create the job again later.",
      });
      // Three starts, none counted: maxAttempts 1 would otherwise have failed it as interrupted.
      expect(job.attempts).toBe(1);
      const retries = lines.filter((line) => line.msg === 'storage full while saving a fine-tuning job: queued again');
      expect(retries.map((line) => [line.job, line.retry, line.delayMs])).toEqual([
        [jobId, 1, 10],
        [jobId, 2, 20],
      ]);
      expect(retries[0]?.err).toMatchObject({ code: 'SQLITE_FULL' });
    } finally {
      cleanup();
    }
  });

  it('finishes the job once there is room again', async () => {
    const { store, cleanup } = temporaryStore();
    try {
      const { logger, lines } = capturedLogger();
      const pool: SqliteJobRunnerOptions['pool'] = {
        fitStyle: async (documents, options) => fitStyle(documents, options),
      };
      const runner = runnerOn(store, pool, logger);
      const jobId = await queueJob(store, 'ftjob-room');
      const lift = fillDatabase(store.db);
      await runner.start();
      await expect.poll(() => lines.some((line) => line.retry === 1), { timeout: 20_000, interval: 5 }).toBe(true);
      lift();
      await expect.poll(() => store.jobs.getById(jobId)?.status, { timeout: 20_000, interval: 5 }).toBe('succeeded');
      await runner.stop();
      expect(store.jobs.getById(jobId)?.attempts).toBe(1);
    } finally {
      cleanup();
    }
  });
});

describe('SqliteJobRunner: cancelling a running job', () => {
  it('aborts its fit with endThreadOnAbort, so the pool ends the thread fitting it', async () => {
    const { store, cleanup } = temporaryStore();
    try {
      const { logger } = capturedLogger();
      let seen: PoolCallOptions | undefined;
      // A fit that runs until it is aborted, as a long one would; the pool's own test shows the
      // thread ended on such an abort (analytics test/pool/pool.test.ts).
      const pool: SqliteJobRunnerOptions['pool'] = {
        fitStyle: (_documents, _options, call) =>
          new Promise((_resolve, reject) => {
            seen = call;
            call?.signal?.addEventListener('abort', () => reject(call.signal?.reason as Error), { once: true });
          }),
      };
      const runner = runnerOn(store, pool, logger);
      const jobId = await queueJob(store, 'ftjob-cancel');
      await runner.start();
      await expect.poll(() => seen !== undefined, { timeout: 20_000, interval: 5 }).toBe(true);
      const job = store.jobs.getById(jobId)!;
      expect(store.jobs.cancel(job.organizationId, jobId)).toMatchObject({ job: { status: 'cancelled' } });
      runner.abort(jobId);
      expect(seen).toMatchObject({ endThreadOnAbort: true });
      expect(seen?.signal?.aborted).toBe(true);
      await runner.idle();
      await runner.stop();
      expect(store.jobs.getById(jobId)).toMatchObject({ status: 'cancelled', error: null });
    } finally {
      cleanup();
    }
  });
});
