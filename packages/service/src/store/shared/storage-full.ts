/** Recognises a full disk (or quota) behind the store's errors, whether fs or SQLite raised it. */

// ENOSPC: no space left on the device; EDQUOT: the user's disk quota is used up; SQLITE_FULL:
// SQLite's "database or disk is full"; 53100: PostgreSQL's disk_full.
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** A write the store could not make for want of space, the system's error as its cause; HTTP answers it 507. */
export class StorageFullError extends Error {
  readonly code = 'storage_full';

  constructor(options?: { cause?: unknown }) {
    super('Storage is full.', options);
    this.name = 'StorageFullError';
  }
}

/**
 * True when `error` means the storage is full: a Node fs error ENOSPC or EDQUOT, a better-sqlite3
 * SqliteError SQLITE_FULL ("database or disk is full"), a PostgreSQL disk_full, or a StorageFullError.
 */
export function isStorageFull(error: unknown): boolean {
  if (error instanceof StorageFullError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/** `error` as a StorageFullError (the original kept as its cause) when the storage is full; else as is. */
export function asStorageFull(error: unknown): unknown {
  if (error instanceof StorageFullError || !isStorageFull(error)) return error;
  return new StorageFullError({ cause: error });
}
