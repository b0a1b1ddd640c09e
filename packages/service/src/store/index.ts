/** Persistence: the store contract over SQLite (metadata and file blobs) or PostgreSQL; one folder per table with each dialect's queries. */
export { Store, STORE_LAYOUT, type CreateJobResult } from './store.js';
export { acquireServingLock, type ServingLock } from './serving-lock.js';
export { openDatabase, type SqliteDatabase } from './database.js';
export { migrate, MIGRATIONS, type Migration } from './migrations.js';
export { BlobStore, type BlobKind, type BlobStoreOptions, type BlobWriter } from './blob-store.js';
export { asStorageFull, isStorageFull, StorageFullError } from './storage-full.js';
export { fineTunedModelName, nowSeconds, randomId } from './ids.js';
export type { Page, PageQuery } from './page.js';
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
  type JobQueue,
  type JobStatus,
  type NewJob,
} from './jobs/index.js';
export { ModelsRepository, type ModelRecord, type NewModel } from './models/index.js';
export type { FilesStore, JobsStore, ModelsStore, StoreKind, StylerStore, TenancyStore } from './contract.js';
export { openSqliteStore, SqliteStylerStore } from './sqlite-store.js';
export {
  keepAliveThroughOutages,
  openPostgresStore,
  PostgresStylerStore,
  type PostgresStoreOptions,
} from './postgres/postgres-store.js';
export { migratePostgres, POSTGRES_MIGRATIONS } from './postgres/migrations.js';
export { inTransaction } from './postgres/queries.js';
export { openStore, isPostgresUrl, type StoreLocation } from './open-store.js';
export { isDatabaseUnavailable } from './database-unavailable.js';
