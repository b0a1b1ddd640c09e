/**
 * The one migration loop of both stores: the versions recorded in `schema_migrations`, the newer ones
 * applied in order, each once and in its own transaction, and a database newer than this build
 * refused, so old code never writes to a newer schema. A dialect's adapter only reads the recorded
 * version and applies one migration in a transaction: SQLite's (../sqlite/migrations.ts) synchronously,
 * PostgreSQL's (../postgres/migrations.ts) asynchronously under an advisory lock. That is why the loop is
 * a generator naming each step, and two drivers run the steps, one without await and one with it.
 */
import { nowSeconds } from './ids.js';

/** One schema change. `version` values are consecutive integers starting at 1; never edit a released one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The bookkeeping table and its queries in a dialect: its integer type for seconds and its
 * placeholders (`placeholder(n)` for parameter n, 1-based, as in page.ts).
 */
export function bookkeepingSql(
  secondsType: 'INTEGER' | 'BIGINT',
  placeholder: (n: number) => string,
): { create: string; currentVersion: string; record: string } {
  return {
    create: `CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at ${secondsType} NOT NULL
    )`,
    currentVersion: 'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
    record: `INSERT INTO schema_migrations (version, name, applied_at)
      VALUES (${placeholder(1)}, ${placeholder(2)}, ${placeholder(3)})`,
  };
}

/** A value, or (in an asynchronous dialect) a promise of it. */
type Outcome<T, Mode extends 'sync' | 'async'> = Mode extends 'sync' ? T : Promise<T>;

/** What a dialect does for the loop. */
export interface MigrationAdapter<Mode extends 'sync' | 'async'> {
  /** The latest recorded version (0 for a new database), after creating the bookkeeping table if missing. */
  currentVersion(): Outcome<number, Mode>;
  /** Runs the migration's SQL and records it (bookkeepingSql's record) in one transaction: both or neither. */
  apply(migration: Migration, appliedAt: number): Outcome<void, Mode>;
}

/** A step the loop asks its driver to run. */
type MigrationStep = { kind: 'read version' } | { kind: 'apply'; migration: Migration; appliedAt: number };

/** The loop: asks for the recorded version (and is sent it), then for each newer migration in order; returns those applied. */
function* migrationLoop(migrations: readonly Migration[]): Generator<MigrationStep, number[], number | undefined> {
  const current = (yield { kind: 'read version' }) ?? 0;
  const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
  if (current > latest) {
    throw new RangeError(`database schema version ${current} is newer than this Styler (knows up to ${latest})`);
  }
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    yield { kind: 'apply', migration, appliedAt: nowSeconds() };
    applied.push(migration.version);
  }
  return applied;
}

/**
 * Applies every migration newer than the database's latest recorded version, in order, through a
 * synchronous adapter. Returns the versions applied (empty when the schema was current); RangeError
 * when the database is newer than `migrations`.
 */
export function runMigrations(adapter: MigrationAdapter<'sync'>, migrations: readonly Migration[]): number[] {
  const loop = migrationLoop(migrations);
  for (let step = loop.next(); ;) {
    if (step.done) return step.value;
    if (step.value.kind === 'read version') {
      step = loop.next(adapter.currentVersion());
    } else {
      adapter.apply(step.value.migration, step.value.appliedAt);
      step = loop.next();
    }
  }
}

/** runMigrations through an asynchronous adapter. */
export async function runMigrationsAsync(
  adapter: MigrationAdapter<'async'>,
  migrations: readonly Migration[],
): Promise<number[]> {
  const loop = migrationLoop(migrations);
  for (let step = loop.next(); ;) {
    if (step.done) return step.value;
    if (step.value.kind === 'read version') {
      step = loop.next(await adapter.currentVersion());
    } else {
      await adapter.apply(step.value.migration, step.value.appliedAt);
      step = loop.next();
    }
  }
}
