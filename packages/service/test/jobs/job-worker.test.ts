/** The job worker's contract and fault tests (job-worker-contract.ts) over both queues. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobWorker } from '../../src/jobs/job-worker.js';
import { PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { SqliteJobRunner } from '../../src/jobs/sqlite-job-runner.js';
import { openPostgresStore, openSqliteStore } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { jobWorkerContract } from './job-worker-contract.js';

jobWorkerContract('SQLite table poller', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-worker-'));
  const store = openSqliteStore(dataDir);
  const workers: JobWorker[] = [];
  return {
    store,
    startWorker: async (settings) => {
      const worker = new SqliteJobRunner({ ...settings, store, concurrency: 1, retryDelayMs: 10 });
      workers.push(worker);
      await worker.start();
      return { worker, store };
    },
    storageFull: () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    cleanup: async () => {
      for (const worker of workers) await worker.stop();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

jobWorkerContract('pg-boss', async () => {
  const database = await freshTestDatabase();
  const store = await openPostgresStore(database.url);
  const workers: JobWorker[] = [];
  return {
    store,
    startWorker: async (settings) => {
      const worker = new PgBossJobRunner({
        ...settings,
        store,
        databaseUrl: database.url,
        concurrency: 1,
        // pg-boss waits whole seconds between deliveries: its shortest.
        retryDelayMs: 1_000,
        leaseSeconds: 900,
        // Short enough that a dead worker's job moves on within seconds.
        heartbeatTimeoutSeconds: 2,
      });
      workers.push(worker);
      await worker.start();
      return { worker, store: worker.store };
    },
    storageFull: () => Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }),
    cleanup: async () => {
      for (const worker of workers) await worker.stop();
      await store.close();
      await database.drop();
    },
  };
});
