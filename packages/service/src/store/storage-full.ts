/** Recognises a full disk (or quota) behind the store's errors, whether fs or SQLite raised it. */
import { StylerError } from '@styler/analytics/errors';

// ENOSPC: no space left on the device; EDQUOT: the user's disk quota is used up; SQLITE_FULL:
// SQLite's "database or disk is full"; 53100: PostgreSQL's disk_full.
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/**
 * True when `error` means the storage is full: a Node fs error ENOSPC or EDQUOT, a better-sqlite3
 * SqliteError SQLITE_FULL ("database or disk is full"), a PostgreSQL disk_full, or a StylerError `storage_full`.
 */
export function isStorageFull(error: unknown): boolean {
  if (error instanceof StylerError) return error.code === 'storage_full';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/** `error` as a StylerError `storage_full` (the original kept as its cause) when the storage is full; else as is. */
export function asStorageFull(error: unknown): unknown {
  if (error instanceof StylerError || !isStorageFull(error)) return error;
  return new StylerError('storage_full', undefined, { cause: error });
}
