/**
 * Persistence: the store contract (StylerStore) over SQLite (metadata and file blobs) or PostgreSQL.
 * Layers, each importing only those below it: this file and open-store.ts; the assemblies sqlite/ and
 * postgres/, and read-cache/ over either; contract.ts; one folder per table with each dialect's queries; shared/.
 */
export { SqliteDataDirectory, STORE_LAYOUT, type SqliteDataDirectoryOptions } from './sqlite/data-directory.js';
export { acquireServingLock, type ServingLock } from './sqlite/serving-lock.js';
export {
  openDatabase,
  SQLITE_SYNCHRONOUS,
  type OpenDatabaseOptions,
  type SqliteSynchronous,
} from './sqlite/database.js';
export type { SqliteDatabase } from './shared/sqlite-database.js';
export { migrate, MIGRATIONS, type Migration } from './sqlite/migrations.js';
export { BlobStore, type BlobKind, type BlobStoreOptions, type BlobWriter } from './sqlite/blob-store.js';
export { asStorageFull, isStorageFull, StorageFullError } from './shared/storage-full.js';
export { fineTunedModelName, nowSeconds, randomId } from './shared/ids.js';
export type { Page, PageQuery } from './shared/page.js';
export {
  TenancyRepository,
  generateApiKey,
  hashApiKey,
  API_KEY_PREFIX,
  type ApiKeyInfo,
  type Principal,
} from './tenancy/index.js';
export { FilesRepository, type FileDeleteResult, type FileKind, type FileRecord } from './files/index.js';
export {
  JobsRepository,
  type CancelResult,
  isJobErrorCode,
  JOB_ERROR_CODES,
  type JobError,
  type JobErrorCode,
  type JobRecord,
  type JobStart,
  type JobMessageQueue,
  type QueueMessages,
  type JobStatus,
  type NewJob,
} from './jobs/index.js';
export { ModelsRepository, type ModelRecord, type NewModel } from './models/index.js';
export type {
  CreateJobResult,
  FilesStore,
  JobsStore,
  ModelsStore,
  StoreKind,
  StylerStore,
  TenancyStore,
} from './contract.js';
export { openSqliteStore, SqliteStylerStore } from './sqlite/sqlite-styler-store.js';
export {
  keepAliveThroughOutages,
  openPostgresStore,
  PostgresStylerStore,
  type PostgresStoreOptions,
} from './postgres/postgres-store.js';
export { migratePostgres, POSTGRES_MIGRATIONS } from './postgres/migrations.js';
export { inTransaction } from './shared/postgres-queries.js';
export { openStore, isPostgresUrl, type OpenedStore, type StoreLocation } from './open-store.js';
export { isDatabaseUnavailable } from './shared/database-unavailable.js';
export {
  ReadThroughStore,
  TtlCache,
  withReadCache,
  type Confirmed,
  type ReadCacheOptions,
  type ReadCacheStatus,
} from './read-cache/index.js';
