/**
 * The port between the one job worker (job-worker.ts) and a queue that hands it jobs: the SQLite
 * table poller (sqlite-job-runner.ts) or pg-boss (pg-boss-job-runner.ts). A queue decides when a job
 * is claimed and under which lease, and what a retry's wait means on it; the worker runs the job and
 * settles it, the same way over either.
 */
import type { JobRecord } from '../store/index.js';

/** A job a queue claimed (moved to running) under `lease`: only that lease may settle it. */
export interface ClaimedJob {
  job: JobRecord;
  lease: string;
}

/**
 * How the worker's run of a job ended, for the queue to act on:
 * - `settled`: succeeded, failed, cancelled, discarded or taken over: nothing more to do;
 * - `retry`: back in the queue with its attempt refunded (the pool full, the database away, the
 *   storage full), to run again after `delayMs` (the queue may wait its own backoff instead);
 * - `stopped`: the worker stopped during the run, and the job is the queue's to hand out again.
 */
export type RunEnd = { kind: 'settled' } | { kind: 'retry'; delayMs: number } | { kind: 'stopped' };

/** Runs a claimed job to its end (the worker). It rejects only when the end could not be recorded at all. */
export type RunClaimedJob = (claimed: ClaimedJob) => Promise<RunEnd>;

/** A queue of fine-tuning jobs, as the worker sees it. */
export interface JobQueue {
  /**
   * What stopped a job when it has been started more often than the worker allows, in its
   * `interrupted` error (e.g. "the service stopped while it ran").
   */
  readonly interruption: string;
  /**
   * How often a running job's lease records a heartbeat, in ms; undefined when no other worker
   * could take a job over (one process owns the queue), so no heartbeat is needed.
   */
  readonly heartbeatMs: number | undefined;
  /** Starts claiming jobs, at most the configured concurrency at once, and hands each to `run`. */
  start(run: RunClaimedJob): Promise<void>;
  /**
   * Stops claiming. Called once the worker has aborted its fits; jobs whose runs it still holds go
   * back to the queue, now or when the queue hands them out again.
   */
  stop(): Promise<void>;
  /** A job was queued in this process: claim it if a slot is free. */
  notify(): void;
  /** A store call of the worker failed with `error` (a queue may judge heartbeats by outages). */
  storeFailed(error: unknown): void;
}
