/** Opens the metadata database with the settings every repository relies on. */
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';
import { ensurePrivateFile, restrictToOwner } from '../shared/permissions.js';
import type { SqliteDatabase } from '../shared/sqlite-database.js';

/** The files SQLite keeps beside the database: the WAL, its shared-memory index, a rollback journal. */
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

/**
 * SQLite's `synchronous` settings a store may open with. With WAL, FULL syncs the log at every
 * commit (a commit that returned survives a power cut); NORMAL syncs it only at checkpoints (a
 * power cut may lose the last commits, never corrupt the database; a crashed process loses nothing).
 */
export const SQLITE_SYNCHRONOUS = ['FULL', 'NORMAL'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

/** What openDatabase can be given besides the path. */
export interface OpenDatabaseOptions {
  /** Default FULL: what a commit acknowledged is on disk. */
  synchronous?: SqliteSynchronous;
}

/**
 * Opens (creating if needed) the SQLite database at `path` (':memory:' for a throw-away one) and
 * brings its schema up to date. WAL lets readers proceed while a writer commits; `synchronous`
 * (FULL unless told) decides whether a commit waits for the disk (see SQLITE_SYNCHRONOUS).
 * The database file is owner-only (0600), and so are its -wal and -shm files: SQLite creates them
 * with the database file's mode, and existing ones are tightened.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  if (typeof path !== 'string' || path === '') throw new TypeError('path must be a non-empty string');
  const synchronous = options.synchronous ?? 'FULL';
  if (!SQLITE_SYNCHRONOUS.includes(synchronous)) {
    throw new RangeError(`synchronous must be one of ${SQLITE_SYNCHRONOUS.join(', ')}, got ${String(synchronous)}`);
  }
  if (path !== ':memory:') {
    // SQLite would create the file 0644; an empty file is a valid empty database.
    ensurePrivateFile(path);
    for (const suffix of COMPANION_SUFFIXES) restrictToOwner(`${path}${suffix}`);
  }
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('foreign_keys = ON');
    // Two processes (the service and `styler keys`) may share the file: wait for a lock, do not fail.
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
