/**
 * The store contract over PostgreSQL (node-postgres pool), for several API and worker processes on
 * several machines: every row and every byte (uploads and their text in `file_contents`) lives in the
 * database, nothing on a local disk. Multi-statement changes run in one transaction; status changes
 * are conditional updates, as in SQLite mode; the oldest queued job is claimed with
 * FOR UPDATE SKIP LOCKED so two workers never take the same one.
 */
import pg from 'pg';
import type { CreateJobResult, StylerStore } from '../contract.js';
import { asStorageFull } from '../storage-full.js';
import { nowSeconds, randomId } from '../ids.js';
import { pageOf, pageSql, planPage, type Page, type PageQuery } from '../page.js';
import {
  checkKey,
  checkName,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  KEY_COLUMNS,
  keyInfoOf,
  principalOfKeyRow,
  type ApiKeyInfo,
  type KeyRow,
} from '../tenancy/index.js';
import { FILE_COLUMNS, fileRecordOf, type FileDeleteResult, type FileRow } from '../files/index.js';
import {
  JOB_COLUMNS,
  jobRecordOf,
  newJobValues,
  type CancelResult,
  type JobRecord,
  type JobRow,
} from '../jobs/index.js';
import { MODEL_COLUMNS, modelRecordOf, type ModelRow } from '../models/index.js';
import { migratePostgres } from './migrations.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** BIGINT (int8) and BIGSERIAL come back as numbers: ours are seconds, sizes and sequence numbers. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** What openPostgresStore accepts besides the URL. */
export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** How long to wait for a connection before failing (default 5 s). */
  connectionTimeoutMs?: number;
}

/**
 * A connection the server drops (a restart, an outage) must not crash the process: the pool's
 * idle connections report it on the pool, a checked-out one on the client itself, and an 'error'
 * event without a listener is thrown. The query running on it fails on its own, and the next one
 * reconnects, so both are only listened to.
 */
export function keepAliveThroughOutages(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/**
 * Connects to `url` (postgres://…), migrates the schema (once, whoever starts first) and returns the
 * store. Rejects with the connection error when the database cannot be reached.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStylerStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    types: TYPES,
  });
  keepAliveThroughOutages(pool);
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new PostgresStylerStore(pool);
}

/** Runs `work` in one transaction on one pooled connection. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The row of `table` with `key` = `value` in the organization, or undefined. */
async function scopedRow<Row extends pg.QueryResultRow>(
  db: Queryable,
  table: string,
  columns: string,
  key: string,
  organizationId: string,
  value: string,
): Promise<Row | undefined> {
  const result = await db.query<Row>(`SELECT ${columns} FROM ${table} WHERE organization_id = $1 AND ${key} = $2`, [
    organizationId,
    value,
  ]);
  return result.rows[0];
}

/** One page of `table` for an organization (page.ts: the same SQL and arithmetic as in SQLite mode). */
async function readPage<Row extends pg.QueryResultRow, T>(
  db: Queryable,
  table: string,
  columns: string,
  key: string,
  organizationId: string,
  query: PageQuery,
  map: (row: Row) => T | Promise<T>,
): Promise<Page<T> | undefined> {
  const plan = planPage(query);
  const sql = pageSql(table, columns, key, (n) => `$${n}`);
  let { from } = plan;
  if (query.after !== undefined) {
    const cursor = await db.query<{ seq: number }>(sql.seq, [organizationId, query.after]);
    if (cursor.rows[0] === undefined) return undefined;
    from = cursor.rows[0].seq;
  }
  const rows = await db.query<Row>(plan.order === 'desc' ? sql.desc : sql.asc, [organizationId, from, plan.fetch]);
  const page = pageOf(rows.rows, query.limit);
  return { data: await Promise.all(page.rows.map(map)), hasMore: page.hasMore };
}

async function jobOf(db: Queryable, row: JobRow): Promise<JobRecord> {
  const files = await db.query<{ file_id: string }>(
    'SELECT file_id FROM job_training_files WHERE job_id = $1 ORDER BY position',
    [row.id],
  );
  return jobRecordOf(
    row,
    files.rows.map((file) => file.file_id),
  );
}

async function jobById(db: Queryable, id: string): Promise<JobRecord | undefined> {
  const row = (await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id])).rows[0];
  return row && jobOf(db, row);
}

