/**
 * The jobs part of the store contract (../contract.ts): what both dialects' repositories offer,
 * asynchronously; SQLite's synchronous repository is adapted to it by ../sqlite/sqlite-styler-store.ts.
 */
import type { NewModel } from '../models/index.js';
import type { Page, PageQuery } from '../shared/page.js';
import type { CancelResult, JobError, JobRecord, NewJob } from './records.js';

/** Outcome of creating a job: the job, or the first training file this organization does not own. */
export type CreateJobResult = { job: JobRecord } | { missingFileId: string };

/** Fine-tuning jobs. Every status change is conditional, so two writers never both win. */
export interface JobsStore {
  /** A queued job, if every training file exists in its organization (one transaction). */
  create(job: NewJob): Promise<CreateJobResult>;
  get(organizationId: string, id: string): Promise<JobRecord | undefined>;
  getById(id: string): Promise<JobRecord | undefined>;
  list(organizationId: string, query: PageQuery): Promise<Page<JobRecord> | undefined>;
  cancel(organizationId: string, id: string): Promise<CancelResult>;
  /**
   * Moves the oldest queued job to running and returns it; undefined when none waits. With a
   * `lease`, only that lease may fail or complete it from then on (a result that comes back after
   * the job was put back in the queue and claimed again is refused).
   */
  claimNextQueued(lease?: string): Promise<JobRecord | undefined>;
  /**
   * Moves a queued job to running and returns it; undefined when it is no longer queued. With a
   * `lease` (a job queue's delivery of the job), a job still running under another lease (a worker
   * that died) is taken over too — with `staleBefore` (seconds), only when that lease's last
   * heartbeat is older, or when it is an earlier attempt of the same delivery (leases are
   * `<delivery>:<attempt>`; a queue retries a delivery only once its attempt ended) — and only this
   * lease may fail or complete it from then on.
   */
  claim(id: string, lease?: string, staleBefore?: number): Promise<JobRecord | undefined>;
  /**
   * Records that the holder of `lease` is alive and still running job `id` (its heartbeat); false
   * when the job is no longer running under that lease (cancelled, finished, taken over).
   */
  heartbeat(id: string, lease: string): Promise<boolean>;
  /**
   * Jobs running under a lease whose last heartbeat (or start) is before `staleBefore` (seconds):
   * their worker is gone. Each goes back to the queue (with a queue message, where the store has
   * a job queue: jobs/postgres.ts) and its id is returned.
   */
  requeueStale(staleBefore: number): Promise<string[]>;
  /** A running job back to queued; `refundAttempt` when it never really ran. */
  requeue(id: string, refundAttempt?: boolean): Promise<boolean>;
  /** Start-up recovery of a single process: every running job back to the queue. */
  requeueAllRunning(): Promise<number>;
  /** Marks the job failed if still in `from` (under `lease`, when given); false when it moved on (e.g. cancelled). */
  fail(id: string, error: JobError, from?: 'running' | 'queued', lease?: string): Promise<boolean>;
  /**
   * Marks a running job succeeded and stores its model, both or neither; false when no longer
   * running (or, with `lease`, running under another lease).
   */
  complete(jobId: string, model: Omit<NewModel, 'jobId'>, lease?: string): Promise<boolean>;
}
