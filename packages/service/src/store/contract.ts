/**
 * The store contract: everything the service and the CLI persist, as one asynchronous interface with
 * two implementations, SQLite (embedded, the default: sqlite/sqlite-styler-store.ts) and PostgreSQL
 * (several processes and machines over one database: postgres/postgres-store.ts). Each table's part
 * is declared in its folder (files/contract.ts, ...); this file composes them. Both implementations
 * pass the same contract suite (test/store/contract.ts). Reads of files, jobs and models are scoped to
 * one organization.
 */
import type { FilesStore } from './files/index.js';
import type { JobsStore } from './jobs/index.js';
import type { ModelsStore } from './models/index.js';
import type { TenancyStore } from './tenancy/index.js';

export type { FilesStore } from './files/index.js';
export type { CreateJobResult, JobsStore } from './jobs/index.js';
export type { ModelsStore } from './models/index.js';
export type { TenancyStore } from './tenancy/index.js';

/** Which implementation a store is. */
export type StoreKind = 'sqlite' | 'postgres';

export interface StylerStore {
  readonly kind: StoreKind;
  readonly tenancy: TenancyStore;
  readonly files: FilesStore;
  readonly jobs: JobsStore;
  readonly models: ModelsStore;
  /** Resolves when the database answers; rejects with the reason otherwise (readiness). */
  ping(): Promise<void>;
  /** Start-up housekeeping of a single-process store (leftover blobs); a no-op where others share it. */
  prepareForServing(): Promise<void>;
  close(): Promise<void>;
}
