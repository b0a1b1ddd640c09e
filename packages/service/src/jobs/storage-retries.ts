/**
 * The one rule for a job whose model could not be saved because the storage is full, on either
 * queue: not the job's fault, and an operator may free space, so it goes back to the queue without
 * counting an attempt, up to maxStorageRetries times; after that it fails with `storage_full`.
 * Retries are counted per job in the process running it (a restart starts counting again).
 */
import type { JobError } from '../store/index.js';

/** Defaults of the storage-full retries. */
export const STORAGE_RETRY_DEFAULTS = Object.freeze({
  /**
   * Freeing disk space takes an operator: the wait doubles from the first delay up to
   * maxStorageRetryDelayMs, so 20 retries span about an hour with the default 2 s delay.
   */
  maxStorageRetries: 20,
  maxStorageRetryDelayMs: 300_000,
});

/** The error a job fails with once the storage stayed full through its retries. */
export const STORAGE_FULL_JOB_ERROR: Readonly<JobError> = Object.freeze({
  code: 'storage_full',
  message: "The server's storage stayed full, so the fine-tuned model could not be saved: create the job again later.",
});

/** The next retry of a job after a full storage: its number (from 1) and the wait before it. */
export interface StorageRetry {
  retry: number;
  delayMs: number;
}

/** Counts each job's storage-full retries and says when the job has had them all. */
export class StorageRetries {
  readonly #counts = new Map<string, number>();
  readonly #maxRetries: number;
  readonly #firstDelayMs: number;

  /** `maxRetries` retries per job; the first waits `firstDelayMs`, each next one twice as long. */
  constructor(maxRetries: number = STORAGE_RETRY_DEFAULTS.maxStorageRetries, firstDelayMs: number) {
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new RangeError('maxStorageRetries must be a non-negative integer');
    }
    this.#maxRetries = maxRetries;
    this.#firstDelayMs = firstDelayMs;
  }

  /**
   * Counts one more full storage for `jobId`: the retry to make, or undefined when the job has had
   * maxRetries of them (it fails with STORAGE_FULL_JOB_ERROR; its count is forgotten).
   */
  next(jobId: string): StorageRetry | undefined {
    const retry = (this.#counts.get(jobId) ?? 0) + 1;
    if (retry > this.#maxRetries) {
      this.#counts.delete(jobId);
      return undefined;
    }
    this.#counts.set(jobId, retry);
    const delayMs = Math.min(this.#firstDelayMs * 2 ** (retry - 1), STORAGE_RETRY_DEFAULTS.maxStorageRetryDelayMs);
    return { retry, delayMs };
  }

  /** Retries of `jobId` so far. */
  count(jobId: string): number {
    return this.#counts.get(jobId) ?? 0;
  }

  /** Forgets `jobId`: its run settled (succeeded, failed, cancelled). */
  settled(jobId: string): void {
    this.#counts.delete(jobId);
  }
}
