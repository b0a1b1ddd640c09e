/**
 * The SQLite schema's migrations: an ordered list of versions, each applied once, in its own
 * transaction, and recorded in `schema_migrations` (the loop: ../shared/migration-runner.ts). Never edit a
 * released migration; add the next version instead (and its PostgreSQL twin: ../postgres/migrations.ts).
 */
import type { Database } from 'better-sqlite3';
import { bookkeepingSql, runMigrations, type Migration } from '../shared/migration-runner.js';

export type { Migration } from '../shared/migration-runner.js';

export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: 'tenancy, files, jobs, models',
    sql: `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (organization_id, name)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id),
        key_hash BLOB NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE TABLE files (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        project_id TEXT NOT NULL REFERENCES projects(id),
        filename TEXT NOT NULL,
        purpose TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('txt', 'docx')),
        bytes INTEGER NOT NULL,
        text_chars INTEGER NOT NULL,
        document_count INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX files_by_organization ON files (organization_id, seq);
      CREATE TABLE jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
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
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER
      );
      CREATE INDEX jobs_by_organization ON jobs (organization_id, seq);
      CREATE INDEX jobs_by_status ON jobs (status, seq);
      -- No foreign key to files: a finished job keeps listing its training files after they are deleted.
      CREATE TABLE job_training_files (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        file_id TEXT NOT NULL,
        PRIMARY KEY (job_id, position)
      );
      CREATE INDEX job_training_files_by_file ON job_training_files (file_id);
      CREATE TABLE models (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        job_id TEXT NOT NULL REFERENCES jobs(id),
        style_model TEXT NOT NULL,
        model_json TEXT NOT NULL,
        summary_json TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX models_by_organization ON models (organization_id, seq);
    `,
  },
  {
    version: 2,
    name: 'job leases',
    // The delivery of the job queue that runs a job (PostgreSQL mode): only its holder may finish it.
    sql: `ALTER TABLE jobs ADD COLUMN lease TEXT;`,
  },
  {
    version: 3,
    name: 'job heartbeats',
    // When the holder of a job's lease last said it was alive (PostgreSQL mode): a job whose
    // heartbeat stops is given to another worker long before its lease would expire.
    sql: `ALTER TABLE jobs ADD COLUMN heartbeat_at INTEGER;`,
  },
  {
    version: 4,
    name: 'job attempt starts',
    // Every start of a job, [unix seconds, attempt] as JSON: started_at keeps only the last, and a
    // job's events list each start (a takeover's included).
    sql: `ALTER TABLE jobs ADD COLUMN attempt_starts TEXT NOT NULL DEFAULT '[]';`,
  },
]);

const BOOKKEEPING = bookkeepingSql('INTEGER', () => '?');

/**
 * Applies every migration newer than the database's latest recorded version, in order.
 * Returns the versions applied (empty when the schema was current). Throws RangeError when the
 * database is newer than this code (a downgrade), so old code never writes to a newer schema.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  return runMigrations(
    {
      currentVersion: () => {
        db.exec(BOOKKEEPING.create);
        return (db.prepare(BOOKKEEPING.currentVersion).get() as { version: number }).version;
      },
      apply: (migration, appliedAt) =>
        db
          .transaction(() => {
            db.exec(migration.sql);
            db.prepare(BOOKKEEPING.record).run(migration.version, migration.name, appliedAt);
          })
          .immediate(),
    },
    migrations,
  );
}
