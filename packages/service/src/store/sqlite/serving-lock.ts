/**
 * One serving process per data directory. A starting service removes the blobs no row names (what
 * a crash left between writing an upload's bytes and committing its row); a second service on the
 * same directory would take another's upload in flight for such a leftover and delete its bytes.
 * The lock is SQLite's exclusive lock on a file of its own: the kernel drops it when the holder
 * exits, kill -9 included, so a crash never leaves a stale lock. `styler keys` and other short
 * commands do not take it (they never clean up).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile } from '../shared/permissions.js';
import { STORE_LAYOUT } from './data-directory.js';

/**
 * Held until `release()` or the process's end, while referenced: a collected lock's database is
 * closed by better-sqlite3's finalizer, which frees the lock.
 */
export interface ServingLock {
  release(): void;
}

/** Takes the data directory's serving lock, or throws when another process (or store) serves from it. */
export function acquireServingLock(dataDir: string): ServingLock {
  const path = join(dataDir, STORE_LAYOUT.servingLock);
  ensurePrivateFile(path);
  const db = new Database(path, { timeout: 0 });
  try {
    // In exclusive locking mode the lock a write transaction takes is kept after it commits.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (started_at INTEGER); COMMIT;');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new Error(
        `The data directory ${dataDir} is in use by another running Styler service: stop it first, or give ` +
          'this one a data directory of its own (STYLER_DATA_DIR, --data-dir).',
      );
    }
    throw error;
  }
  return { release: () => db.close() };
}
