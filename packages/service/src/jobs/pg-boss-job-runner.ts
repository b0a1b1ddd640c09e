/**
 * Fine-tuning jobs over PostgreSQL for any number of API and worker processes: the jobs are put on a
 * pg-boss queue (https://github.com/timgit/pg-boss, a well-kept queue that lives in the same
 * database) in the transaction that creates their row; worker processes take them from it.
 *
 * - Leases: every delivery of a job is a lease (`<queue job id>:<retry>`). A worker claims the job
 *   row under its lease, and only that lease may fail or complete it, so a job is never finished
 *   twice into a second model. A delivery expires after leaseSeconds (pg-boss's expireInSeconds):
 *   the job of a worker that died (kill -9, a lost machine) is then retried, and the new lease takes
 *   the job row over on another worker. A worker whose lease was taken over stops its fit.
 * - pg-boss 12 (Node 22.12 or later). A database left by pg-boss 10 (Styler before Node 20 was
 *   dropped), which pg-boss 11 and later cannot migrate, is upgraded at start: queue-upgrade.ts.
 * - Retries: a transient failure (the pool full, the database or disk unavailable) throws, and
 *   pg-boss retries with exponential backoff; a permanent one (no usable documents, an internal
 *   error) marks the job `failed` with a clear error at once. A job started more than maxAttempts
 *   times fails as `interrupted`. A run that ends for want of the database is not one of them: its
 *   job goes back to the queue with the attempt refunded, the write retried until the database
 *   takes it, and while the database was away missed heartbeats are not taken for a dead worker.
 *   A run that ends for want of space (PostgreSQL's disk_full) is retried the same way, up to
 *   maxStorageRetries times, after which the job fails with `storage_full`: the rule of the SQLite
 *   runner too (storage-retries.ts); pg-boss's backoff sets the wait.
 * - Heartbeats: while a fit runs, its worker records a heartbeat on the job row four times per
 *   heartbeat timeout; every worker looks as often for running jobs whose heartbeat stopped (their
 *   worker died) and queues them again, with a new message, in one transaction, and for queued
 *   jobs without a message (created while their API process was stopping its queue). So a dead worker's
 *   job moves on in about the heartbeat timeout (45 s by default), however long the lease, which
 *   stays long enough for the longest fit; a delivery that comes back after its lease takes a job
 *   over only when that job's heartbeat stopped too.
 * - Cancel: cancelling updates the job row; the worker running it sees that within a second and
 *   aborts the fit (ending the pool thread running it).
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { StylerError } from '@styler-dev/analytics/errors';
import type { StylePool } from '@styler-dev/engine';
import {
  isDatabaseUnavailable,
  isStorageFull,
  keepAliveThroughOutages,
  type JobQueue,
  type PostgresStylerStore,
} from '../store/index.js';
import { ServiceError } from '../errors.js';
import { fineTune, interruptedError, recordFailure, type JobExecutor } from './fine-tuning.js';
import { STORAGE_FULL_JOB_ERROR, StorageRetries } from './storage-retries.js';
import { carryOverPgBoss10Messages, holdingQueueSetupLock, setAsidePgBoss10Schema } from './queue-upgrade.js';

/** The pg-boss queue of fine-tuning jobs. */
export const FINE_TUNE_QUEUE = 'styler-fine-tune';
/** pg-boss's tables live in their own schema beside Styler's. */
export const QUEUE_SCHEMA = 'pgboss';

export interface PgBossJobRunnerOptions {
  /** The opened store, without a job queue: the runner's `store` is this one with the queue. */
  store: PostgresStylerStore;
  /** postgres://… of the same database (pg-boss keeps its own connections). */
  databaseUrl: string;
  pool: Pick<StylePool, 'fitStyle'>;
  logger: FastifyBaseLogger;
  /** Jobs this process runs at once; 0: it only enqueues (an API process). */
  concurrency: number;
  /** Starts after which a job fails as interrupted. */
  maxAttempts: number;
  /** First retry delay of a transient failure (doubles with each retry). */
  retryDelayMs: number;
  /** How long a delivery holds its job before pg-boss retries it elsewhere. */
  leaseSeconds: number;
  /** How long a running job may go without its worker's heartbeat before another worker takes it. */
  heartbeatTimeoutSeconds: number;
  /** How often a worker looks for jobs when no notification came (seconds). */
  pollingSeconds?: number;
  /** Retries of a job whose save found the storage full, before it fails; default STORAGE_RETRY_DEFAULTS. */
  maxStorageRetries?: number;
}

interface QueuedJob {
  jobId: string;
}

/** Why a run ended without settling the job: pg-boss retries the delivery. */
class TransientJobError extends Error {}

