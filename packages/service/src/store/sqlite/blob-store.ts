/**
 * Bytes on disk beside the database: each file's upload and its extracted text. Every write goes to
 * a temporary name, is flushed, then renamed into place and the directory synced, so a reader never
 * sees half a file, a failed write (a full disk) leaves nothing behind, and a written blob keeps its
 * name through a power cut.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ensurePrivateDirectory, OWNER_ONLY, restrictToOwner } from '../shared/permissions.js';
import { asStorageFull } from '../shared/storage-full.js';
import { syncDirectory, syncDirectorySync } from '../shared/directory-sync.js';

/** The two blobs kept per file. */
export type BlobKind = 'upload' | 'text';

/** Puts a blob's bytes into its open temporary file. A seam: tests make it fail as a full disk does. */
export type BlobWriter = (handle: FileHandle, data: Uint8Array | string) => Promise<void>;

/** Makes a directory's names durable (fsync). A seam: tests record the order of the syncs. */
export type DirectorySyncer = (directory: string) => Promise<void>;

/** What a BlobStore can be given besides its directory. */
export interface BlobStoreOptions {
  /** Default: FileHandle.writeFile. */
  writer?: BlobWriter;
  /** Default: fsync of the directory. */
  syncDirectory?: DirectorySyncer;
}

const writeWhole: BlobWriter = (handle, data) => handle.writeFile(data);

const TEMP_MARKER = '.tmp-';
const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** A directory of blobs named `<id>.<kind>`. */
export class BlobStore {
  readonly directory: string;

  readonly #writer: BlobWriter;
  readonly #syncDirectory: DirectorySyncer;

  /**
   * Uses (and creates) `directory`, owner-only: the directory 0700, every blob in it 0600. Its parent
   * is synced too, so the directory itself outlives a power cut.
   */
  constructor(directory: string, options: BlobStoreOptions = {}) {
    this.directory = directory;
    this.#writer = options.writer ?? writeWhole;
    this.#syncDirectory = options.syncDirectory ?? syncDirectory;
    ensurePrivateDirectory(directory);
    syncDirectorySync(dirname(directory));
    // Blobs written before permissions were tightened (or copied in) get the same modes.
    for (const name of readdirSync(directory)) restrictToOwner(join(directory, name));
  }

  #path(id: string, kind: BlobKind): string {
    // Ids come from the database, but a path must never be built from anything that could hold '/' or '..'.
    if (!SAFE_ID.test(id)) throw new RangeError(`blob id must match ${String(SAFE_ID)}, got ${JSON.stringify(id)}`);
    return join(this.directory, `${id}.${kind}`);
  }

  /**
   * Writes the blob durably: temp file, fsync, rename over the final name, fsync of the directory;
   * when it resolves, the blob is on disk under its name. On failure the temp file is removed; a
   * full disk (ENOSPC, EDQUOT) rejects with a StorageFullError.
   */
  async write(id: string, kind: BlobKind, data: Uint8Array | string): Promise<void> {
    const target = this.#path(id, kind);
    const temp = `${target}${TEMP_MARKER}${randomBytes(6).toString('hex')}`;
    try {
      const handle = await this.#openTemporary(temp);
      try {
        await this.#writer(handle, data);
        await handle.sync();
      } catch (error) {
        // Closing can fail too on a full disk; the write's error is the one that says why.
        await handle.close().catch(() => undefined);
        throw error;
      }
      await handle.close();
      await rename(temp, target);
      await this.#syncDirectory(this.directory);
    } catch (error) {
      // A temp file that cannot be removed now is removed at the next start (removeLeftovers).
      await rm(temp, { force: true }).catch(() => undefined);
      throw asStorageFull(error);
    }
  }

  /**
   * Creates the temporary file; a directory deleted under the running service (an operator's
   * cleanup) is made again, owner-only, rather than failing every upload until a restart.
   */
  async #openTemporary(temp: string): Promise<FileHandle> {
    try {
      return await open(temp, 'wx', OWNER_ONLY.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      ensurePrivateDirectory(this.directory);
      return open(temp, 'wx', OWNER_ONLY.file);
    }
  }

  async read(id: string, kind: 'upload'): Promise<Buffer>;
  async read(id: string, kind: 'text'): Promise<string>;
  /** Reads a blob; rejects with ENOENT when it is missing. */
  async read(id: string, kind: BlobKind): Promise<Buffer | string> {
    return kind === 'text' ? readFile(this.#path(id, kind), 'utf8') : readFile(this.#path(id, kind));
  }

  /** Removes both blobs of `id`; missing ones are fine. */
  async remove(id: string): Promise<void> {
    await Promise.all([rm(this.#path(id, 'upload'), { force: true }), rm(this.#path(id, 'text'), { force: true })]);
  }

  /**
   * Removes what a crash left behind: temporaries, and blobs whose id is not in `keep` (written to
   * disk, but the database row never committed, or the row deleted before the unlink). Only safe
   * while nothing writes, i.e. at service start. Returns the number of names removed.
   */
  removeLeftovers(keep: ReadonlySet<string>): number {
    let removed = 0;
    for (const name of readdirSync(this.directory)) {
      const blob = /^(.+)\.(upload|text)$/.exec(name);
      if (name.includes(TEMP_MARKER) || (blob?.[1] !== undefined && !keep.has(blob[1]))) {
        rmSync(join(this.directory, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
