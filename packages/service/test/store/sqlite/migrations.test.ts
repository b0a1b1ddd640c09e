import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../../src/store/index.js';

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
