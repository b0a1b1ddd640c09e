/**
 * The store contract: everything the service and the CLI persist, as one asynchronous interface with
 * two implementations, SQLite (embedded, the default: sqlite-store.ts) and PostgreSQL (several
 * processes and machines over one database: postgres/postgres-store.ts). Both pass the same contract
 * suite (test/store/contract.ts). Reads of files, jobs and models are scoped to one organization.
 */
import type { ApiKeyInfo, Principal } from './tenancy/index.js';
import type { FileDeleteResult, FileRecord } from './files/index.js';
import type { CancelResult, JobError, JobRecord, NewJob } from './jobs/index.js';
import type { ModelRecord, NewModel } from './models/index.js';
import type { Page, PageQuery } from './page.js';

/** Outcome of creating a job: the job, or the first training file this organization does not own. */
export type CreateJobResult = { job: JobRecord } | { missingFileId: string };

/** Organizations, projects and their API keys (stored as SHA-256 digests). */
export interface TenancyStore {
  /** A random key for the scope (organization and project created when missing), shown only here. */
  createKey(scope: { organization: string; project: string }): Promise<{ key: string; info: ApiKeyInfo }>;
  /** Registers a caller-chosen key; an already registered key returns its entry unchanged. */
  addKey(scope: { organization: string; project: string; key: string }): Promise<ApiKeyInfo>;
  /** The principal of an active key, or undefined for an unknown or revoked one. */
  authenticate(key: string): Promise<Principal | undefined>;
  listKeys(): Promise<ApiKeyInfo[]>;
  /** False when no active key has that id. */
  revokeKey(id: string): Promise<boolean>;
  /** Keys ever created, revoked ones included. */
  countKeys(): Promise<number>;
}

/** Uploaded files: metadata, the original bytes and the extracted text, written together or not at all. */
export interface FilesStore {
  /** Stores the record with its bytes and text atomically; a full disk rejects with `storage_full`. */
  create(record: FileRecord, upload: Uint8Array, text: string): Promise<void>;
  get(organizationId: string, id: string): Promise<FileRecord | undefined>;
  /** Undefined when `query.after` is not a file of this organization. */
  list(organizationId: string, query: PageQuery): Promise<Page<FileRecord> | undefined>;
  /** The extracted text of a file that exists (callers check ownership with get first). */
  readText(id: string): Promise<string>;
  readUpload(id: string): Promise<Buffer>;
  /** Deletes record and bytes unless a queued or running job still needs the file. */
  delete(organizationId: string, id: string): Promise<FileDeleteResult>;
}

/** Fine-tuning jobs. Every status change is conditional, so two writers never both win. */
export interface JobsStore {
  /** A queued job, if every training file exists in its organization (one transaction). */
  create(job: NewJob): Promise<CreateJobResult>;
  get(organizationId: string, id: string): Promise<JobRecord | undefined>;
  getById(id: string): Promise<JobRecord | undefined>;
  list(organizationId: string, query: PageQuery): Promise<Page<JobRecord> | undefined>;
  cancel(organizationId: string, id: string): Promise<CancelResult>;
  /** Moves the oldest queued job to running and returns it; undefined when none waits. */
  claimNextQueued(): Promise<JobRecord | undefined>;
  /**
   * Moves a queued job to running and returns it; undefined when it is no longer queued. With a
   * `lease` (a job queue's delivery of the job), a job still running under another lease (a worker
   * that died) is taken over too — with `staleBefore` (seconds), only when that lease's last
   * heartbeat is older, or when it is an earlier attempt of the same delivery (leases are
   * `<delivery>:<attempt>`; a queue retries a delivery only once its attempt ended) — and only this
   * lease may fail or complete it from then on.
   */
  claim(id: string, lease?: string, staleBefore?: number): Promise<JobRecord | undefined>;
  /**
   * Records that the holder of `lease` is alive and still running job `id` (its heartbeat); false
   * when the job is no longer running under that lease (cancelled, finished, taken over).
   */
  heartbeat(id: string, lease: string): Promise<boolean>;
  /**
   * Jobs running under a lease whose last heartbeat (or start) is before `staleBefore` (seconds):
   * their worker is gone. Each goes back to the queue (with a queue message, where the store has
   * a job queue: jobs/postgres.ts) and its id is returned.
   */
  requeueStale(staleBefore: number): Promise<string[]>;
  /** A running job back to queued; `refundAttempt` when it never really ran. */
  requeue(id: string, refundAttempt?: boolean): Promise<boolean>;
  /** Start-up recovery of a single process: every running job back to the queue. */
  requeueAllRunning(): Promise<number>;
  /** Marks the job failed if still in `from` (under `lease`, when given); false when it moved on (e.g. cancelled). */
  fail(id: string, error: JobError, from?: 'running' | 'queued', lease?: string): Promise<boolean>;
  /**
   * Marks a running job succeeded and stores its model, both or neither; false when no longer
   * running (or, with `lease`, running under another lease).
   */
  complete(jobId: string, model: Omit<NewModel, 'jobId'>, lease?: string): Promise<boolean>;
}

/** Fine-tuned models: the StyleModel JSON and its summary. */
export interface ModelsStore {
  get(organizationId: string, name: string): Promise<ModelRecord | undefined>;
  getModelJson(organizationId: string, name: string): Promise<string | undefined>;
  list(organizationId: string, query: PageQuery): Promise<Page<ModelRecord> | undefined>;
  delete(organizationId: string, name: string): Promise<boolean>;
}

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
