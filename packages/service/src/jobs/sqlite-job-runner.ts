/**
 * Runs fine-tuning jobs in the background through the worker pool: at most `concurrency` at a
 * time, oldest first. Jobs left queued or running by an earlier process are resumed on start, so
 * no job is lost or stuck; a job interrupted `maxAttempts` times fails instead of looping forever.
 * A job that finds the storage full when saving its model goes back to the queue and is retried
 * with a growing delay, up to `maxStorageRetries` times (storage-retries.ts, the rule both queues keep).
 */
import type { FastifyBaseLogger } from 'fastify';
import { StylerError } from '@styler-dev/analytics/errors';
import type { StylePool } from '@styler-dev/engine';
import { isStorageFull, type JobRecord, type StylerStore } from '../store/index.js';
import { fineTune, interruptedError, recordFailure, type JobExecutor } from './fine-tuning.js';
import { STORAGE_FULL_JOB_ERROR, StorageRetries } from './storage-retries.js';

export interface SqliteJobRunnerOptions {
  store: StylerStore;
  pool: Pick<StylePool, 'fitStyle'>;
  logger: FastifyBaseLogger;
  /** Jobs run at once; 0 runs none (an API-only process). */
  concurrency: number;
  /** Starts after which an interrupted job fails. */
  maxAttempts: number;
  /** Wait before retrying when the pool's queue is full; the first wait after a full disk. */
  retryDelayMs: number;
  /** Retries of a job whose save found the storage full, before it fails; default STORAGE_RETRY_DEFAULTS. */
  maxStorageRetries?: number;
}

/** How a run ended: settled (succeeded, failed, cancelled, discarded) or back in the queue. */
type RunOutcome = 'settled' | 'requeued';

export class SqliteJobRunner implements JobExecutor {
  readonly #options: SqliteJobRunnerOptions;
  readonly #inFlight = new Map<string, Promise<void>>();
  // Aborting a fit ends the worker thread running it, so a cancelled job frees its thread at once.
  readonly #fits = new Map<string, AbortController>();
  readonly #storageRetries: StorageRetries;
  // Jobs whose outcome the store could not record (the disk was full even for that): still
  // 'running' in the database, they are put back in the queue at the next retry.
  readonly #unrecorded = new Set<string>();
  #stopped = true;
  #retryTimer: NodeJS.Timeout | undefined;
  // One claiming loop at a time; a notify() during it asks for one more pass.
  #pumping = false;
  #pumpAgain = false;

