/**
 * Makes a directory's entries durable. A file's own fsync covers its bytes, not its name: after a
 * create, rename or unlink, the directory must be synced too, or a power cut can bring back the old
 * name (or no name) for data that was synced.
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** fsyncs `directory` (its list of names). */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** syncDirectory for start-up code that runs before anything is served. */
export function syncDirectorySync(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
