/**
 * Fine-tuning jobs in PostgreSQL, for several API and worker processes: status changes are
 * conditional updates, as in SQLite mode; the oldest queued job is claimed with FOR UPDATE SKIP
 * LOCKED so two workers never take the same one; a job queued (created, or requeued when its worker
 * stopped) gets its queue message in the same transaction as its row.
 */
import type pg from 'pg';
import type { CreateJobResult, JobsStore } from './contract.js';
import { nowSeconds } from '../shared/ids.js';
import { insertModel, type NewModel } from '../models/index.js';
import type { Page, PageQuery } from '../shared/page.js';
import { inTransaction, readPage, scopedRow, type Queryable } from '../shared/postgres-queries.js';
import {
  JOB_COLUMNS,
  jobRecordOf,
  newJobValues,
  type CancelResult,
  type JobError,
  type JobRecord,
  type JobRow,
  type NewJob,
} from './records.js';

/**
 * The job queue a PostgreSQL store puts its queued jobs on (the pg-boss queue runner,
 * ../../jobs/pg-boss-job-runner.ts). `enqueue` sends job `jobId`'s message on `client`, the transaction
 * that creates or requeues the job's row, so both commit or neither does.
 */
export interface JobMessageQueue {
  enqueue(client: Queryable, jobId: string): Promise<void>;
}

/** Where the job queue keeps its messages: the schema of pg-boss's tables (a trusted name) and the queue. */
export interface QueueMessages {
  schema: string;
  queue: string;
}

/** The job and its training files, in order. */
async function jobOf(db: Queryable, row: JobRow): Promise<JobRecord> {
  const sql = 'SELECT file_id FROM job_training_files WHERE job_id = $1 ORDER BY position';
  const files = await db.query<{ file_id: string }>(sql, [row.id]);
  return jobRecordOf(
    row,
    files.rows.map((file) => file.file_id),
  );
}

async function jobById(db: Queryable, id: string): Promise<JobRecord | undefined> {
  const row = (await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id])).rows[0];
  return row && jobOf(db, row);
}

/** The jobs and job_training_files tables over a node-postgres pool; queued jobs go on `queue`, if given. */
export class PostgresJobsRepository implements JobsStore {
  readonly #pool: pg.Pool;
  readonly #queue: JobMessageQueue | undefined;

  constructor(pool: pg.Pool, queue?: JobMessageQueue) {
    this.#pool = pool;
    this.#queue = queue;
  }

