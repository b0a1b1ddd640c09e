/**
 * The job worker's contract and fault tests, run against every queue (job-worker.test.ts): what a
 * failed fit records, a full storage on save (retried without counting attempts, then
 * `storage_full`), a full storage that refuses even the requeue (the job shows waiting), a saturated
 * pool, a cancel from another process, and a worker that died holding a job.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { fitStyle } from '@styler-dev/engine';
import { STORAGE_FULL_JOB_ERROR } from '../../src/jobs/storage-retries.js';
import type { JobWorker, JobWorkerOptions } from '../../src/jobs/job-worker.js';
import type { Principal, StylerStore } from '../../src/store/index.js';
import { acmeWithTrainingFile } from '../http/support/fixtures.js';

/** How a test runs a worker: its pool, logger and limits (the queue's own settings are the fixture's). */
export type WorkerSettings = Pick<JobWorkerOptions, 'pool' | 'logger' | 'maxAttempts' | 'maxStorageRetries'>;

/** One queue under test, on a fresh database. */
export interface JobQueueFixture {
  /** The database without a worker: where a test sets its jobs up. */
  store: StylerStore;
  /** A worker on this queue, started, and the store it uses (over PostgreSQL, one whose jobs go on its queue). */
  startWorker(settings: WorkerSettings): Promise<{ worker: JobWorker; store: StylerStore }>;
  /** The error this store's database answers a write it has no room for. */
  storageFull(): Error;
  /** Stops the workers started, closes the store and removes the database. */
  cleanup(): Promise<void>;
}

