/**
 * Fine-tuning jobs over the embedded store: the job worker (job-worker.ts) fed by a poller of the
 * jobs table. This process is the table's only runner: it takes at most `concurrency` jobs at a
 * time, oldest first, each under a lease of its own; jobs a stopped process left running go back to
 * the queue on start, so none is lost or stuck. A run that ends in a retry (the pool full, the
 * storage full) holds back every start for the retry's wait: on one machine, the next job would
 * meet the same full pool or disk.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isStorageFull, type JobRecord, type StylerStore } from '../store/index.js';
import type { JobQueue, RunClaimedJob } from './job-queue.js';
import { JobWorker, type JobWorkerOptions } from './job-worker.js';

export interface SqliteJobQueueOptions {
  store: StylerStore;
  logger: FastifyBaseLogger;
  /** Jobs run at once; 0 runs none (an API-only process). */
  concurrency: number;
  /** Wait before claiming again after the store failed a claim (full, unreachable). */
  retryDelayMs: number;
}

/** The jobs table as a queue: polled when a job is queued, a run ends or a wait is over. */
export class SqliteJobQueue implements JobQueue {
  readonly interruption = 'the service stopped while it ran';
  // One process runs every job: nobody takes a job over, so no heartbeat is needed.
  readonly heartbeatMs = undefined;
  readonly #options: SqliteJobQueueOptions;
  readonly #inFlight = new Map<string, Promise<void>>();
  #run: RunClaimedJob | undefined;
  #stopped = true;
  #retryTimer: NodeJS.Timeout | undefined;
  // One claiming pass at a time; a notify() during it asks for one more.
  #pumping = false;
  #pumpAgain = false;

  constructor(options: SqliteJobQueueOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 0) {
      throw new RangeError('concurrency must be a non-negative integer');
    }
    this.#options = options;
  }

  /** Puts jobs a stopped process left running back in the queue, then claims the first ones. */
  async start(run: RunClaimedJob): Promise<void> {
    if (!this.#stopped) return;
    this.#run = run;
    this.#stopped = false;
    if (this.#options.concurrency === 0) return;
    const resumed = await this.#options.store.jobs.requeueAllRunning();
    if (resumed > 0) this.#options.logger.info({ resumed }, 'resuming fine-tuning jobs interrupted by a restart');
    await this.#pass();
  }

  notify(): void {
    if (this.#stopped || this.#retryTimer !== undefined) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    void this.#pass();
  }

  /** One claiming pass, then another if a notify() came during it. */
  async #pass(): Promise<void> {
    this.#pumping = true;
    try {
      await this.#pump();
    } finally {
      this.#pumping = false;
      if (this.#pumpAgain) {
        this.#pumpAgain = false;
        this.notify();
      }
    }
  }

  /** Claims queued jobs while slots are free; a store that fails (full, unreachable) is tried again later. */
  async #pump(): Promise<void> {
    const { store, logger } = this.#options;
    const run = this.#run;
    while (
      run !== undefined &&
      !this.#stopped &&
      this.#retryTimer === undefined &&
      this.#inFlight.size < this.#options.concurrency
    ) {
      const lease = randomUUID();
      let job: JobRecord | undefined;
      try {
        job = await store.jobs.claimNextQueued(lease);
      } catch (error) {
        logger.warn(
          { err: error },
          isStorageFull(error) ? 'storage full: fine-tuning jobs wait' : 'database unavailable: fine-tuning jobs wait',
        );
        this.#holdBack(this.#options.retryDelayMs);
        return;
      }
      if (!job) return;
      if (this.#stopped) {
        await store.jobs.requeue(job.id).catch(() => undefined);
        return;
      }
      const { id } = job;
      const running = run({ job, lease })
        .then((end) => {
          if (end.kind === 'retry') this.#holdBack(end.delayMs);
        })
        .catch((error: unknown) => {
          // Left running in the database: the next start puts it back in the queue.
          logger.error({ err: error, job: id }, 'fine-tuning job left running: its outcome could not be recorded');
        })
        .finally(() => {
          this.#inFlight.delete(id);
          this.notify();
        });
      this.#inFlight.set(id, running);
    }
  }

  /**
   * Stops claiming. Jobs still running go back to the queue (their lease no longer holds, so their
   * results are discarded) and resume on the next start.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    await Promise.all(
      [...this.#inFlight.keys()].map((id) =>
        this.#options.store.jobs.requeue(id).catch((error: unknown) => {
          this.#options.logger.error({ err: error, job: id }, 'could not put a fine-tuning job back in the queue');
        }),
      ),
    );
  }

  /** A single process has no outages to judge heartbeats by. */
  storeFailed(): void {}

  /** Holds back new claims for `delayMs`, unless a wait is already pending. */
  #holdBack(delayMs: number): void {
    if (this.#retryTimer !== undefined || this.#stopped) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.notify();
    }, delayMs);
    this.#retryTimer.unref();
  }
}

export interface SqliteJobRunnerOptions extends JobWorkerOptions, SqliteJobQueueOptions {}

/** The job worker over the SQLite jobs table (SqliteJobQueue). */
export class SqliteJobRunner extends JobWorker {
  constructor(options: SqliteJobRunnerOptions) {
    super(options, new SqliteJobQueue(options));
  }
}