  create(job: NewJob): Promise<CreateJobResult> {
    return inTransaction(this.#pool, async (client): Promise<CreateJobResult> => {
      // FOR SHARE: a file cannot be deleted between this check and the commit.
      for (const fileId of job.trainingFiles) {
        const found = await client.query('SELECT 1 FROM files WHERE organization_id = $1 AND id = $2 FOR SHARE', [
          job.organizationId,
          fileId,
        ]);
        if (found.rowCount === 0) return { missingFileId: fileId };
      }
      await client.query(
        `INSERT INTO jobs (id, organization_id, project_id, style_model, base_model, suffix, match_output_length,
          status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8)`,
        newJobValues(job),
      );
      for (const [position, fileId] of job.trainingFiles.entries()) {
        await client.query('INSERT INTO job_training_files (job_id, position, file_id) VALUES ($1, $2, $3)', [
          job.id,
          position,
          fileId,
        ]);
      }
      await this.#queue?.enqueue(client, job.id);
      return { job: (await jobById(client, job.id)) as JobRecord };
    });
  }

  async get(organizationId: string, id: string): Promise<JobRecord | undefined> {
    const row = await scopedRow<JobRow>(this.#pool, 'jobs', JOB_COLUMNS, 'id', organizationId, id);
    return row && jobOf(this.#pool, row);
  }

  getById(id: string): Promise<JobRecord | undefined> {
    return jobById(this.#pool, id);
  }

  list(organizationId: string, query: PageQuery): Promise<Page<JobRecord> | undefined> {
    return readPage<JobRow, JobRecord>(this.#pool, 'jobs', JOB_COLUMNS, 'id', organizationId, query, (row) =>
      jobOf(this.#pool, row),
    );
  }

  async cancel(organizationId: string, id: string): Promise<CancelResult> {
    const db = this.#pool;
    const owned = await db.query('SELECT 1 FROM jobs WHERE organization_id = $1 AND id = $2', [organizationId, id]);
    if (owned.rowCount === 0) return { problem: 'not_found' };
    const changed = await db.query(
      `UPDATE jobs SET status = 'cancelled', finished_at = $1 WHERE id = $2 AND status IN ('queued', 'running')`,
      [nowSeconds(), id],
    );
    if (changed.rowCount === 0) return { problem: 'not_cancellable' };
    return { job: (await jobById(db, id)) as JobRecord };
  }

  async claimNextQueued(lease?: string): Promise<JobRecord | undefined> {
    const row = (
      await this.#pool.query<{ id: string }>(
        `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1,
            attempt_starts = (attempt_starts::jsonb || jsonb_build_array(jsonb_build_array($1::bigint, attempts + 1)))::text,
            lease = $2::text
          WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        [nowSeconds(), lease ?? null],
      )
    ).rows[0];
    return row && jobById(this.#pool, row.id);
  }

  async claim(id: string, lease?: string, staleBefore?: number): Promise<JobRecord | undefined> {
    const changed = await this.#pool.query(
      lease === undefined
        ? `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1,
            attempt_starts = (attempt_starts::jsonb || jsonb_build_array(jsonb_build_array($1::bigint, attempts + 1)))::text,
            lease = NULL WHERE id = $2 AND status = 'queued'`
        : `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1,
            attempt_starts = (attempt_starts::jsonb || jsonb_build_array(jsonb_build_array($1::bigint, attempts + 1)))::text,
            lease = $3
            WHERE id = $2 AND (status = 'queued' OR (status = 'running' AND lease IS DISTINCT FROM $3
              AND ($4::bigint IS NULL OR COALESCE(heartbeat_at, started_at) < $4
                OR split_part(lease, ':', 1) = split_part($3, ':', 1))))`,
      lease === undefined ? [nowSeconds(), id] : [nowSeconds(), id, lease, staleBefore ?? null],
    );
    return changed.rowCount === 1 ? jobById(this.#pool, id) : undefined;
  }

  async heartbeat(id: string, lease: string): Promise<boolean> {
    const sql = `UPDATE jobs SET heartbeat_at = $1 WHERE id = $2 AND status = 'running' AND lease = $3`;
    return (await this.#pool.query(sql, [nowSeconds(), id, lease])).rowCount === 1;
  }

  requeueStale(staleBefore: number): Promise<string[]> {
    return inTransaction(this.#pool, async (client) => {
      const stale = await client.query<{ id: string }>(
        `UPDATE jobs SET status = 'queued', started_at = NULL, lease = NULL
          WHERE status = 'running' AND lease IS NOT NULL AND COALESCE(heartbeat_at, started_at) < $1
          RETURNING id`,
        [staleBefore],
      );
      // Queued again with a message of its own, in the same transaction: never a queued job without one.
      for (const { id } of stale.rows) await this.#queue?.enqueue(client, id);
      return stale.rows.map((row) => row.id);
    });
  }

  async requeue(id: string, refundAttempt = false): Promise<boolean> {
    const sql = `UPDATE jobs SET status = 'queued', started_at = NULL, attempts = attempts - $1
      WHERE id = $2 AND status = 'running'`;
    return (await this.#pool.query(sql, [refundAttempt ? 1 : 0, id])).rowCount === 1;
  }

  async requeueAllRunning(): Promise<number> {
    const sql = `UPDATE jobs SET status = 'queued', started_at = NULL WHERE status = 'running'`;
    return (await this.#pool.query(sql)).rowCount ?? 0;
  }

  /**
   * Queued jobs created before `createdBefore` (seconds) with no pending message on the job queue:
   * none waiting to be delivered or retried (pg-boss's states below 'active') and none delivered since
   * `createdBefore`. The queue runner's sweep sends each a message (../../jobs/pg-boss-job-runner.ts).
   */
  async listQueuedWithoutMessage(createdBefore: number, messages: QueueMessages): Promise<string[]> {
    const result = await this.#pool.query<{ id: string }>(
      `SELECT j.id FROM jobs j WHERE j.status = 'queued' AND j.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM ${messages.schema}.job q
          WHERE q.name = $2 AND q.data->>'jobId' = j.id
            AND (q.state < 'active' OR (q.state = 'active' AND q.started_on > to_timestamp($1))))
        ORDER BY j.seq`,
      [createdBefore, messages.queue],
    );
    return result.rows.map((row) => row.id);
  }

  async fail(id: string, error: JobError, from: 'running' | 'queued' = 'running', lease?: string): Promise<boolean> {
    const sql = `UPDATE jobs SET status = 'failed', error_code = $1, error_message = $2, finished_at = $3
      WHERE id = $4 AND status = $5 AND ($6::text IS NULL OR lease = $6)`;
    const values = [error.code, error.message, nowSeconds(), id, from, lease ?? null];
    return (await this.#pool.query(sql, values)).rowCount === 1;
  }

  /** Marks the job succeeded and stores its model (models/postgres.ts), both or neither. */
  complete(jobId: string, model: Omit<NewModel, 'jobId'>, lease?: string): Promise<boolean> {
    return inTransaction(this.#pool, async (client) => {
      const done = await client.query(
        `UPDATE jobs SET status = 'succeeded', fine_tuned_model = $1, finished_at = $2
          WHERE id = $3 AND status = 'running' AND ($4::text IS NULL OR lease = $4)`,
        [model.name, nowSeconds(), jobId, lease ?? null],
      );
      if (done.rowCount !== 1) return false;
      await insertModel(client, { ...model, jobId });
      return true;
    });
  }
}
