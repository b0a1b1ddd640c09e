/**
 * What runs a process's fine-tuning jobs: the one job worker (job-worker.ts) over the queue that
 * suits the store it opened: over PostgreSQL, pg-boss (any number of processes;
 * pg-boss-job-runner.ts), over SQLite a poller of the jobs table (sqlite-job-runner.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StylePool } from '@styler-dev/engine';
import type { OpenedStore, StylerStore } from '../store/index.js';
import type { JobExecutor } from './fine-tuning.js';
import { SqliteJobRunner } from './sqlite-job-runner.js';
import { PgBossJobRunner } from './pg-boss-job-runner.js';

/** How jobs run, whichever queue runs them (the service's config). */
export interface JobExecutorSettings {
  pool: Pick<StylePool, 'fitStyle'>;
  logger: FastifyBaseLogger;
  /** Jobs this process runs at once; 0: none (an API process). */
  concurrency: number;
  maxAttempts: number;
  retryDelayMs: number;
  /** postgres://… of the store's database: pg-boss keeps its own connections. */
  databaseUrl: string | undefined;
  leaseSeconds: number;
  heartbeatTimeoutSeconds: number;
}

/**
 * The job executor for `store`, and the store the app must use with it: over PostgreSQL the store
 * whose new jobs go on the executor's queue in the transaction that creates them.
 */
export function createJobExecutor(
  store: OpenedStore,
  settings: JobExecutorSettings,
): { jobs: JobExecutor; store: StylerStore } {
  const { pool, logger, concurrency, maxAttempts, retryDelayMs } = settings;
  const common = { pool, logger, concurrency, maxAttempts, retryDelayMs };
  switch (store.kind) {
    case 'postgres': {
      if (settings.databaseUrl === undefined) throw new RangeError('a PostgreSQL store needs its databaseUrl');
      const queue = new PgBossJobRunner({
        ...common,
        store,
        databaseUrl: settings.databaseUrl,
        leaseSeconds: settings.leaseSeconds,
        heartbeatTimeoutSeconds: settings.heartbeatTimeoutSeconds,
      });
      return { jobs: queue, store: queue.store };
    }
    case 'sqlite':
      return { jobs: new SqliteJobRunner({ ...common, store }), store };
  }
}
