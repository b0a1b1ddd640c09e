/**
 * The store contract over PostgreSQL (node-postgres pool), for several API and worker processes on
 * several machines: every row and every byte (uploads and their text in `file_contents`) lives in the
 * database, nothing on a local disk. Each table's queries live beside its SQLite ones (files/,
 * jobs/, models/, tenancy/: postgres.ts); this file opens the pool and composes them.
 */
import pg from 'pg';
import type { StylerStore } from '../contract.js';
import { PostgresFilesRepository } from '../files/index.js';
import { PostgresJobsRepository, type JobMessageQueue } from '../jobs/index.js';
import { PostgresModelsRepository } from '../models/index.js';
import { PostgresTenancyRepository } from '../tenancy/index.js';
import { migratePostgres } from './migrations.js';

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

/**
 * The PostgreSQL store. Its job queue is fixed when it is built: without one (as openPostgresStore
 * returns it) jobs are created without a queue message; withJobQueue gives the store a process's app
 * uses, whose jobs get their message in the transaction that queues their row.
 */
export class PostgresStylerStore implements StylerStore {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  readonly tenancy: PostgresTenancyRepository;
  readonly files: PostgresFilesRepository;
  readonly jobs: PostgresJobsRepository;
  readonly models: PostgresModelsRepository;

  constructor(pool: pg.Pool, jobQueue?: JobMessageQueue) {
    this.pool = pool;
    this.tenancy = new PostgresTenancyRepository(pool);
    this.files = new PostgresFilesRepository(pool);
    this.jobs = new PostgresJobsRepository(pool, jobQueue);
    this.models = new PostgresModelsRepository(pool);
  }

  /**
   * The same database (the same pool: close one of the two stores, not both) with jobs that go on
   * `jobQueue` as they are created or requeued (the queue runner: ../../jobs/pg-boss-job-runner.ts).
   */
  withJobQueue(jobQueue: JobMessageQueue): PostgresStylerStore {
    return new PostgresStylerStore(this.pool, jobQueue);
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
