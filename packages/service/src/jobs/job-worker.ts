/**
 * The one job worker: what happens to a fine-tuning job between the moment a queue claims it under a
 * lease and the moment it is settled or handed back, the same over every queue (job-queue.ts):
 *
 * - A job started more than maxAttempts times fails as `interrupted`.
 * - While the fit runs, the worker watches the job's row every second: a cancel (from any process)
 *   or another lease taking the job over aborts the fit. Where other workers could take a job over
 *   (the queue has a heartbeat), the lease records a heartbeat meanwhile.
 * - Only the lease that claimed a job may fail or complete it, so a result that comes back after
 *   the job moved on is discarded, never stored twice.
 * - A transient failure (the pool full, the database away) puts the job back in the queue with its
 *   attempt refunded (not the job's fault). A full storage does the same, up to maxStorageRetries
 *   times with a doubling wait (storage-retries.ts), after which the job fails with `storage_full`.
 *   The requeue itself is retried until the store takes it; while a full storage refuses it the
 *   job shows queued (waitingForStorage), as it waits for space.
 * - Any other failure fails the job with the registry's words for it (fine-tuning.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import type { StylePool } from '@styler-dev/engine';
import { isDatabaseUnavailable, isStorageFull, type JobRecord, type StylerStore } from '../store/index.js';
import { ServiceError } from '../errors.js';
import { fineTune, interruptedError, recordFailure, type JobExecutor } from './fine-tuning.js';
import type { ClaimedJob, JobQueue, RunEnd } from './job-queue.js';
import { STORAGE_FULL_JOB_ERROR, StorageRetries } from './storage-retries.js';

/** What the worker needs, whichever queue feeds it. */
export interface JobWorkerOptions {
  /** The store the queue claims jobs from. */
  store: StylerStore;
  pool: Pick<StylePool, 'fitStyle'>;
  logger: FastifyBaseLogger;
  /** Starts after which a job fails as interrupted. */
  maxAttempts: number;
  /** Wait before a job put back by a transient failure runs again; the first wait after a full storage. */
  retryDelayMs: number;
  /** Retries of a job whose save found the storage full, before it fails; default STORAGE_RETRY_DEFAULTS. */
  maxStorageRetries?: number;
}

/** How often a running job's row is read for a cancel or a takeover. */
const WATCH_MS = 1_000;
/** The first wait before a requeue the store refused is tried again (it doubles up to a heartbeat). */
const REQUEUE_FIRST_WAIT_MS = 100;

const SETTLED: RunEnd = Object.freeze({ kind: 'settled' });
const STOPPED: RunEnd = Object.freeze({ kind: 'stopped' });

/** Failures worth a retry with the attempt refunded: the database or disk unavailable, the worker pool full. */
export function isTransient(error: unknown): boolean {
  return (
    isDatabaseUnavailable(error) ||
    isStorageFull(error) ||
    (error instanceof AnalyticsError && error.code === 'rate_limited') ||
    (error instanceof ServiceError && error.code === 'service_unavailable')
  );
}

/** Runs the jobs `queue` claims (JobExecutor for the routes and the app). */
export class JobWorker implements JobExecutor {
  readonly #options: JobWorkerOptions;
  readonly #queue: JobQueue;
  readonly #runs = new Set<Promise<RunEnd>>();
  // Aborting a fit ends the worker thread running it, so a cancelled job frees its thread at once.
  readonly #fits = new Map<string, AbortController>();
  readonly #storageRetries: StorageRetries;
  // Jobs whose run ended but whose requeue a full storage refuses: running in the database, waiting for space.
  readonly #waitingForStorage = new Set<string>();
  #stopping = true;

  constructor(options: JobWorkerOptions, queue: JobQueue) {
    this.#options = options;
    this.#queue = queue;
    this.#storageRetries = new StorageRetries(options.maxStorageRetries, options.retryDelayMs);
  }

  /** Jobs running in this process. */
  get running(): number {
    return this.#runs.size;
  }

