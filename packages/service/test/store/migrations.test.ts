import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, migratePostgres, MIGRATIONS, POSTGRES_MIGRATIONS } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';

describe('migrate', () => {
  it('applies every migration once and records its version', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['api_keys', 'files', 'jobs', 'models', 'organizations', 'projects']),
    );
    db.close();
  });

  it('applies only the newer versions to an existing database', () => {
    const db = new Database(':memory:');
    migrate(db);
    const next = { version: MIGRATIONS.length + 1, name: 'add a table', sql: 'CREATE TABLE extra (x INTEGER)' };
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([next.version]);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'extra'").pluck().get()).toBe(1);
    db.close();
  });

  it('rolls back a failing migration and leaves its version unrecorded', () => {
    const db = new Database(':memory:');
    migrate(db);
    const broken = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      sql: 'CREATE TABLE half (x); SELECT nope FROM missing;',
    };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow();
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database newer than the code', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('future');
    expect(() => migrate(db)).toThrow(RangeError);
    db.close();
  });
});

// The loop is shared (migration-runner.ts); this checks PostgreSQL's adapter: its transactions.
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
