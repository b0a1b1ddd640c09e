/** The store contract (contract.ts) against both implementations, and PostgreSQL's own guarantees. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { nowSeconds, openPostgresStore, openSqliteStore, POSTGRES_MIGRATIONS } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { storeContract } from './contract.js';

storeContract('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-contract-'));
  const store = openSqliteStore(dataDir);
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

storeContract('PostgreSQL', async () => {
  const database = await freshTestDatabase();
  const store = await openPostgresStore(database.url);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describe('PostgreSQL store', () => {
  it('migrates once when several processes start together', async () => {
    const database = await freshTestDatabase();
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(database.url)));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const versions = await client.query('SELECT version FROM schema_migrations ORDER BY version');
      await client.end();
      expect(versions.rows.map((row: { version: number }) => row.version)).toEqual(
        POSTGRES_MIGRATIONS.map((migration) => migration.version),
      );
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await database.drop();
    }
  });

  it('refuses a database newer than the code', async () => {
    const database = await freshTestDatabase();
    try {
      const store = await openPostgresStore(database.url);
      await store.pool.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 0)");
      await store.close();
      await expect(openPostgresStore(database.url)).rejects.toThrow(/schema version 99 is newer/);
    } finally {
      await database.drop();
    }
  });

  it('lists the queued jobs that have no pending message on the job queue', async () => {
    const database = await freshTestDatabase();
    const store = await openPostgresStore(database.url);
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
    try {
      await boss.start();
      await boss.createQueue('fine-tune');
      const { key } = await store.tenancy.createKey({ organization: 'acme', project: 'main' });
      const principal = (await store.tenancy.authenticate(key))!;
      const owner = { organizationId: principal.organizationId, projectId: principal.projectId };
      const record = { ...owner, filename: 'a.txt', purpose: 'fine-tune', kind: 'txt' as const, bytes: 1 };
      await store.files.create(
        { ...record, id: 'file-a', textChars: 1, documentCount: 1, createdAt: nowSeconds() },
        Buffer.from('a'),
        'a',
      );
      const job = { ...owner, styleModel: 'styler-2', baseModel: null, suffix: null, matchOutputLength: true };
      for (const id of ['job-waiting', 'job-sent', 'job-stuck', 'job-running', 'job-new']) {
        await store.jobs.create({ ...job, id, trainingFiles: ['file-a'] });
      }
      const cutoff = nowSeconds() - 60;
      await store.pool.query("UPDATE jobs SET created_at = $1 WHERE id <> 'job-new'", [cutoff - 10]);
      await store.jobs.claim('job-running');
      // A delivery taken before the cutoff and never settled (its worker died) no longer counts.
      await boss.send('fine-tune', { jobId: 'job-stuck' });
      await boss.fetch('fine-tune');
      await boss.send('fine-tune', { jobId: 'job-sent' });
      await store.pool.query("UPDATE pgboss.job SET started_on = to_timestamp($1) WHERE data->>'jobId' = 'job-stuck'", [
        cutoff - 5,
      ]);
      const messages = { schema: 'pgboss', queue: 'fine-tune' };
      expect(await store.jobs.listQueuedWithoutMessage(cutoff, messages)).toEqual(['job-waiting', 'job-stuck']);
    } finally {
      await boss.stop({ graceful: false, timeout: 1_000 }).catch(() => undefined);
      await store.close();
      await database.drop();
    }
  });

  it('fails to open with the connection error when the server is unreachable', async () => {
    await expect(
      openPostgresStore('postgres://nobody:secret@127.0.0.1:9/none', { connectionTimeoutMs: 2_000 }),
    ).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
