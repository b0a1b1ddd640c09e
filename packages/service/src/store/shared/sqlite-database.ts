/** The connection type every SQLite table repository is given (opened by sqlite/database.ts). */
import type Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;
