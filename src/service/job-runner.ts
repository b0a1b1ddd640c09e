/**
 * Runs fine-tuning jobs in the background through the analytics pool: at most `concurrency` at a
 * time, oldest first. Jobs left queued or running by an earlier process are resumed on start, so
 * no job is lost or stuck; a job interrupted `maxAttempts` times fails instead of looping forever.
 */
import type { FastifyBaseLogger } from 'fastify';
import { StylerError } from '../errors.js';
import type { AnalyticsPool } from '../pool/index.js';
import { fineTunedModelName, type JobError, type JobRecord, type Store } from '../store/index.js';
import { describeStyle, splitDocuments } from '../style/index.js';

export interface JobRunnerOptions {
  store: Store;
  pool: Pick<AnalyticsPool, 'fitStyle'>;
  logger: FastifyBaseLogger;
  /** Jobs run at once; 0 runs none (an API-only process). */
  concurrency: number;
  /** Starts after which an interrupted job fails. */
  maxAttempts: number;
  /** Wait before retrying when the pool's queue is full. */
  retryDelayMs: number;
}

/**
 * The job's error when its fit throws. Only StylerErrors are meant for users (e.g. data without
 * prose); anything else is our fault, and its text (a stack overflow, a type error) says nothing
 * useful to them: a clean internal error, with the real one logged under the job's id.
 */
export function jobErrorOf(error: unknown): JobError {
  if (error instanceof StylerError && error.code !== 'internal') return { code: error.code, message: error.message };
  return { code: 'internal', message: 'Fine-tuning failed because of an internal error; it has been logged.' };
}

export class JobRunner {
  readonly #options: JobRunnerOptions;
  readonly #inFlight = new Map<string, Promise<void>>();
  // Aborting a fit ends the worker thread running it, so a cancelled job frees its thread at once.
  readonly #fits = new Map<string, AbortController>();
  #stopped = true;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(options: JobRunnerOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 0) {
      throw new RangeError('concurrency must be a non-negative integer');
    }
    this.#options = options;
  }

  /** Jobs currently running in this process. */
  get running(): number {
    return this.#inFlight.size;
  }

  /** Requeues jobs a stopped process left running, then starts working through the queue. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    if (this.#options.concurrency === 0) return;
    const resumed = this.#options.store.jobs.requeueAllRunning();
    if (resumed > 0) this.#options.logger.info({ resumed }, 'resuming fine-tuning jobs interrupted by a restart');
    this.notify();
  }

  /** Call after queueing a job: starts it if a slot is free. */
  notify(): void {
    if (this.#stopped || this.#retryTimer !== undefined) return;
    while (this.#inFlight.size < this.#options.concurrency) {
      const job = this.#options.store.jobs.claimNextQueued();
      if (!job) return;
      if (job.attempts > this.#options.maxAttempts) {
        this.#options.store.jobs.fail(job.id, {
          code: 'interrupted',
          message: `Fine-tuning was interrupted ${job.attempts - 1} times (the service stopped while it ran).`,
        });
        continue;
      }
      const run = this.#run(job).finally(() => {
        this.#inFlight.delete(job.id);
        this.notify();
      });
      this.#inFlight.set(job.id, run);
    }
  }

  /**
   * Stops taking jobs. Jobs still running go back to the queue (their results, if they arrive,
   * are discarded) and resume on the next start.
   */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    for (const id of this.#inFlight.keys()) this.#options.store.jobs.requeue(id);
    for (const fit of this.#fits.values()) fit.abort();
  }

  /** Stops the fit of a job that was just cancelled, if it runs in this process. */
  abort(jobId: string): void {
    this.#fits.get(jobId)?.abort();
  }

  /** Resolves when every job started by this runner has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  async #run(job: JobRecord): Promise<void> {
    const { store, pool, logger } = this.#options;
    const log = logger.child({ job: job.id });
    try {
      const documents = await this.#loadDocuments(job);
      if ('code' in documents) {
        if (store.jobs.fail(job.id, documents)) log.warn({ error: documents }, 'fine-tuning job failed');
        return;
      }
      log.info({ documents: documents.length }, 'fine-tuning job started');
      const fit = new AbortController();
      this.#fits.set(job.id, fit);
      const model = await pool
        .fitStyle(documents, { matchOutputLength: job.matchOutputLength }, { signal: fit.signal })
        .finally(() => this.#fits.delete(job.id));
      if (this.#stopped) return;
      const name = fineTunedModelName(job.suffix);
      const stored = store.completeJob(job.id, {
        name,
        organizationId: job.organizationId,
        styleModel: job.styleModel,
        modelJson: JSON.stringify(model),
        summaryJson: JSON.stringify(describeStyle(model)),
      });
      log.info({ model: stored ? name : null }, stored ? 'fine-tuning job succeeded' : 'fine-tuning result discarded');
    } catch (error) {
      if (this.#stopped) return;
      // A cancelled job's fit was aborted on purpose: its status already says cancelled.
      if (store.jobs.get(job.organizationId, job.id)?.status === 'cancelled') return;
      if (error instanceof StylerError && error.code === 'rate_limited') {
        // The pool is saturated by transforms: not the job's fault, so retry later without counting it.
        store.jobs.requeue(job.id, true);
        this.#scheduleRetry();
        return;
      }
      const jobError = jobErrorOf(error);
      // The owner sees the generic message; the log keeps what really happened, stack included.
      if (jobError.code === 'internal')
        log.error({ err: error }, 'fine-tuning job failed because of an internal error');
      if (store.jobs.fail(job.id, jobError)) log.warn({ error: jobError }, 'fine-tuning job failed');
    }
  }

  /** The documents of the job's training files, or the job's error when a file cannot be used. */
  async #loadDocuments(job: JobRecord): Promise<string[] | JobError> {
    const documents: string[] = [];
    for (const fileId of job.trainingFiles) {
      let text: string;
      try {
        text = await this.#options.store.blobs.read(fileId, 'text');
      } catch {
        return { code: 'invalid_training_file', message: `Training file ${fileId} could not be read.` };
      }
      for (const document of splitDocuments(text)) documents.push(document);
    }
    // Uploads refuse files without prose, so this only guards against a job without any text.
    if (documents.length === 0) {
      return { code: 'invalid_training_data', message: 'The training files hold no documents to learn from.' };
    }
    return documents;
  }

  #scheduleRetry(): void {
    if (this.#retryTimer !== undefined || this.#stopped) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.notify();
    }, this.#options.retryDelayMs);
    this.#retryTimer.unref();
  }
}
