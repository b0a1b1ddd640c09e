/** The embedded store's data directory: one SQLite database (its table repositories) plus the blob directory. */
import { join } from 'node:path';
import type { SqliteDatabase } from '../shared/sqlite-database.js';
import { openDatabase, type SqliteSynchronous } from './database.js';
import { BlobStore, type BlobStoreOptions } from './blob-store.js';
import { FilesRepository } from '../files/index.js';
import { JobsRepository } from '../jobs/index.js';
import { ModelsRepository } from '../models/index.js';
import { TenancyRepository } from '../tenancy/index.js';
import { ensurePrivateDirectory } from '../shared/permissions.js';

/** File names inside the data directory. */
export const STORE_LAYOUT = Object.freeze({ database: 'styler.db', blobs: 'files', servingLock: 'serving.lock' });

/** What SqliteDataDirectory.open can be given besides the data directory. */
export interface SqliteDataDirectoryOptions {
  /** Options (a writer for tests) for the BlobStore. */
  blobs?: BlobStoreOptions;
  /** SQLite's `synchronous` (default FULL: an acknowledged commit survives a power cut). */
  synchronous?: SqliteSynchronous;
}

/** The data directory opened (under SqliteStylerStore, the store contract): synchronous repositories; only blob I/O is async. */
export class SqliteDataDirectory {
  /** The data directory: the database, the blob directory and the serving lock. */
  readonly dataDir: string;
  readonly db: SqliteDatabase;
  readonly tenancy: TenancyRepository;
  readonly files: FilesRepository;
  readonly jobs: JobsRepository;
  readonly models: ModelsRepository;
  readonly blobs: BlobStore;

  private constructor(dataDir: string, db: SqliteDatabase, blobOptions: BlobStoreOptions) {
    this.dataDir = dataDir;
    this.db = db;
    this.tenancy = new TenancyRepository(db);
    this.files = new FilesRepository(db);
    this.models = new ModelsRepository(db);
    this.jobs = new JobsRepository(db, this.models);
    this.blobs = new BlobStore(join(dataDir, STORE_LAYOUT.blobs), blobOptions);
  }

  /**
   * Opens the store in `dataDir` (created if missing): `styler.db` (migrated to the current schema)
   * and `files/` for uploads and extracted text. All of it is owner-only (directories 0700, files
   * 0600); what an earlier version created more open is tightened here. `blobs` passes options
   * (a writer for tests) to the BlobStore; `synchronous` is SQLite's (default FULL).
   */
  static open(dataDir: string, options: SqliteDataDirectoryOptions = {}): SqliteDataDirectory {
    if (typeof dataDir !== 'string' || dataDir === '') throw new TypeError('dataDir must be a non-empty path');
    ensurePrivateDirectory(dataDir);
    const db = openDatabase(join(dataDir, STORE_LAYOUT.database), {
      ...(options.synchronous !== undefined && { synchronous: options.synchronous }),
    });
    return new SqliteDataDirectory(dataDir, db, options.blobs ?? {});
  }

  /** Removes blobs a crash left without a database row (call at service start, before serving). */
  removeLeftoverBlobs(): number {
    return this.blobs.removeLeftovers(this.files.allIds());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
