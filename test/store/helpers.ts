import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/index.js';

/** A store in a fresh temporary directory, and a cleanup that closes and removes it. */
export function temporaryStore(): { store: Store; dataDir: string; cleanup: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-store-'));
  const store = Store.open(dataDir);
  return {
    store,
    dataDir,
    cleanup: () => {
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