/** A real pino logger (fastify's) whose JSON lines are kept for the test to read. */
function capturedLogger(): { logger: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { logger: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** The real fit, in this thread. */
const realPool: WorkerSettings['pool'] = { fitStyle: async (documents, options) => fitStyle(documents, options) };

/** Polls job `id` until `done` holds for it. */
async function until(store: StylerStore, id: string, done: (status: string | undefined) => boolean): Promise<void> {
  await expect
    .poll(async () => done((await store.jobs.getById(id))?.status), { timeout: 30_000, interval: 20 })
    .toBe(true);
}

export function jobWorkerContract(name: string, open: () => Promise<JobQueueFixture>): void {
  describe(`job worker contract: ${name}`, () => {
    let fixture: JobQueueFixture | undefined;
    let acme: Principal | undefined;
    let acmeFileId = '';
    afterEach(async () => {
      await fixture?.cleanup();
      fixture = undefined;
    });

    async function setUp(): Promise<JobQueueFixture> {
      fixture = await open();
      ({ principal: acme, fileId: acmeFileId } = await acmeWithTrainingFile(fixture.store));
      return fixture;
    }

    /** Queues a fine-tuning job on acme's training file through `store` (and tells `worker`, as the routes do); its id. */
    async function queueJob(
      { worker, store }: { worker?: JobWorker; store: StylerStore },
      id: string,
    ): Promise<string> {
      const principal = acme;
      if (principal === undefined) throw new Error('set up first');
      const created = await store.jobs.create({
        id,
        organizationId: principal.organizationId,
        projectId: principal.projectId,
        styleModel: 'styler-2',
        baseModel: null,
        suffix: null,
        matchOutputLength: true,
        trainingFiles: [acmeFileId],
      });
      if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
      worker?.notify();
      return id;
    }

    it('fails a job whose fit throws with a generic internal error, and logs the real one under its id', async () => {
      const { startWorker } = await setUp();
      const { logger, lines } = capturedLogger();
      const secret = 'ENOENT: /srv/styler/secret/path';
      const pool: WorkerSettings['pool'] = { fitStyle: () => Promise.reject(new Error(secret)) };
      const started = await startWorker({ pool, logger, maxAttempts: 3 });
      const { store } = started;
      const id = await queueJob(started, 'ftjob-failing');
      await until(store, id, (status) => status === 'failed');
      const job = await store.jobs.getById(id);
      expect(job?.error?.code).toBe('internal');
      expect(job?.error?.message).not.toContain(secret);
      expect(lines.find((line) => line.level === 50)).toMatchObject({ job: id, err: { message: secret } });
    });

    it('requeues a job the full storage would not save, attempts not counted, then fails it with storage_full', async () => {
      const { startWorker, storageFull } = await setUp();
      const { logger, lines } = capturedLogger();
      // One start allowed: a full storage counted as an attempt would fail the job as interrupted.
      const started = await startWorker({ pool: realPool, logger, maxAttempts: 1, maxStorageRetries: 2 });
      const { store } = started;
      store.jobs.complete = () => Promise.reject(storageFull());
      const id = await queueJob(started, 'ftjob-full');
      await until(store, id, (status) => status === 'failed');
      expect(await store.jobs.getById(id)).toMatchObject({ error: STORAGE_FULL_JOB_ERROR, attempts: 1 });
      const retries = lines.filter((line) => line.msg === 'storage full while saving a fine-tuning job: queued again');
      expect(retries.map((line) => [line.job, line.retry])).toEqual([
        [id, 1],
        [id, 2],
      ]);
    });

    it('shows a job waiting for space while the full storage refuses even its requeue, then finishes it', async () => {
      const { startWorker, storageFull } = await setUp();
      const { logger } = capturedLogger();
      const started = await startWorker({ pool: realPool, logger, maxAttempts: 1 });
      const { worker, store } = started;
      const complete = store.jobs.complete.bind(store.jobs);
      const requeue = store.jobs.requeue.bind(store.jobs);
      let saves = 0;
      let requeues = 0;
      store.jobs.complete = (...args) => ((saves += 1) === 1 ? Promise.reject(storageFull()) : complete(...args));
      store.jobs.requeue = (...args) => ((requeues += 1) <= 3 ? Promise.reject(storageFull()) : requeue(...args));
      const id = await queueJob(started, 'ftjob-waiting');
      await expect.poll(() => worker.waitingForStorage(id), { timeout: 30_000, interval: 5 }).toBe(true);
      // Its row could not say so: only the worker knows the job waits.
      expect((await store.jobs.getById(id))?.status).toBe('running');
      await until(store, id, (status) => status === 'succeeded');
      expect(await store.jobs.getById(id)).toMatchObject({ attempts: 1, error: null });
      expect(worker.waitingForStorage(id)).toBe(false);
    });

    it('runs again, its attempt not counted, a job the saturated pool refused', async () => {
      const { startWorker } = await setUp();
      const { logger } = capturedLogger();
      let fits = 0;
      const pool: WorkerSettings['pool'] = {
        fitStyle: (...args) =>
          (fits += 1) === 1
            ? Promise.reject(new AnalyticsError('rate_limited', 'The worker pool is busy.'))
            : realPool.fitStyle(...args),
      };
      const started = await startWorker({ pool, logger, maxAttempts: 1 });
      const { store } = started;
      const id = await queueJob(started, 'ftjob-saturated');
      await until(store, id, (status) => status === 'succeeded');
      expect(await store.jobs.getById(id)).toMatchObject({ attempts: 1, error: null });
      expect(fits).toBe(2);
    });

    it('aborts the fit of a job cancelled from another process, and stores nothing', async () => {
      const { startWorker, store: other } = await setUp();
      const { logger } = capturedLogger();
      let aborted = false;
      const pool: WorkerSettings['pool'] = {
        fitStyle: (_documents, _options, call) =>
          new Promise((_resolve, reject) => {
            call?.signal?.addEventListener(
              'abort',
              () => {
                aborted = true;
                reject(call.signal?.reason as Error);
              },
              { once: true },
            );
          }),
      };
      const started = await startWorker({ pool, logger, maxAttempts: 1 });
      const { worker, store } = started;
      const id = await queueJob(started, 'ftjob-cancel');
      await until(store, id, (status) => status === 'running');
      const job = await other.jobs.getById(id);
      await other.jobs.cancel(job?.organizationId ?? '', id);
      await expect.poll(() => aborted, { timeout: 10_000, interval: 20 }).toBe(true);
      await worker.idle();
      expect(await store.jobs.getById(id)).toMatchObject({ status: 'cancelled', error: null, fineTunedModel: null });
    });

    it('runs again the job of a worker that died, and fails as interrupted one started too often', async () => {
      const { startWorker, store: setup } = await setUp();
      const { logger } = capturedLogger();
      // Both jobs were running under the lease of a worker that died (kill -9); the second had
      // already been started as often as allowed.
      const revived = await queueJob({ store: setup }, 'ftjob-revived');
      await setup.jobs.claim(revived, 'dead:0');
      const worn = await queueJob({ store: setup }, 'ftjob-worn');
      for (let start = 1; start < 2; start += 1) {
        await setup.jobs.claim(worn, `dead-${start}:0`);
        await setup.jobs.requeue(worn);
      }
      await setup.jobs.claim(worn, 'dead-2:0');
      const started = await startWorker({ pool: realPool, logger, maxAttempts: 2 });
      const { store } = started;
      await until(store, revived, (status) => status === 'succeeded');
      await until(store, worn, (status) => status === 'failed');
      expect(await store.jobs.getById(revived)).toMatchObject({ attempts: 2, error: null });
      expect(await store.jobs.getById(worn)).toMatchObject({ attempts: 3, error: { code: 'interrupted' } });
    });
  });
}
