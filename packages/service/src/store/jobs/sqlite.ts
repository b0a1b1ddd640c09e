/** Fine-tuning jobs and the files each trains on. Status changes are conditional updates, so two writers never both win. */
import type { SqliteDatabase } from '../shared/sqlite-database.js';
import { nowSeconds } from '../shared/ids.js';
import { preparePageStatements, readPage, type Page, type PageQuery } from '../shared/page.js';
import type { ModelsRepository, NewModel } from '../models/index.js';
import type { CreateJobResult } from './contract.js';
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
 * Repository of the `jobs` and `job_training_files` tables. It creates a job (checking its training
 * files) and completes one (storing its model through `models`) in one transaction each, as
 * PostgreSQL's (postgres.ts) does.
 */
export class JobsRepository {
  readonly #db: SqliteDatabase;
  readonly #models: ModelsRepository;
  readonly #statements;

  constructor(db: SqliteDatabase, models: ModelsRepository) {
    this.#db = db;
    this.#models = models;
    this.#statements = {
      ownedFile: db.prepare<[string, string], unknown>('SELECT 1 FROM files WHERE organization_id = ? AND id = ?'),
      insert: db.prepare(
        `INSERT INTO jobs (id, organization_id, project_id, style_model, base_model, suffix, match_output_length,
          status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?)`,
      ),
      insertFile: db.prepare('INSERT INTO job_training_files (job_id, position, file_id) VALUES (?, ?, ?)'),
      files: db
        .prepare<[string], string>('SELECT file_id FROM job_training_files WHERE job_id = ? ORDER BY position')
        .pluck(),
      get: db.prepare<[string, string], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE organization_id = ? AND id = ?`),
      getAny: db.prepare<[string], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`),
      page: preparePageStatements<JobRow>(db, 'jobs', JOB_COLUMNS, 'id'),
      nextQueued: db.prepare<[], JobRow>(
        `SELECT ${JOB_COLUMNS} FROM jobs WHERE status = 'queued' ORDER BY seq LIMIT 1`,
      ),
      start: db.prepare(
        `UPDATE jobs SET status = 'running', started_at = @now, heartbeat_at = @now, attempts = attempts + 1,
          attempt_starts = json_insert(attempt_starts, '$[#]', json_array(@now, attempts + 1)),
          lease = @lease WHERE id = @id AND status = 'queued'`,
      ),
      startLeased: db.prepare(
        `UPDATE jobs SET status = 'running', started_at = @now, heartbeat_at = @now, attempts = attempts + 1,
          attempt_starts = json_insert(attempt_starts, '$[#]', json_array(@now, attempts + 1)),
          lease = @lease
          WHERE id = @id AND (status = 'queued' OR (status = 'running' AND lease IS NOT @lease
            AND (@staleBefore IS NULL OR COALESCE(heartbeat_at, started_at) < @staleBefore
              OR substr(lease, 1, instr(lease, ':')) = substr(@lease, 1, instr(@lease, ':')))))`,
      ),
      heartbeat: db.prepare(`UPDATE jobs SET heartbeat_at = ? WHERE id = ? AND status = 'running' AND lease = ?`),
      requeueStale: db.prepare(
        `UPDATE jobs SET status = 'queued', started_at = NULL, lease = NULL
          WHERE status = 'running' AND lease IS NOT NULL AND COALESCE(heartbeat_at, started_at) < ? RETURNING id`,
      ),
      cancel: db.prepare(
        `UPDATE jobs SET status = 'cancelled', finished_at = ? WHERE id = ? AND status IN ('queued', 'running')`,
      ),
      requeue: db.prepare(
        `UPDATE jobs SET status = 'queued', started_at = NULL, attempts = attempts - ? WHERE id = ? AND status = 'running'`,
      ),
      requeueAllRunning: db.prepare(`UPDATE jobs SET status = 'queued', started_at = NULL WHERE status = 'running'`),
      fail: db.prepare(
        `UPDATE jobs SET status = 'failed', error_code = ?, error_message = ?, finished_at = ?
          WHERE id = ? AND status = ? AND (? IS NULL OR lease = ?)`,
      ),
      succeed: db.prepare(
        `UPDATE jobs SET status = 'succeeded', fine_tuned_model = ?, finished_at = ?
          WHERE id = ? AND status = 'running' AND (? IS NULL OR lease = ?)`,
      ),
    };
  }

  /** A queued job, if every training file exists in the job's organization (one transaction). */
  create(job: NewJob): CreateJobResult {
    return this.#db
      .transaction((): CreateJobResult => {
        const s = this.#statements;
        const missingFileId = job.trainingFiles.find((id) => s.ownedFile.get(job.organizationId, id) === undefined);
        if (missingFileId !== undefined) return { missingFileId };
        s.insert.run(...newJobValues(job));
        job.trainingFiles.forEach((fileId, position) => s.insertFile.run(job.id, position, fileId));
        return { job: this.#load(s.getAny.get(job.id) as JobRow) };
      })
      .immediate();
  }

  /** The job, or undefined when it does not exist or belongs to another organization. */
  get(organizationId: string, id: string): JobRecord | undefined {
    const row = this.#statements.get.get(organizationId, id);
    return row && this.#load(row);
  }

  /** The job by id alone, for the runner (which works for every organization). */
  getById(id: string): JobRecord | undefined {
    const row = this.#statements.getAny.get(id);
    return row && this.#load(row);
  }

  /** A page of the organization's jobs (default newest first); undefined when `after` is unknown. */
  list(organizationId: string, query: PageQuery): Page<JobRecord> | undefined {
    return readPage(this.#statements.page, organizationId, query, (row) => this.#load(row));
  }

  /** Cancels a queued or running job; a running job's result is discarded when it arrives. */
  cancel(organizationId: string, id: string): CancelResult {
    return this.#db
      .transaction((): CancelResult => {
        const row = this.#statements.get.get(organizationId, id);
        if (!row) return { problem: 'not_found' };
        if (this.#statements.cancel.run(nowSeconds(), id).changes === 0) return { problem: 'not_cancellable' };
        return { job: this.#load(this.#statements.getAny.get(id) as JobRow) };
      })
      .immediate();
  }

  /** Atomically moves the oldest queued job to running (under `lease`, if given) and returns it; undefined when none waits. */
  claimNextQueued(lease?: string): JobRecord | undefined {
    return this.#db
      .transaction(() => {
        const row = this.#statements.nextQueued.get();
        if (!row) return undefined;
        this.#statements.start.run({ now: nowSeconds(), id: row.id, lease: lease ?? null });
        return this.#load(this.#statements.getAny.get(row.id) as JobRow);
      })
      .immediate();
  }

  /** Moves queued job `id` to running and returns it; undefined when it is no longer queued. */
  claim(id: string, lease?: string, staleBefore?: number): JobRecord | undefined {
    return this.#db
      .transaction(() => {
        const changes =
          lease === undefined
            ? this.#statements.start.run({ now: nowSeconds(), id, lease: null }).changes
            : this.#statements.startLeased.run({ now: nowSeconds(), id, lease, staleBefore: staleBefore ?? null })
                .changes;
        if (changes === 0) return undefined;
        return this.#load(this.#statements.getAny.get(id) as JobRow);
      })
      .immediate();
  }

  /**
   * Puts a running job back in the queue. `refundAttempt` when the job never really ran (the pool
   * was full), so it does not count towards the attempt limit.
   */
  requeue(id: string, refundAttempt = false): boolean {
    return this.#statements.requeue.run(refundAttempt ? 1 : 0, id).changes === 1;
  }

  /** Records the heartbeat of `lease` on running job `id`; false when it no longer runs under that lease. */
  heartbeat(id: string, lease: string): boolean {
    return this.#statements.heartbeat.run(nowSeconds(), id, lease).changes === 1;
  }

  /** Jobs running under a lease whose heartbeat is older than `staleBefore` back to the queue; their ids. */
  requeueStale(staleBefore: number): string[] {
    return (this.#statements.requeueStale.all(staleBefore) as Array<{ id: string }>).map((row) => row.id);
  }

  /** Start-up recovery: jobs left running by a stopped process go back to the queue. Returns how many. */
  requeueAllRunning(): number {
    return this.#statements.requeueAllRunning.run().changes;
  }

  /** Marks a job failed if it is still in `from` status; false when it moved on (e.g. cancelled). */
  fail(id: string, error: JobError, from: 'running' | 'queued' = 'running', lease?: string): boolean {
    const held = lease ?? null;
    return this.#statements.fail.run(error.code, error.message, nowSeconds(), id, from, held, held).changes === 1;
  }

  /**
   * Records a finished fit: marks the job succeeded and stores its model, both or neither. False
   * (and nothing stored) when the job is no longer running, or runs under another lease than `lease`.
   */
  complete(jobId: string, model: Omit<NewModel, 'jobId'>, lease?: string): boolean {
    return this.#db
      .transaction(() => {
        const held = lease ?? null;
        if (this.#statements.succeed.run(model.name, nowSeconds(), jobId, held, held).changes !== 1) return false;
        this.#models.insert({ ...model, jobId });
        return true;
      })
      .immediate();
  }

  #load(row: JobRow): JobRecord {
    return jobRecordOf(row, this.#statements.files.all(row.id) as string[]);
  }
}
