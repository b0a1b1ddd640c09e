/** The store contract (contract.ts) against both implementations, and PostgreSQL's own guarantees. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresStore, openSqliteStore, POSTGRES_MIGRATIONS } from '../../src/store/index.js';
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

  it('fails to open with the connection error when the server is unreachable', async () => {
    await expect(
      openPostgresStore('postgres://nobody:secret@127.0.0.1:9/none', { connectionTimeoutMs: 2_000 }),
    ).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
