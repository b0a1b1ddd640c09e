/**
 * The embedded store: the store contract over one SQLite database and a blob directory (SqliteDataDirectory), for
 * a single process. The repositories are synchronous (better-sqlite3 answers in microseconds), so
 * each call settles at once; the contract is asynchronous for PostgreSQL's sake.
 */
import type { StylerStore } from '../contract.js';
import { acquireServingLock, type ServingLock } from './serving-lock.js';
import { SqliteDataDirectory, type SqliteDataDirectoryOptions } from './data-directory.js';

/** Opens the SQLite store in `dataDir` (created if missing). */
export function openSqliteStore(dataDir: string, options: SqliteDataDirectoryOptions = {}): SqliteStylerStore {
  return new SqliteStylerStore(SqliteDataDirectory.open(dataDir, options));
}

export class SqliteStylerStore implements StylerStore {
  readonly kind = 'sqlite' as const;
  /** The synchronous store underneath (its database and blob directory). */
  readonly sqlite: SqliteDataDirectory;
  readonly tenancy: StylerStore['tenancy'];
  readonly files: StylerStore['files'];
  readonly jobs: StylerStore['jobs'];
  readonly models: StylerStore['models'];

  constructor(store: SqliteDataDirectory) {
    this.sqlite = store;
    const { tenancy, files, jobs, models, blobs } = store;
    this.tenancy = {
      createKey: async (scope) => tenancy.createKey(scope),
      addKey: async (scope) => tenancy.addKey(scope),
      authenticate: async (key) => tenancy.authenticate(key),
      listKeys: async () => tenancy.listKeys(),
      revokeKey: async (id) => tenancy.revokeKey(id),
      countKeys: async () => tenancy.countKeys(),
    };
    this.files = {
      // Blobs first, then the row that makes them visible; a crash in between leaves blobs that
      // prepareForServing removes at the next start.
      create: async (record, upload, text) => {
        // The row's unique id would refuse it anyway, but only after the blobs of the existing file were replaced.
        if (files.exists(record.id)) throw new RangeError(`a file with id ${record.id} exists`);
        try {
          await blobs.write(record.id, 'upload', upload);
          await blobs.write(record.id, 'text', text);
          files.insert(record);
        } catch (error) {
          await blobs.remove(record.id).catch(() => undefined);
          throw error;
        }
      },
      get: async (organizationId, id) => files.get(organizationId, id),
      list: async (organizationId, query) => files.list(organizationId, query),
      readText: (id) => blobs.read(id, 'text'),
      readUpload: (id) => blobs.read(id, 'upload'),
      delete: async (organizationId, id) => {
        const result = files.delete(organizationId, id);
        if (result === 'deleted') await blobs.remove(id);
        return result;
      },
    };
    this.jobs = {
      create: async (job) => jobs.create(job),
      get: async (organizationId, id) => jobs.get(organizationId, id),
      getById: async (id) => jobs.getById(id),
      list: async (organizationId, query) => jobs.list(organizationId, query),
      cancel: async (organizationId, id) => jobs.cancel(organizationId, id),
      claimNextQueued: async (lease) => jobs.claimNextQueued(lease),
      claim: async (id, lease, staleBefore) => jobs.claim(id, lease, staleBefore),
      heartbeat: async (id, lease) => jobs.heartbeat(id, lease),
      requeueStale: async (staleBefore) => jobs.requeueStale(staleBefore),
      requeue: async (id, refundAttempt) => jobs.requeue(id, refundAttempt),
      requeueAllRunning: async () => jobs.requeueAllRunning(),
      fail: async (id, error, from, lease) => jobs.fail(id, error, from, lease),
      complete: async (jobId, model, lease) => jobs.complete(jobId, model, lease),
    };
    this.models = {
      get: async (organizationId, name) => models.get(organizationId, name),
      getModelJson: async (organizationId, name) => models.getModelJson(organizationId, name),
      list: async (organizationId, query) => models.list(organizationId, query),
      delete: async (organizationId, name) => models.delete(organizationId, name),
    };
  }

  async ping(): Promise<void> {
    this.sqlite.db.prepare('SELECT 1').get();
  }

  #servingLock: ServingLock | undefined;

  /** Takes the data directory's serving lock (one service per directory), then removes a crash's leftovers. */
  async prepareForServing(): Promise<void> {
    this.#servingLock ??= acquireServingLock(this.sqlite.dataDir);
    this.sqlite.removeLeftoverBlobs();
  }

  async close(): Promise<void> {
    this.sqlite.close();
    this.#servingLock?.release();
    this.#servingLock = undefined;
  }
}