  /** Starts the queue, which hands this worker its jobs. */
  async start(): Promise<void> {
    if (!this.#stopping) return;
    this.#stopping = false;
    try {
      await this.#queue.start((claimed) => this.#track(claimed));
    } catch (error) {
      this.#stopping = true;
      throw error;
    }
  }

  /** Stops taking jobs and aborts the running fits; the queue gets their jobs back (JobQueue.stop). */
  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    for (const fit of this.#fits.values()) fit.abort();
    await this.#queue.stop();
  }

  notify(): void {
    this.#queue.notify();
  }

  /** Stops the fit of a job that was just cancelled, if it runs in this process. */
  abort(jobId: string): void {
    this.#fits.get(jobId)?.abort();
  }

  waitingForStorage(jobId: string): boolean {
    return this.#waitingForStorage.has(jobId);
  }

  /** Resolves when every run started in this process has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#runs.size > 0) await Promise.allSettled([...this.#runs]);
  }

  #track(claimed: ClaimedJob): Promise<RunEnd> {
    const run = this.#run(claimed);
    this.#runs.add(run);
    void run.then(
      () => this.#runs.delete(run),
      () => this.#runs.delete(run),
    );
    return run;
  }

  async #run({ job, lease }: ClaimedJob): Promise<RunEnd> {
    const { store, logger, maxAttempts } = this.#options;
    const log = logger.child({ job: job.id, lease });
    if (job.attempts > maxAttempts) {
      const error = interruptedError(job.attempts, this.#queue.interruption);
      return this.#recorded(
        job.id,
        () => store.jobs.fail(job.id, error, 'running', lease),
        log,
        () => false,
      );
    }
    const fit = new AbortController();
    let leaseLost = false;
    this.#fits.set(job.id, fit);
    const watch = setInterval(() => {
      store.jobs.get(job.organizationId, job.id).then(
        (now) => {
          if (now?.status === 'cancelled') fit.abort();
          else if (now?.status === 'running' && now.lease !== lease) {
            leaseLost = true;
            fit.abort();
          }
        },
        (error: unknown) => this.#queue.storeFailed(error),
      );
    }, WATCH_MS);
    watch.unref();
    // The heartbeat: while it beats, no other worker takes the job (the watch above sees it go).
    const { heartbeatMs } = this.#queue;
    const beat =
      heartbeatMs === undefined
        ? undefined
        : setInterval(() => {
            store.jobs.heartbeat(job.id, lease).catch((error: unknown) => this.#queue.storeFailed(error));
          }, heartbeatMs);
    beat?.unref();
    try {
      const lost = (): boolean => leaseLost;
      return await this.#recorded(job.id, () => this.#fitAndSettle(job, lease, fit, log, lost), log, lost);
    } finally {
      clearInterval(watch);
      clearInterval(beat);
      if (this.#fits.get(job.id) === fit) this.#fits.delete(job.id);
    }
  }

  /**
   * Runs `settle`; when the store could not record its outcome for a transient reason, the job goes
   * back to the queue with its attempt refunded (its next run records it). Other failures to record
   * reject, for the queue to handle.
   */
  async #recorded(
    jobId: string,
    settle: () => Promise<RunEnd | boolean>,
    log: FastifyBaseLogger,
    leaseLost: () => boolean,
  ): Promise<RunEnd> {
    try {
      const end = await settle();
      return typeof end === 'boolean' ? SETTLED : end;
    } catch (error) {
      this.#queue.storeFailed(error);
      log.error({ err: error }, 'could not record the outcome of a fine-tuning job');
      if (!isTransient(error)) throw error;
      return this.#retry(jobId, this.#options.retryDelayMs, log, leaseLost);
    }
  }

  async #fitAndSettle(
    job: JobRecord,
    lease: string,
    fit: AbortController,
    log: FastifyBaseLogger,
    leaseLost: () => boolean,
  ): Promise<RunEnd> {
    const { store, pool, retryDelayMs } = this.#options;
    try {
      await fineTune(
        job,
        { store, pool, log, signal: fit.signal },
        {
          fail: (error) => store.jobs.fail(job.id, error, 'running', lease),
          complete: (model) => store.jobs.complete(job.id, model, lease),
        },
      );
      this.#storageRetries.settled(job.id);
      return SETTLED;
    } catch (error) {
      this.#queue.storeFailed(error);
      if (fit.signal.aborted) {
        if (this.#stopping) return STOPPED;
        // Cancelled, or the lease taken over: not this run's to settle.
        if (leaseLost()) log.warn('fine-tuning job taken over by another worker after its lease expired');
        this.#storageRetries.settled(job.id);
        return SETTLED;
      }
      if (isStorageFull(error)) return this.#afterFullStorage(job, lease, log, error, leaseLost);
      if (isTransient(error)) {
        log.warn({ err: error }, 'fine-tuning job will be retried');
        return this.#retry(job.id, retryDelayMs, log, leaseLost);
      }
      this.#storageRetries.settled(job.id);
      await recordFailure(error, log, (jobError) => store.jobs.fail(job.id, jobError, 'running', lease));
      return SETTLED;
    }
  }

  /**
   * The save found the storage full (SQLITE_FULL, ENOSPC, PostgreSQL's disk_full): the job goes back
   * to the queue without counting an attempt, after StorageRetries' wait; after its last retry it
   * fails with `storage_full`.
   */
  async #afterFullStorage(
    job: JobRecord,
    lease: string,
    log: FastifyBaseLogger,
    error: unknown,
    leaseLost: () => boolean,
  ): Promise<RunEnd> {
    const retries = this.#storageRetries.count(job.id);
    const next = this.#storageRetries.next(job.id);
    if (next === undefined) {
      log.error({ err: error, retries }, 'fine-tuning job failed: the storage stayed full');
      await this.#options.store.jobs.fail(job.id, { ...STORAGE_FULL_JOB_ERROR }, 'running', lease);
      return SETTLED;
    }
    const { retry, delayMs } = next;
    log.warn({ err: error, retry, delayMs }, 'storage full while saving a fine-tuning job: queued again');
    return this.#retry(job.id, delayMs, log, leaseLost);
  }

  /**
   * Puts a job back in the queue with its attempt refunded, to run again after `delayMs`. The write
   * is retried (backing off to a heartbeat) until the store takes it, while the job's heartbeat goes
   * on beating: otherwise the job would stay running, be taken for a dead worker's and start again
   * at the cost of an attempt. Given up when this worker stops or another took the job over.
   */
  async #retry(jobId: string, delayMs: number, log: FastifyBaseLogger, leaseLost: () => boolean): Promise<RunEnd> {
    const maxWaitMs = this.#queue.heartbeatMs ?? 1_000;
    try {
      for (let waitMs = REQUEUE_FIRST_WAIT_MS; !this.#stopping && !leaseLost();) {
        try {
          await this.#options.store.jobs.requeue(jobId, true);
          break;
        } catch (error) {
          this.#queue.storeFailed(error);
          if (!isTransient(error)) {
            log.error({ err: error }, 'could not put a fine-tuning job back in the queue');
            break;
          }
          if (isStorageFull(error)) this.#waitingForStorage.add(jobId);
        }
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        waitMs = Math.min(waitMs * 2, maxWaitMs);
      }
    } finally {
      this.#waitingForStorage.delete(jobId);
    }
    return { kind: 'retry', delayMs };
  }
}