  constructor(options: SqliteJobRunnerOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 0) {
      throw new RangeError('concurrency must be a non-negative integer');
    }
    this.#options = options;
    this.#storageRetries = new StorageRetries(options.maxStorageRetries, options.retryDelayMs);
  }

  /** Jobs currently running in this process. */
  get running(): number {
    return this.#inFlight.size;
  }

  /**
   * Starts working through the queue. With the embedded (SQLite) store this process is the only
   * runner, so jobs a stopped process left running go back to the queue first; over a shared
   * database other processes' running jobs are theirs.
   */
  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    if (this.#options.concurrency === 0) return;
    if (this.#options.store.kind === 'sqlite') {
      const resumed = await this.#options.store.jobs.requeueAllRunning();
      if (resumed > 0) this.#options.logger.info({ resumed }, 'resuming fine-tuning jobs interrupted by a restart');
    }
    this.notify();
  }

  /** Call after queueing a job: starts it if a slot is free. */
  notify(): void {
    if (this.#stopped || this.#retryTimer !== undefined) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = true;
    void this.#pump().finally(() => {
      this.#pumping = false;
      if (this.#pumpAgain) {
        this.#pumpAgain = false;
        this.notify();
      }
    });
  }

  /** Claims queued jobs while slots are free; a store that fails (full, unreachable) is retried later. */
  async #pump(): Promise<void> {
    const { store, logger } = this.#options;
    while (!this.#stopped && this.#retryTimer === undefined && this.#inFlight.size < this.#options.concurrency) {
      let job: JobRecord | undefined;
      try {
        job = await store.jobs.claimNextQueued();
        if (job && job.attempts > this.#options.maxAttempts) {
          await store.jobs.fail(job.id, interruptedError(job.attempts, 'the service stopped while it ran'));
          continue;
        }
      } catch (error) {
        logger.warn(
          { err: error },
          isStorageFull(error) ? 'storage full: fine-tuning jobs wait' : 'database unavailable: fine-tuning jobs wait',
        );
        this.#scheduleRetry(this.#options.retryDelayMs);
        return;
      }
      if (!job) return;
      if (this.#stopped) {
        await store.jobs.requeue(job.id).catch(() => undefined);
        return;
      }
      const { id } = job;
      const run = this.#run(job)
        .then((outcome) => {
          if (outcome === 'settled') this.#storageRetries.settled(id);
        })
        .catch((error: unknown) => this.#unrecordedOutcome(id, error))
        .finally(() => {
          this.#inFlight.delete(id);
          this.notify();
        });
      this.#inFlight.set(id, run);
    }
  }

  /**
   * Stops taking jobs. Jobs still running go back to the queue (their results, if they arrive,
   * are discarded) and resume on the next start.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    for (const fit of this.#fits.values()) fit.abort();
    await Promise.all(
      [...this.#inFlight.keys()].map((id) =>
        this.#options.store.jobs.requeue(id).catch((error: unknown) => {
          this.#options.logger.error({ err: error, job: id }, 'could not put a fine-tuning job back in the queue');
        }),
      ),
    );
  }

  /** Stops the fit of a job that was just cancelled, if it runs in this process. */
  abort(jobId: string): void {
    this.#fits.get(jobId)?.abort();
  }

  waitingForStorage(jobId: string): boolean {
    return this.#unrecorded.has(jobId);
  }

  /** Resolves when every job started by this runner has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  async #run(job: JobRecord): Promise<RunOutcome> {
    const { store, pool, logger } = this.#options;
    const log = logger.child({ job: job.id });
    const fit = new AbortController();
    this.#fits.set(job.id, fit);
    try {
      const outcome = await fineTune(
        job,
        { store, pool, log, signal: fit.signal },
        {
          storeCall: (call) => call(),
          fail: (error) => store.jobs.fail(job.id, error),
          complete: (model) => store.jobs.complete(job.id, model),
          // stop() put the job back in the queue.
          mayStore: () => !this.#stopped,
        },
      );
      return outcome === 'dropped' ? 'requeued' : 'settled';
    } catch (error) {
      // stop() put the job back in the queue.
      if (this.#stopped) return 'requeued';
      // A cancelled job's fit was aborted on purpose: its status already says cancelled.
      if ((await store.jobs.get(job.organizationId, job.id))?.status === 'cancelled') return 'settled';
      if (error instanceof StylerError && error.code === 'rate_limited') {
        // The pool is saturated by transforms: not the job's fault, so retry later without counting it.
        await store.jobs.requeue(job.id, true);
        this.#scheduleRetry(this.#options.retryDelayMs);
        return 'requeued';
      }
      if (isStorageFull(error)) return await this.#afterFullStorage(job, log, error);
      await recordFailure(error, log, (jobError) => store.jobs.fail(job.id, jobError));
      return 'settled';
    } finally {
      this.#fits.delete(job.id);
    }
  }

  /**
   * The save found the storage full (SQLITE_FULL, ENOSPC): the job goes back to the queue without
   * counting an attempt, and every job waits the retry's delay (StorageRetries); after its last
   * retry it fails with `storage_full`.
   */
  async #afterFullStorage(job: JobRecord, log: FastifyBaseLogger, error: unknown): Promise<RunOutcome> {
    const retries = this.#storageRetries.count(job.id);
    const next = this.#storageRetries.next(job.id);
    if (next === undefined) {
      log.error({ err: error, retries }, 'fine-tuning job failed: the storage stayed full');
      await this.#options.store.jobs.fail(job.id, { ...STORAGE_FULL_JOB_ERROR });
      return 'settled';
    }
    const { retry, delayMs } = next;
    log.warn({ err: error, retry, delayMs }, 'storage full while saving a fine-tuning job: queued again');
    await this.#options.store.jobs.requeue(job.id, true);
    this.#scheduleRetry(delayMs);
    return 'requeued';
  }

  /** The store could not record how a run ended (most likely the disk is full): never crash for it. */
  #unrecordedOutcome(jobId: string, error: unknown): void {
    this.#options.logger.error({ err: error, job: jobId }, 'could not record the outcome of a fine-tuning job');
    if (!isStorageFull(error)) return;
    this.#unrecorded.add(jobId);
    this.#scheduleRetry(this.#options.retryDelayMs);
  }

  /** Puts the jobs whose outcome could not be recorded back in the queue, as far as the store lets us. */
  async #requeueUnrecorded(): Promise<void> {
    for (const id of this.#unrecorded) {
      try {
        await this.#options.store.jobs.requeue(id, true);
      } catch (error) {
        if (isStorageFull(error)) {
          this.#scheduleRetry(this.#options.retryDelayMs);
          return;
        }
        // Left running in the database: the next start requeues it.
        this.#options.logger.error({ err: error, job: id }, 'could not put a fine-tuning job back in the queue');
      }
      this.#unrecorded.delete(id);
    }
  }

  /** Holds back new starts for `delayMs`, unless a retry is already pending. */
  #scheduleRetry(delayMs: number): void {
    if (this.#retryTimer !== undefined || this.#stopped) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#requeueUnrecorded().finally(() => this.notify());
    }, delayMs);
    this.#retryTimer.unref();
  }
}
