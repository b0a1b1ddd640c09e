/** Chooses the store: PostgreSQL when a postgres:// URL is given (DATABASE_URL), else SQLite in the data directory. */
import { openPostgresStore, type PostgresStylerStore } from './postgres/postgres-store.js';
import { openSqliteStore, type SqliteStylerStore } from './sqlite/sqlite-styler-store.js';
import type { SqliteDataDirectoryOptions } from './sqlite/data-directory.js';

export interface StoreLocation {
  /** postgres://… or postgresql://…; absent for the embedded SQLite store. */
  databaseUrl?: string | undefined;
  /** The SQLite store's directory (database and blobs). */
  dataDir: string;
}

/** True for a PostgreSQL connection URL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** A store as opened: its `kind` tells which, for what must differ between them (the job queue). */
export type OpenedStore = SqliteStylerStore | PostgresStylerStore;

export async function openStore(
  location: StoreLocation,
  options: SqliteDataDirectoryOptions = {},
): Promise<OpenedStore> {
  if (location.databaseUrl !== undefined && location.databaseUrl !== '') {
    if (!isPostgresUrl(location.databaseUrl)) {
      throw new RangeError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite store)');
    }
    return openPostgresStore(location.databaseUrl);
  }
  return openSqliteStore(location.dataDir, options);
}
