import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgres, POSTGRES_MIGRATIONS } from '../../../src/store/index.js';
import { freshTestDatabase } from '../../../../../test-support/postgres.js';

// The loop is shared (shared/migration-runner.ts); this checks PostgreSQL's adapter: its transactions.
describe('migratePostgres', () => {
  it('applies only the newer versions, and rolls back a failing one leaving its version unrecorded', async () => {
    const database = await freshTestDatabase();
    const pool = new pg.Pool({ connectionString: database.url });
    const client = await pool.connect();
    try {
      expect(await migratePostgres(client)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      expect(await migratePostgres(client)).toEqual([]);
      const next = {
        version: POSTGRES_MIGRATIONS.length + 1,
        name: 'add a table',
        sql: 'CREATE TABLE extra (x INTEGER)',
      };
      expect(await migratePostgres(client, [...POSTGRES_MIGRATIONS, next])).toEqual([next.version]);
      const broken = {
        version: next.version + 1,
        name: 'broken',
        sql: 'CREATE TABLE half (x INTEGER); SELECT nope FROM missing;',
      };
      await expect(migratePostgres(client, [...POSTGRES_MIGRATIONS, next, broken])).rejects.toThrow(/missing/);
      const half = await client.query("SELECT to_regclass('half') AS half");
      expect(half.rows[0].half).toBeNull();
      const latest = await client.query('SELECT MAX(version) AS version FROM schema_migrations');
      expect(latest.rows[0].version).toBe(next.version);
    } finally {
      client.release();
      await pool.end();
      await database.drop();
    }
  });
});
