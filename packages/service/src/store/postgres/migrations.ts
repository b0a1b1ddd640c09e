/**
 * The PostgreSQL schema: the same tables, keys and checks as the SQLite migrations (../sqlite/migrations.ts)
 * with the same version numbers, plus `file_contents` for what SQLite mode keeps on disk. The loop is
 * both stores' (../shared/migration-runner.ts), run here under a session advisory lock, so processes that
 * start together apply each version once and the others wait, then find it applied.
 */
import type { PoolClient } from 'pg';
import { bookkeepingSql, runMigrationsAsync, type Migration } from '../shared/migration-runner.js';

/** Key of the advisory lock held while migrating (any fixed 64-bit number private to Styler). */
export const MIGRATION_LOCK = 7_361_023_118;

export const POSTGRES_MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: 'tenancy, files, jobs, models',
    sql: `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        UNIQUE (organization_id, name)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id),
        key_hash BYTEA NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        revoked_at BIGINT
      );
      CREATE TABLE files (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        project_id TEXT NOT NULL REFERENCES projects(id),
        filename TEXT NOT NULL,
        purpose TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('txt', 'docx')),
        bytes BIGINT NOT NULL,
        text_chars BIGINT NOT NULL,
        document_count INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX files_by_organization ON files (organization_id, seq);
      -- The bytes SQLite mode writes to its blob directory; deleted with their file.
      CREATE TABLE file_contents (
        file_id TEXT PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
        upload BYTEA NOT NULL,
        text TEXT NOT NULL
      );
      CREATE TABLE jobs (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        project_id TEXT NOT NULL REFERENCES projects(id),
        style_model TEXT NOT NULL,
        base_model TEXT,
        suffix TEXT,
        match_output_length INTEGER NOT NULL CHECK (match_output_length IN (0, 1)),
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        fine_tuned_model TEXT,
        error_code TEXT,
        error_message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        finished_at BIGINT
      );
      CREATE INDEX jobs_by_organization ON jobs (organization_id, seq);
      CREATE INDEX jobs_by_status ON jobs (status, seq);
      CREATE TABLE job_training_files (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        file_id TEXT NOT NULL,
        PRIMARY KEY (job_id, position)
      );
      CREATE INDEX job_training_files_by_file ON job_training_files (file_id);
      CREATE TABLE models (
        seq BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        job_id TEXT NOT NULL REFERENCES jobs(id),
        style_model TEXT NOT NULL,
        model_json TEXT NOT NULL,
        summary_json TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX models_by_organization ON models (organization_id, seq);
    `,
  },
  {
    version: 2,
    name: 'job leases',
    sql: `ALTER TABLE jobs ADD COLUMN lease TEXT;`,
  },
  {
    version: 3,
    name: 'job heartbeats',
    // When the holder of a job's lease last said it was alive (PostgreSQL mode): a job whose
    // heartbeat stops is given to another worker long before its lease would expire.
    sql: `ALTER TABLE jobs ADD COLUMN heartbeat_at BIGINT;`,
  },
  {
    version: 4,
    name: 'job attempt starts',
    // Every start of a job, [unix seconds, attempt] as JSON: started_at keeps only the last, and a
    // job's events list each start (a takeover's included).
    sql: `ALTER TABLE jobs ADD COLUMN attempt_starts TEXT NOT NULL DEFAULT '[]';`,
  },
]);

const BOOKKEEPING = bookkeepingSql('BIGINT', (n) => `$${n}`);

/**
 * Applies every migration newer than the database's latest, each in its own transaction, all under
 * the advisory lock. Returns the versions applied. RangeError when the database is newer than this
 * code, as in SQLite mode.
 */
export async function migratePostgres(
  client: PoolClient,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    return await runMigrationsAsync(
      {
        currentVersion: async () => {
          await client.query(BOOKKEEPING.create);
          return (await client.query<{ version: number }>(BOOKKEEPING.currentVersion)).rows[0]?.version ?? 0;
        },
        apply: async (migration, appliedAt) => {
          await client.query('BEGIN');
          try {
            await client.query(migration.sql);
            await client.query(BOOKKEEPING.record, [migration.version, migration.name, appliedAt]);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        },
      },
      migrations,
    );
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
