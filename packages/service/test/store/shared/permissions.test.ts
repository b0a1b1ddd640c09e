/** The data directory is owner-only: created that way, and tightened when an older one is opened. */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_LAYOUT, SqliteDataDirectory } from '../../../src/store/index.js';

/** The permission bits of `path`, e.g. 0o600. */
function modeOf(path: string): number {
  return statSync(path).mode & 0o777;
}

describe('data directory permissions', () => {
  const roots: string[] = [];
  const stores: SqliteDataDirectory[] = [];
  afterEach(() => {
    stores.splice(0).forEach((store) => store.close());
    roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true }));
  });

  function root(): string {
    const dir = mkdtempSync(join(tmpdir(), 'styler-permissions-'));
    roots.push(dir);
    return dir;
  }

  function open(dataDir: string): SqliteDataDirectory {
    const store = SqliteDataDirectory.open(dataDir);
    stores.push(store);
    return store;
  }

  it('creates the directories 0700 and the database, its WAL files and blobs 0600', async () => {
    // Whatever the process umask allows, the store asks for owner-only modes.
    const previousUmask = process.umask(0o000);
    let dataDir: string;
    let store: SqliteDataDirectory;
    try {
      dataDir = join(root(), 'nested', 'data');
      store = open(dataDir);
      await store.blobs.write('file-a', 'upload', Buffer.from('bytes'));
      await store.blobs.write('file-a', 'text', 'text');
    } finally {
      process.umask(previousUmask);
    }
    const database = join(dataDir, STORE_LAYOUT.database);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, STORE_LAYOUT.blobs))).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm']) {
      expect(existsSync(`${database}${suffix}`)).toBe(true);
      expect(modeOf(`${database}${suffix}`), `styler.db${suffix}`).toBe(0o600);
    }
    for (const name of readdirSync(store.blobs.directory)) {
      expect(modeOf(join(store.blobs.directory, name)), name).toBe(0o600);
    }
  });

  it('tightens a data directory an earlier version left readable by everyone', async () => {
    const dataDir = join(root(), 'data');
    const first = SqliteDataDirectory.open(dataDir);
    await first.blobs.write('file-old', 'upload', Buffer.from('old bytes'));
    first.db.exec('CREATE TABLE scratch (x); DROP TABLE scratch;');
    first.close();
    const blobs = join(dataDir, STORE_LAYOUT.blobs);
    const database = join(dataDir, STORE_LAYOUT.database);
    mkdirSync(blobs, { recursive: true });
    writeFileSync(`${database}-wal`, '');
    writeFileSync(`${database}-shm`, '');
    const loose = [
      [dataDir, 0o755],
      [blobs, 0o755],
      [join(blobs, 'file-old.upload'), 0o644],
      [database, 0o644],
      [`${database}-wal`, 0o644],
      [`${database}-shm`, 0o666],
    ] as const;
    for (const [path, mode] of loose) chmodSync(path, mode);

    const store = open(dataDir);
    expect(store.db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBeGreaterThan(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(blobs)).toBe(0o700);
    expect(modeOf(join(blobs, 'file-old.upload'))).toBe(0o600);
    for (const suffix of ['', '-wal', '-shm']) expect(modeOf(`${database}${suffix}`), `styler.db${suffix}`).toBe(0o600);
  });
});
