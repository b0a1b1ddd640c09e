/** Opens the metadata database with the settings every repository relies on. */
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';
import { ensurePrivateFile, restrictToOwner } from '../shared/permissions.js';
import type { SqliteDatabase } from '../shared/sqlite-database.js';

/** The files SQLite keeps beside the database: the WAL, its shared-memory index, a rollback journal. */
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

/**
 * Opens (creating if needed) the SQLite database at `path` (':memory:' for a throw-away one) and
 * brings its schema up to date. WAL lets readers proceed while a writer commits; synchronous=NORMAL
 * is the documented safe pairing with WAL (a power cut may lose the last commits, never corrupt).
 * The database file is owner-only (0600), and so are its -wal and -shm files: SQLite creates them
 * with the database file's mode, and existing ones are tightened.
 */
export function openDatabase(path: string): SqliteDatabase {
  if (typeof path !== 'string' || path === '') throw new TypeError('path must be a non-empty string');
  if (path !== ':memory:') {
    // SQLite would create the file 0644; an empty file is a valid empty database.
    ensurePrivateFile(path);
    for (const suffix of COMPANION_SUFFIXES) restrictToOwner(`${path}${suffix}`);
  }
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
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
