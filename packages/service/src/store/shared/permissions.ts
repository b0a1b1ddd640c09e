/**
 * Owner-only permissions for the data directory: it holds uploaded writing and the hashes of API
 * keys, which no other local user should read.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Modes of what the store creates: directories rwx------, files rw-------. */
export const OWNER_ONLY = Object.freeze({ directory: 0o700, file: 0o600 });

/**
 * Removes the group and other bits of an existing file or directory; a missing one is fine. A
 * path the process does not own (EPERM, e.g. a volume mounted by root) is left as it is, since
 * refusing to start would not make it any safer.
 */
export function restrictToOwner(path: string): void {
  try {
    const { mode } = statSync(path);
    if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o7700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Creates `path` (and missing parents) as an owner-only directory, or tightens the existing one. */
export function ensurePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: OWNER_ONLY.directory });
  restrictToOwner(path);
}

/** Creates `path` as an empty owner-only file unless it exists, in which case it is tightened. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', OWNER_ONLY.file));
  restrictToOwner(path);
}
