/**
 * A whole file written under `<name>.partial` and renamed into place: a run killed mid-write leaves
 * the partial file, never a file under its real name that is cut short.
 */
import { rename, rm, writeFile } from 'node:fs/promises';

/** Writes `data` to `path` atomically (a rename on the same file system). */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, data);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