export class PgBossJobRunner implements JobExecutor, JobQueue {
  /**
   * options.store with this runner as its job queue: the store the app (and the runner itself) uses,
   * so a job's message is sent in the transaction that creates or requeues its row.
   */
  readonly store: PostgresStylerStore;
  readonly #options: PgBossJobRunnerOptions;
  readonly #boss: PgBoss;
  readonly #connections: pg.Pool;
  readonly #fits = new Map<string, AbortController>();
  readonly #running = new Set<Promise<unknown>>();
  readonly #workerIds: string[] = [];
  readonly #storageRetries: StorageRetries;
  #started = false;
  #sweeper: NodeJS.Timeout | undefined;
  /** When a store call last failed for want of the database (ms since the epoch); 0: never. */
  #databaseLastDownMs = 0;

  constructor(options: PgBossJobRunnerOptions) {
    this.#options = options;
    this.#storageRetries = new StorageRetries(options.maxStorageRetries, options.retryDelayMs);
    this.store = options.store.withJobQueue(this);
    const working = options.concurrency > 0;
    // pg-boss's connections are ours, so that a server that goes away cannot crash the process
    // through an unlistened 'error' event of one of them (keepAliveThroughOutages).
    this.#connections = new pg.Pool({
      connectionString: options.databaseUrl,
      max: working ? 2 + options.concurrency : 2,
      application_name: 'pgboss',
    });
    keepAliveThroughOutages(this.#connections);
    const connections = this.#connections;
    this.#boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => connections.query(text, values) },
      schema: QUEUE_SCHEMA,
      // Only workers run the maintenance that expires deliveries; API processes just send.
      supervise: working,
      schedule: false,
      // Expiry is found at the next maintenance: often enough that a dead worker's job waits about a lease.
      maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.round(options.leaseSeconds / 2))),
    });
    // Connection trouble is retried by pg-boss; it must not crash the process.
    this.#boss.on('error', (error) => options.logger.warn({ err: error }, 'job queue error'));
  }

  get running(): number {
    return this.#fits.size;
  }

  /**
   * Starts pg-boss (creating or migrating its schema once; a pg-boss 10 schema is first set aside),
   * the queue, and the workers if any.
   */
  async start(): Promise<void> {
    if (this.#started) return;
    const { concurrency } = this.#options;
    // One process at a time: the upgrade from pg-boss 10 and pg-boss's own install (queue-upgrade.ts).
    const carried = await holdingQueueSetupLock(this.#options.databaseUrl, () => this.#setUpQueue());
    if (carried > 0) this.#options.logger.info({ messages: carried }, 'job queue upgraded from pg-boss 10');
    // Started (enqueue sends) before the workers register: a delivery can arrive as soon as the first one does.
    this.#started = true;
    // One pg-boss worker per concurrent job, each taking one delivery at a time.
    for (let i = 0; i < concurrency; i += 1) {
      let workerId = '';
      workerId = await this.#boss.work(
        FINE_TUNE_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.#options.pollingSeconds ?? 1 },
        async ([delivery]: JobWithMetadata<QueuedJob>[]) => {
          if (delivery === undefined) return;
          const run = this.#deliver(delivery);
          this.#running.add(run);
          try {
            await run;
          } finally {
            this.#running.delete(run);
            // More may be waiting: look again at once rather than after the polling interval.
            if (this.#started) this.#boss.notifyWorker(workerId);
          }
        },
      );
      this.#workerIds.push(workerId);
    }
    if (concurrency > 0) {
      this.#sweeper = setInterval(() => void this.#sweep(), this.#heartbeatMs());
      this.#sweeper.unref();
    }
  }

  /**
   * pg-boss started on its current schema and the queue created or updated to the options; a pg-boss
   * 10 schema's unfinished messages are carried over (their count returned).
   */
  async #setUpQueue(): Promise<number> {
    const { maxAttempts, retryDelayMs, leaseSeconds } = this.#options;
    await setAsidePgBoss10Schema(this.#connections, QUEUE_SCHEMA);
    await this.#boss.start();
    const queue = {
      name: FINE_TUNE_QUEUE,
      // Enough deliveries that the one after the last allowed start can mark the job interrupted.
      retryLimit: maxAttempts,
      retryDelay: Math.max(1, Math.round(retryDelayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: leaseSeconds,
    };
    if ((await this.#boss.getQueue(FINE_TUNE_QUEUE)) === null) {
      await this.#boss.createQueue(FINE_TUNE_QUEUE, queue).catch(async (error: unknown) => {
        // Another process created it first.
        if ((await this.#boss.getQueue(FINE_TUNE_QUEUE)) === null) throw error;
      });
    } else {
      await this.#boss.updateQueue(FINE_TUNE_QUEUE, queue);
    }
    return carryOverPgBoss10Messages(this.#connections, QUEUE_SCHEMA, this.#boss, FINE_TUNE_QUEUE);
  }

  /**
   * Sends job `jobId`'s message on `client`, the transaction that queues its row (JobQueue). While the
   * queue is not running (before start, once stopping) nothing is sent and the row commits alone: a
   * worker's sweep gives it a message later (#unqueued).
   */
  async enqueue(client: Pick<pg.PoolClient, 'query'>, jobId: string): Promise<void> {
    if (!this.#started) return;
    await this.#boss.send(FINE_TUNE_QUEUE, { jobId } satisfies QueuedJob, {
      db: { executeSql: (text, values) => client.query(text, values) },
    });
  }

  /** How often a running job's heartbeat is recorded and stale jobs are looked for. */
  #heartbeatMs(): number {
    return Math.max(1_000, Math.round((this.#options.heartbeatTimeoutSeconds * 1_000) / 4));
  }

  /**
   * Seconds before which a heartbeat is stale. Within a heartbeat timeout of the database coming
   * back, none is: every worker's heartbeat failed during the outage, and a live one has not yet
   * had a timeout's time to beat again (0 matches no heartbeat).
   */
  #staleBefore(): number {
    const timeoutMs = this.#options.heartbeatTimeoutSeconds * 1_000;
    if (Date.now() - this.#databaseLastDownMs < timeoutMs) return 0;
    return Math.floor(Date.now() / 1000) - this.#options.heartbeatTimeoutSeconds;
  }

  /** Notes a store call that failed for want of the database (see #staleBefore). */
  #noteFailure(error: unknown): void {
    if (isDatabaseUnavailable(error)) this.#databaseLastDownMs = Date.now();
  }

  /**
   * Queues again the jobs whose worker stopped beating (died), and gives a queue message to any
   * queued job without one (a job row committed while its process was stopping the queue): no job
   * waits for ever. An outage only postpones this.
   */
  async #sweep(): Promise<void> {
    const { logger } = this.#options;
    try {
      const ids = await this.store.jobs.requeueStale(this.#staleBefore());
      for (const id of ids) logger.warn({ job: id }, 'job queued again: its worker stopped');
      for (const id of await this.#unqueued()) {
        await this.#boss.send(FINE_TUNE_QUEUE, { jobId: id } satisfies QueuedJob);
        logger.warn({ job: id }, 'job queued again: it had no queue message');
      }
    } catch (error) {
      this.#noteFailure(error);
      if (!isTransient(error)) logger.warn({ err: error }, 'looking for stale jobs failed');
    }
  }

  /**
   * Queued jobs older than a heartbeat timeout (their creating transaction long committed) with no
   * pending message on the queue: none created or waiting to retry (pg-boss's states below 'active'),
   * and none delivered within a heartbeat timeout. A delivery older than that whose job is still
   * queued was never claimed (its worker died first, or could not record its failure during an
   * outage) and would hold the job until its lease ends. A message sent twice is harmless: only one
   * delivery can claim a queued job.
   */
  #unqueued(): Promise<string[]> {
    return this.store.jobs.listQueuedWithoutMessage(this.#staleBefore(), {
      schema: QUEUE_SCHEMA,
      queue: FINE_TUNE_QUEUE,
    });
  }

  /** Jobs are taken by polling and notification: nothing to do here. */
  notify(): void {}

  abort(jobId: string): void {
    this.#fits.get(jobId)?.abort();
  }

  /** A delivery that cannot finish puts its row back in the queue itself (see #deliver): never held here. */
  waitingForStorage(): boolean {
    return false;
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /**
   * Stops taking jobs and aborts the running fits; their deliveries are retried (by this or another
   * worker) once pg-boss sees them unfinished.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    clearInterval(this.#sweeper);
    for (const fit of this.#fits.values()) fit.abort();
    await Promise.all(this.#workerIds.splice(0).map((id) => this.#boss.offWork(FINE_TUNE_QUEUE, { id })));
    await this.#boss.stop({ graceful: true, timeout: 5_000 }).catch((error: unknown) => {
      this.#options.logger.warn({ err: error }, 'job queue did not stop cleanly');
    });
    await this.#connections.end().catch(() => undefined);
  }

  async #deliver(delivery: JobWithMetadata<QueuedJob>): Promise<void> {
    const { store } = this;
    const { pool, logger, maxAttempts } = this.#options;
    const lease = `${delivery.id}:${delivery.retryCount}`;
    const log = logger.child({ job: delivery.data.jobId, lease });
    const job = await this.#transient(() => store.jobs.claim(delivery.data.jobId, lease, this.#staleBefore()));
    // Cancelled, finished or deleted since it was queued: nothing to run.
    if (job === undefined) return;
    if (job.attempts > maxAttempts) {
      await store.jobs.fail(job.id, interruptedError(job.attempts, 'the worker running it stopped'), 'running', lease);
      return;
    }
    const fit = new AbortController();
    let leaseLost = false;
    this.#fits.set(job.id, fit);
    const watch = setInterval(() => {
      void store.jobs
        .get(job.organizationId, job.id)
        .then((now) => {
          if (now?.status === 'cancelled') fit.abort();
          else if (now?.status === 'running' && now.lease !== lease) {
            leaseLost = true;
            fit.abort();
          }
        })
        .catch((error: unknown) => this.#noteFailure(error));
    }, 1_000);
    watch.unref();
    // The heartbeat: while it beats, no other worker takes the job (the watch above sees it go).
    const beat = setInterval(
      () => void store.jobs.heartbeat(job.id, lease).catch((error: unknown) => this.#noteFailure(error)),
      this.#heartbeatMs(),
    );
    beat.unref();
    try {
      await fineTune(
        job,
        { store, pool, log, signal: fit.signal },
        {
          storeCall: (call) => this.#transient(call),
          fail: (error) => store.jobs.fail(job.id, error, 'running', lease),
          complete: (model) => store.jobs.complete(job.id, model, lease),
          // The lease decides whether the result is still this delivery's to store.
          mayStore: () => true,
        },
      );
      this.#storageRetries.settled(job.id);
    } catch (error) {
      if (fit.signal.aborted) {
        // Stopping: the delivery is retried. Cancelled, or the lease taken over: not ours to settle.
        if (!this.#started) throw new TransientJobError('the worker stopped during the fit');
        if (leaseLost) log.warn('fine-tuning job taken over by another worker after its lease expired');
        this.#storageRetries.settled(job.id);
        return;
      }
      if (isStorageFull(error) || isStorageFull((error as { cause?: unknown } | null)?.cause)) {
        const retries = this.#storageRetries.count(job.id);
        const next = this.#storageRetries.next(job.id);
        if (next === undefined) {
          log.error({ err: error, retries }, 'fine-tuning job failed: the storage stayed full');
          await store.jobs.fail(job.id, { ...STORAGE_FULL_JOB_ERROR }, 'running', lease);
          return;
        }
        log.warn({ err: error, retry: next.retry }, 'storage full while saving a fine-tuning job: queued again');
      }
      if (error instanceof TransientJobError || isTransient(error)) {
        log.warn({ err: error, retry: delivery.retryCount }, 'fine-tuning job will be retried');
        // Until the queue's retry claims it, the job shows queued, not running, and the attempt is
        // not counted (not the job's fault).
        await this.#requeueRefunded(job.id, () => leaseLost);
        throw error;
      }
      this.#storageRetries.settled(job.id);
      await recordFailure(error, log, (jobError) => store.jobs.fail(job.id, jobError, 'running', lease));
    } finally {
      clearInterval(watch);
      clearInterval(beat);
      this.#fits.delete(job.id);
    }
  }

  /**
   * Puts a job whose run failed transiently back in the queue with its attempt refunded. During an
   * outage the write is retried (backing off to a heartbeat interval) until the database takes it,
   * while the job's heartbeat goes on beating: otherwise the job would stay running, be taken for a
   * dead worker's and be started again at the cost of an attempt. Given up when this worker stops
   * or another took the job over; the sweep then queues it.
   */
  async #requeueRefunded(jobId: string, leaseLost: () => boolean): Promise<void> {
    for (let delayMs = 100; this.#started && !leaseLost(); delayMs = Math.min(delayMs * 2, this.#heartbeatMs())) {
      try {
        await this.store.jobs.requeue(jobId, true);
        return;
      } catch (error) {
        this.#noteFailure(error);
        if (!isTransient(error)) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  /** Runs a store call; its failure for want of database or disk is transient (retried by the queue). */
  async #transient<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.#noteFailure(error);
      if (isTransient(error)) throw new TransientJobError('the database is unavailable', { cause: error });
      throw error;
    }
  }
}

/** Failures worth a retry: the database or disk unavailable, the worker pool full. */
function isTransient(error: unknown): boolean {
  return (
    isDatabaseUnavailable(error) ||
    isStorageFull(error) ||
    (error instanceof StylerError && error.code === 'rate_limited') ||
    (error instanceof ServiceError && error.code === 'service_unavailable')
  );
}
