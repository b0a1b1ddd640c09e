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
 * - Runs: the job worker (job-worker.ts) runs a claimed job and settles it as over SQLite: attempts,
 *   transient failures requeued with the attempt refunded, the storage-full retries and give-up. A
 *   run that goes back to the queue throws here, and pg-boss retries its delivery with exponential
 *   backoff (its wait, not the worker's). While the database was away, missed heartbeats are not
 *   taken for a dead worker's.
 * - Heartbeats: while a fit runs, its worker records a heartbeat on the job row four times per
 *   heartbeat timeout; every worker looks as often for running jobs whose heartbeat stopped (their
 *   worker died) and queues them again, with a new message, in one transaction, and for queued
 *   jobs without a message (created while their API process was stopping its queue). So a dead worker's
 *   job moves on in about the heartbeat timeout (45 s by default), however long the lease, which
 *   stays long enough for the longest fit; a delivery that comes back after its lease takes a job
 *   over only when that job's heartbeat stopped too.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import {
  isDatabaseUnavailable,
  keepAliveThroughOutages,
  type JobMessageQueue,
  type JobRecord,
  type PostgresStylerStore,
} from '../store/index.js';
import type { JobQueue, RunClaimedJob } from './job-queue.js';
import { isTransient, JobWorker, type JobWorkerOptions } from './job-worker.js';
import { carryOverPgBoss10Messages, holdingQueueSetupLock, setAsidePgBoss10Schema } from './queue-upgrade.js';

/** The pg-boss queue of fine-tuning jobs. */
export const FINE_TUNE_QUEUE = 'styler-fine-tune';
/** pg-boss's tables live in their own schema beside Styler's. */
export const QUEUE_SCHEMA = 'pgboss';

export interface PgBossJobQueueOptions {
  /** The opened store, without a job queue: the queue's `store` is this one with the queue. */
  store: PostgresStylerStore;
  /** postgres://… of the same database (pg-boss keeps its own connections). */
  databaseUrl: string;
  logger: FastifyBaseLogger;
  /** Jobs this process runs at once; 0: it only enqueues (an API process). */
  concurrency: number;
  /** Deliveries of a job pg-boss makes after the first (the one after the last allowed start fails it). */
  maxAttempts: number;
  /** First retry delay of a delivery (doubles with each retry). */
  retryDelayMs: number;
  /** How long a delivery holds its job before pg-boss retries it elsewhere. */
  leaseSeconds: number;
  /** How long a running job may go without its worker's heartbeat before another worker takes it. */
  heartbeatTimeoutSeconds: number;
  /** How often a worker looks for jobs when no notification came (seconds). */
  pollingSeconds?: number;
}

interface QueuedJob {
  jobId: string;
}

/** Why a run ended without settling the job: pg-boss retries the delivery. */
class RetriedDelivery extends Error {}

/** The pg-boss queue: deliveries claimed under their lease, a sweep for dead workers' jobs. */
export class PgBossJobQueue implements JobQueue, JobMessageQueue {
  readonly interruption = 'the worker running it stopped';
  /**
   * options.store with this queue as its message queue: the store the app and the worker use, so a
   * job's message is sent in the transaction that creates or requeues its row.
   */
  readonly store: PostgresStylerStore;
  readonly heartbeatMs: number;
  readonly #options: PgBossJobQueueOptions;
  readonly #boss: PgBoss;
  readonly #connections: pg.Pool;
  readonly #workerIds: string[] = [];
  #started = false;
  #sweeper: NodeJS.Timeout | undefined;
  /** When a store call last failed for want of the database (ms since the epoch); 0: never. */
  #databaseLastDownMs = 0;

  constructor(options: PgBossJobQueueOptions) {
    this.#options = options;
    // Four beats per heartbeat timeout; the sweep for stopped heartbeats looks as often.
    this.heartbeatMs = Math.max(1_000, Math.round((options.heartbeatTimeoutSeconds * 1_000) / 4));
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

  /**
   * Starts pg-boss (creating or migrating its schema once; a pg-boss 10 schema is first set aside),
   * the queue, and the workers if any, each handing its deliveries to `run`.
   */
  async start(run: RunClaimedJob): Promise<void> {
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
          try {
            await this.#deliver(delivery, run);
          } finally {
            // More may be waiting: look again at once rather than after the polling interval.
            if (this.#started) this.#boss.notifyWorker(workerId);
          }
        },
      );
      this.#workerIds.push(workerId);
    }
    if (concurrency > 0) {
      this.#sweeper = setInterval(() => void this.#sweep(), this.heartbeatMs);
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
   * Sends job `jobId`'s message on `client`, the transaction that queues its row (JobMessageQueue). While the
   * queue is not running (before start, once stopping) nothing is sent and the row commits alone: a
   * worker's sweep gives it a message later (#unqueued).
   */
  async enqueue(client: Pick<pg.PoolClient, 'query'>, jobId: string): Promise<void> {
    if (!this.#started) return;
    await this.#boss.send(FINE_TUNE_QUEUE, { jobId } satisfies QueuedJob, {
      db: { executeSql: (text, values) => client.query(text, values) },
    });
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
      this.storeFailed(error);
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

  /** Notes a store call that failed for want of the database (see #staleBefore). */
  storeFailed(error: unknown): void {
    if (isDatabaseUnavailable(error)) this.#databaseLastDownMs = Date.now();
  }

  /**
   * Stops taking jobs (the worker has aborted its fits); their deliveries are retried (by this or
   * another worker) once pg-boss sees them unfinished.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    clearInterval(this.#sweeper);
    await Promise.all(this.#workerIds.splice(0).map((id) => this.#boss.offWork(FINE_TUNE_QUEUE, { id })));
    await this.#boss.stop({ graceful: true, timeout: 5_000 }).catch((error: unknown) => {
      this.#options.logger.warn({ err: error }, 'job queue did not stop cleanly');
    });
    await this.#connections.end().catch(() => undefined);
  }

  /**
   * Claims a delivery's job under the delivery's lease and has the worker run it. A run that does
   * not settle the job (a retry, the worker stopping) throws, so pg-boss retries the delivery.
   */
  async #deliver(delivery: JobWithMetadata<QueuedJob>, run: RunClaimedJob): Promise<void> {
    const lease = `${delivery.id}:${delivery.retryCount}`;
    let job: JobRecord | undefined;
    try {
      job = await this.store.jobs.claim(delivery.data.jobId, lease, this.#staleBefore());
    } catch (error) {
      this.storeFailed(error);
      throw error;
    }
    // Cancelled, finished or deleted since it was queued: nothing to run.
    if (job === undefined) return;
    const end = await run({ job, lease });
    if (end.kind === 'stopped') throw new RetriedDelivery('the worker stopped during the fit');
    if (end.kind === 'retry') throw new RetriedDelivery('the job went back to the queue');
  }
}

export interface PgBossJobRunnerOptions extends Omit<JobWorkerOptions, 'store'>, PgBossJobQueueOptions {}

/** The job worker over pg-boss (PgBossJobQueue); `store` is the store whose new jobs go on its queue. */
export class PgBossJobRunner extends JobWorker {
  readonly store: PostgresStylerStore;

  constructor(options: PgBossJobRunnerOptions) {
    const queue = new PgBossJobQueue(options);
    super({ ...options, store: queue.store }, queue);
    this.store = queue.store;
  }
}