/**
 * The id of a named row (an organization, a project in one), created when missing: the insert does
 * nothing when a concurrent transaction made it first, and the select finds whichever row exists.
 */
async function ensureRow(
  db: Queryable,
  insert: { sql: string; values: unknown[] },
  select: { sql: string; values: unknown[] },
): Promise<string> {
  await db.query(insert.sql, insert.values);
  const row = (await db.query<{ id: string }>(select.sql, select.values)).rows[0];
  if (row === undefined) throw new Error('row vanished after insert');
  return row.id;
}

/**
 * Puts a new job on the job queue inside the transaction that creates its row, so both commit or
 * neither does (set by the queue runner: ../../service/queue-runner.ts).
 */
export type JobEnqueuer = (client: pg.PoolClient, jobId: string) => Promise<void>;

export class PostgresStylerStore implements StylerStore {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  /** The job queue's enqueue step, if a queue is attached. */
  enqueueJob: JobEnqueuer | undefined;
  readonly tenancy: StylerStore['tenancy'];
  readonly files: StylerStore['files'];
  readonly jobs: StylerStore['jobs'];
  readonly models: StylerStore['models'];

  constructor(pool: pg.Pool) {
    this.pool = pool;
    const db = pool;

    const addKey = async (scope: { organization: string; project: string; key: string }): Promise<ApiKeyInfo> => {
      checkKey(scope.key);
      const organization = checkName(scope.organization, 'organization');
      const project = checkName(scope.project, 'project');
      const hash = hashApiKey(scope.key);
      return inTransaction(pool, async (client) => {
        const organizationId = await ensureRow(
          client,
          {
            sql: 'INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
            values: [randomId('org'), organization, nowSeconds()],
          },
          { sql: 'SELECT id FROM organizations WHERE name = $1', values: [organization] },
        );
        const projectId = await ensureRow(
          client,
          {
            sql: `INSERT INTO projects (id, organization_id, name, created_at) VALUES ($1, $2, $3, $4)
              ON CONFLICT (organization_id, name) DO NOTHING`,
            values: [randomId('proj'), organizationId, project, nowSeconds()],
          },
          {
            sql: 'SELECT id FROM projects WHERE organization_id = $1 AND name = $2',
            values: [organizationId, project],
          },
        );
        // An already registered key keeps its entry, wherever it belongs.
        await client.query(
          `INSERT INTO api_keys (id, project_id, key_hash, key_prefix, created_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (key_hash) DO NOTHING`,
          [randomId('key'), projectId, hash, displayPrefix(scope.key), nowSeconds()],
        );
        const row = (await client.query<KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.key_hash = $1`, [hash])).rows[0];
        return keyInfoOf(row as KeyRow);
      });
    };

    this.tenancy = {
      createKey: async (scope) => {
        const key = generateApiKey();
        return { key, info: await addKey({ ...scope, key }) };
      },
      addKey,
      authenticate: async (key) => {
        const hash = hashApiKey(key);
        const row = (await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.key_hash = $1`, [hash])).rows[0];
        return principalOfKeyRow(row, hash);
      },
      listKeys: async () =>
        (await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} ORDER BY o.name, p.name, k.created_at, k.id`)).rows.map(
          keyInfoOf,
        ),
      revokeKey: async (id) =>
        (await db.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [nowSeconds(), id]))
          .rowCount === 1,
      countKeys: async () => (await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys')).rows[0]?.n ?? 0,
    };

    this.files = {
      create: async (record, upload, text) => {
        await inTransaction(pool, async (client) => {
          await client.query(`INSERT INTO files (${FILE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
            record.id,
            record.organizationId,
            record.projectId,
            record.filename,
            record.purpose,
            record.kind,
            record.bytes,
            record.textChars,
            record.documentCount,
            record.createdAt,
          ]);
          await client.query('INSERT INTO file_contents (file_id, upload, text) VALUES ($1, $2, $3)', [
            record.id,
            Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength),
            text,
          ]);
        }).catch((error: unknown) => {
          throw asStorageFull(error);
        });
      },
      get: async (organizationId, id) => {
        const row = await scopedRow<FileRow>(db, 'files', FILE_COLUMNS, 'id', organizationId, id);
        return row && fileRecordOf(row);
      },
      list: (organizationId, query) => readPage(db, 'files', FILE_COLUMNS, 'id', organizationId, query, fileRecordOf),
      readText: async (id) => {
        const row = (await db.query<{ text: string }>('SELECT text FROM file_contents WHERE file_id = $1', [id]))
          .rows[0];
        if (row === undefined) throw Object.assign(new Error(`no content for file ${id}`), { code: 'ENOENT' });
        return row.text;
      },
      readUpload: async (id) => {
        const row = (await db.query<{ upload: Buffer }>('SELECT upload FROM file_contents WHERE file_id = $1', [id]))
          .rows[0];
        if (row === undefined) throw Object.assign(new Error(`no content for file ${id}`), { code: 'ENOENT' });
        return row.upload;
      },
      delete: (organizationId, id) =>
        inTransaction(pool, async (client): Promise<FileDeleteResult> => {
          const file = await client.query('SELECT 1 FROM files WHERE organization_id = $1 AND id = $2 FOR UPDATE', [
            organizationId,
            id,
          ]);
          if (file.rowCount === 0) return 'not_found';
          const uses = await client.query(
            `SELECT 1 FROM job_training_files t JOIN jobs j ON j.id = t.job_id
              WHERE t.file_id = $1 AND j.status IN ('queued', 'running') LIMIT 1`,
            [id],
          );
          if ((uses.rowCount ?? 0) > 0) return 'in_use';
          await client.query('DELETE FROM files WHERE organization_id = $1 AND id = $2', [organizationId, id]);
          return 'deleted';
        }),
    };

    this.jobs = {
      create: (job) =>
        inTransaction(pool, async (client): Promise<CreateJobResult> => {
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
          await this.enqueueJob?.(client, job.id);
          return { job: (await jobById(client, job.id)) as JobRecord };
        }),
      get: async (organizationId, id) => {
        const row = await scopedRow<JobRow>(db, 'jobs', JOB_COLUMNS, 'id', organizationId, id);
        return row && jobOf(db, row);
      },
      getById: (id) => jobById(db, id),
      list: (organizationId, query) =>
        readPage<JobRow, JobRecord>(db, 'jobs', JOB_COLUMNS, 'id', organizationId, query, (row) => jobOf(db, row)),
      cancel: async (organizationId, id): Promise<CancelResult> => {
        const owned = await db.query('SELECT 1 FROM jobs WHERE organization_id = $1 AND id = $2', [organizationId, id]);
        if (owned.rowCount === 0) return { problem: 'not_found' };
        const changed = await db.query(
          `UPDATE jobs SET status = 'cancelled', finished_at = $1 WHERE id = $2 AND status IN ('queued', 'running')`,
          [nowSeconds(), id],
        );
        if (changed.rowCount === 0) return { problem: 'not_cancellable' };
        return { job: (await jobById(db, id)) as JobRecord };
      },
      claimNextQueued: async () => {
        const row = (
          await db.query<{ id: string }>(
            `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1
              WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
              RETURNING id`,
            [nowSeconds()],
          )
        ).rows[0];
        return row && jobById(db, row.id);
      },
      claim: async (id, lease, staleBefore) => {
        const changed = await db.query(
          lease === undefined
            ? `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1,
                lease = NULL WHERE id = $2 AND status = 'queued'`
            : `UPDATE jobs SET status = 'running', started_at = $1, heartbeat_at = $1, attempts = attempts + 1,
                lease = $3
                WHERE id = $2 AND (status = 'queued' OR (status = 'running' AND lease IS DISTINCT FROM $3
                  AND ($4::bigint IS NULL OR COALESCE(heartbeat_at, started_at) < $4
                    OR split_part(lease, ':', 1) = split_part($3, ':', 1))))`,
          lease === undefined ? [nowSeconds(), id] : [nowSeconds(), id, lease, staleBefore ?? null],
        );
        return changed.rowCount === 1 ? jobById(db, id) : undefined;
      },
      heartbeat: async (id, lease) =>
        (
          await db.query(`UPDATE jobs SET heartbeat_at = $1 WHERE id = $2 AND status = 'running' AND lease = $3`, [
            nowSeconds(),
            id,
            lease,
          ])
        ).rowCount === 1,
      requeueStale: (staleBefore) =>
        inTransaction(pool, async (client) => {
          const stale = await client.query<{ id: string }>(
            `UPDATE jobs SET status = 'queued', started_at = NULL, lease = NULL
              WHERE status = 'running' AND lease IS NOT NULL AND COALESCE(heartbeat_at, started_at) < $1
              RETURNING id`,
            [staleBefore],
          );
          // Queued again with a message of its own, in the same transaction: never a queued job without one.
          for (const { id } of stale.rows) await this.enqueueJob?.(client, id);
          return stale.rows.map((row) => row.id);
        }),
      requeue: async (id, refundAttempt = false) =>
        (
          await db.query(
            `UPDATE jobs SET status = 'queued', started_at = NULL, attempts = attempts - $1
              WHERE id = $2 AND status = 'running'`,
            [refundAttempt ? 1 : 0, id],
          )
        ).rowCount === 1,
      requeueAllRunning: async () =>
        (await db.query(`UPDATE jobs SET status = 'queued', started_at = NULL WHERE status = 'running'`)).rowCount ?? 0,
      fail: async (id, error, from = 'running', lease) =>
        (
          await db.query(
            `UPDATE jobs SET status = 'failed', error_code = $1, error_message = $2, finished_at = $3
              WHERE id = $4 AND status = $5 AND ($6::text IS NULL OR lease = $6)`,
            [error.code, error.message, nowSeconds(), id, from, lease ?? null],
          )
        ).rowCount === 1,
      complete: (jobId, model, lease) =>
        inTransaction(pool, async (client) => {
          const done = await client.query(
            `UPDATE jobs SET status = 'succeeded', fine_tuned_model = $1, finished_at = $2
              WHERE id = $3 AND status = 'running' AND ($4::text IS NULL OR lease = $4)`,
            [model.name, nowSeconds(), jobId, lease ?? null],
          );
          if (done.rowCount !== 1) return false;
          await client.query(
            `INSERT INTO models (name, organization_id, job_id, style_model, model_json, summary_json, created_at)
              VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [
              model.name,
              model.organizationId,
              jobId,
              model.styleModel,
              model.modelJson,
              model.summaryJson,
              nowSeconds(),
            ],
          );
          return true;
        }),
    };

    this.models = {
      get: async (organizationId, name) => {
        const row = await scopedRow<ModelRow>(db, 'models', MODEL_COLUMNS, 'name', organizationId, name);
        return row && modelRecordOf(row);
      },
      getModelJson: async (organizationId, name) =>
        (
          await db.query<{ model_json: string }>(
            'SELECT model_json FROM models WHERE organization_id = $1 AND name = $2',
            [organizationId, name],
          )
        ).rows[0]?.model_json,
      list: (organizationId, query) =>
        readPage(db, 'models', MODEL_COLUMNS, 'name', organizationId, query, modelRecordOf),
      delete: async (organizationId, name) =>
        (await db.query('DELETE FROM models WHERE organization_id = $1 AND name = $2', [organizationId, name]))
          .rowCount === 1,
    };
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Other processes share the database: there is nothing one process may clean up alone. */
  async prepareForServing(): Promise<void> {}

  async close(): Promise<void> {
    await this.pool.end();
  }
}
