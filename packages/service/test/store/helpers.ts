import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDataDirectory, type SqliteDatabase } from '../../src/store/index.js';

/** A store in a fresh temporary directory, and a cleanup that closes and removes it. */
export function temporaryStore(): { store: SqliteDataDirectory; dataDir: string; cleanup: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-store-'));
  const store = SqliteDataDirectory.open(dataDir);
  return {
    store,
    dataDir,
    cleanup: () => {
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the database unable to grow, as on a full disk: SQLite's max_page_count is set to the
 * current size (plus `sparePages`), so a write that needs more pages fails with the real
 * SqliteError SQLITE_FULL ("database or disk is full"). Returns a function that lifts the limit.
 */
export function fillDatabase(db: SqliteDatabase, sparePages = 0): () => void {
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages + sparePages}`);
  return () => void db.pragma('max_page_count = 1073741823');
}

/** A real ENOSPC error from the kernel: /dev/full accepts no byte. */
export async function noSpaceError(): Promise<NodeJS.ErrnoException> {
  try {
    await writeFile('/dev/full', 'x');
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error('/dev/full accepted a write');
}
