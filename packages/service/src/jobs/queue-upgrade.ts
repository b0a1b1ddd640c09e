/**
 * Upgrading a job queue that pg-boss 10 created (the Styler releases that ran on Node 20) to
 * the pg-boss this build runs (12). pg-boss migrates its own schema from one version to the next,
 * but no release after 10 can migrate a pg-boss 10 schema (version 24: their migrations start at 25,
 * the rewrite of 11.0), and pg-boss's advice is to move the jobs. So, at a queue runner's start:
 *
 * 1. setAsidePgBoss10Schema, before pg-boss starts: a schema of version 24 or older is renamed to
 *    `<schema>_v10`, and pg-boss then installs its current schema afresh under the usual name.
 * 2. carryOverPgBoss10Messages, once the queue exists: the unfinished messages of the set-aside
 *    schema (created, retry or active) are sent again on the new queue, and the old schema is
 *    dropped, in one transaction. A message sent twice is harmless (only one delivery can claim a
 *    queued job), and one that was lost would still be found by the workers' sweep, since the job
 *    rows, not the queue, say which jobs are queued.
 *
 * Processes starting together take turns (holdingQueueSetupLock), and a process stopped between the
 * steps leaves the set-aside schema for the next start to carry over. Every process of the previous
 * release must be stopped first: it would go on using the renamed tables' old name.
 */
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { inTransaction } from '../store/index.js';

/** The schema version of pg-boss 10 (10.0 to 10.4); pg-boss 11 and later migrate from 25 on. */
export const PG_BOSS_10_SCHEMA_VERSION = 24;

/** The advisory lock held while a process sets its job queue up (any number of processes take turns). */
const SETUP_LOCK = "hashtext('styler:job-queue-setup')";

/**
 * Runs `work` holding the job-queue setup lock, a session lock on a connection of its own (pg-boss
 * runs its statements on other connections): the upgrade steps and pg-boss's own install then run in
 * one process at a time. Without it, a second process could start creating pg-boss's schema on a
 * catalog that the first one's rename had not yet reached, and fail on a duplicate schema name.
 */
export async function holdingQueueSetupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'styler-queue-setup' });
  // A connection lost while held must not crash the process (an unlistened 'error' event would).
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${SETUP_LOCK})`);
    return await work();
  } finally {
    // Ending the session releases the lock too; unlocking first keeps it short when the end is slow.
    await client.query(`SELECT pg_advisory_unlock(${SETUP_LOCK})`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Where a pg-boss 10 schema named `schema` waits to be carried over. */
export function setAsideSchemaName(schema: string): string {
  return `${schema}_v10`;
}

/** The pg-boss schema version recorded in `schema`, or undefined when it holds no pg-boss. */
async function schemaVersion(client: pg.PoolClient, schema: string): Promise<number | undefined> {
  const table = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
    `${schema}.version`,
  ]);
  if (table.rows[0]?.found == null) return undefined;
  const row = await client.query<{ version: number }>(`SELECT version FROM ${schema}.version`);
  return row.rows[0]?.version;
}

/**
 * Renames a pg-boss 10 (or older) schema named `schema` out of pg-boss's way; true when it did.
 * Leaves any other database alone: a fresh one, or one the current pg-boss already runs. The caller
 * holds the setup lock.
 */
export async function setAsidePgBoss10Schema(pool: pg.Pool, schema: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const version = await schemaVersion(client, schema);
    if (version === undefined || version > PG_BOSS_10_SCHEMA_VERSION) return false;
    const aside = setAsideSchemaName(schema);
    const taken = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [aside]);
    // An earlier set-aside schema not yet carried over: the upgrade cannot start over on top of it.
    if (taken.rowCount !== 0) throw new Error(`both ${schema} and ${aside} hold a pg-boss 10 job queue`);
    await client.query(`ALTER SCHEMA ${schema} RENAME TO ${aside}`);
    return true;
  });
}

/**
 * Sends the unfinished messages of queue `queue` in the set-aside pg-boss 10 schema on the same
 * queue of `boss` (started, the queue created), then drops the set-aside schema, in one
 * transaction. Returns how many it sent (0 when there was nothing to carry over).
 */
export async function carryOverPgBoss10Messages(
  pool: pg.Pool,
  schema: string,
  boss: Pick<PgBoss, 'send'>,
  queue: string,
): Promise<number> {
  const aside = setAsideSchemaName(schema);
  return inTransaction(pool, async (client) => {
    if ((await schemaVersion(client, aside)) === undefined) return 0;
    const pending = await client.query<{ data: object | null }>(
      `SELECT data FROM ${aside}.job WHERE name = $1 AND state < 'completed' ORDER BY created_on`,
      [queue],
    );
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    for (const { data } of pending.rows) await boss.send(queue, data, { db });
    await client.query(`DROP SCHEMA ${aside} CASCADE`);
    return pending.rows.length;
  });
}
