/** Starts the real service app on a free port with a temporary data directory, for end-to-end tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StylePool } from '@styler-dev/engine';
import { loadProviderConfig, type ProviderConfig } from '@styler-dev/engine/providers';
import { buildApp } from '../../../src/http/app.js';
import { loadServiceConfig, type ServiceConfig } from '../../../src/config.js';
import {
  openPostgresStore,
  SqliteStylerStore,
  SqliteDataDirectory,
  type OpenedStore,
  type StylerStore,
} from '../../../src/store/index.js';
import { lazyStylePool } from '../../../../../test-support/lazy-pool.js';
import { freshTestDatabase } from '../../../../../test-support/postgres.js';

export interface TestService {
  app: FastifyInstance;
  store: StylerStore;
  /** The synchronous SQLite store underneath, for tests of SQLite mode (fill its disk, …); absent over PostgreSQL. */
  sqlite: SqliteDataDirectory;
  pool: StylePool;
  config: ServiceConfig;
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  /** Loses a file's stored text and bytes behind the service's back (a disk or table gone wrong). */
  removeFileContent(id: string): Promise<void>;
  /** Keys of two organizations: `acme` (project web) and `globex` (project api). */
  keys: { acme: string; globex: string };
  /** fetch against baseUrl with acme's key unless `key` is given (null: no Authorization header). */
  request(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

/** Which store a test service runs on: embedded SQLite (default) or a fresh PostgreSQL database. */
export type TestStoreKind = 'sqlite' | 'postgres';

/**
 * Builds and listens: real store (SQLite in a temporary directory, or a fresh database of the test
 * run's PostgreSQL), real pool (2 threads), real fastify; logs off unless a logger is given.
 */
export async function startTestService(
  options: {
    env?: Record<string, string>;
    providerEnv?: Record<string, string>;
    pool?: StylePool;
    storeKind?: TestStoreKind;
    /** The app's logger (a pino logger); default none. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-service-'));
  const database = options.storeKind === 'postgres' ? await freshTestDatabase() : undefined;
  const config = loadServiceConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STYLER_DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
    ...options.env,
  });
  const providerConfig: ProviderConfig = loadProviderConfig(options.providerEnv ?? {});
  let store: OpenedStore;
  let dropDatabase = async (): Promise<void> => undefined;
  if (database !== undefined) {
    dropDatabase = database.drop;
    store = await openPostgresStore(database.url);
  } else {
    store = new SqliteStylerStore(SqliteDataDirectory.open(dataDir));
  }
  const keys = {
    acme: (await store.tenancy.createKey({ organization: 'acme', project: 'web' })).key,
    globex: (await store.tenancy.createKey({ organization: 'globex', project: 'api' })).key,
  };
  const ownsPool = options.pool === undefined;
  // Started by the first task: tests that never restyle or fit do not pay for loading the threads.
  const pool = options.pool ?? lazyStylePool({ threads: 2 });
  const app = await buildApp({ store, pool, config, providerConfig, logger: options.logger ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}${config.basePath}`;
  return {
    app,
    store,
    get sqlite(): SqliteDataDirectory {
      if (store.kind !== 'sqlite') throw new Error('this test service runs on PostgreSQL');
      return store.sqlite;
    },
    pool,
    config,
    baseUrl,
    keys,
    async removeFileContent(id) {
      if (store.kind === 'postgres') await store.pool.query('DELETE FROM file_contents WHERE file_id = $1', [id]);
      else await store.sqlite.blobs.remove(id);
    },
    request(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      const chosen = key === undefined ? keys.acme : key;
      if (chosen !== null) headers.set('authorization', `Bearer ${chosen}`);
      return fetch(`${baseUrl}${path}`, { ...rest, headers });
    },
    async close() {
      await app.close();
      if (ownsPool) await pool.close();
      await store.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body with one file in field `file` (and `purpose` unless null). */
export function uploadForm(filename: string, content: Buffer | string, purpose: string | null = 'fine-tune'): FormData {
  const form = new FormData();
  if (purpose !== null) form.set('purpose', purpose);
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return form;
}

/** POST JSON helper body/headers. */
export function jsonBody(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Polls a job until it leaves queued/running (the runner's own pace; no wall-clock assertions). */
export async function waitForJob(service: TestService, jobId: string, key?: string): Promise<Record<string, unknown>> {
  for (;;) {
    const response = await service.request(`/fine_tuning/jobs/${jobId}`, key === undefined ? {} : { key });
    const job = (await response.json()) as Record<string, unknown>;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Stores a copy of a trained StyleModel (JSON) as model `name` of the organization of `key`, with a
 * finished job behind it (naming `options.baseModel` as its base model, if given), so a second
 * service instance can transform without training again.
 */
export async function seedModel(
  service: TestService,
  key: string,
  name: string,
  modelJson: string,
  options: { baseModel?: string } = {},
): Promise<void> {
  const principal = await service.store.tenancy.authenticate(key);
  if (!principal) throw new Error('unknown key');
  const jobId = `ftjob-seed${Math.random().toString(36).slice(2, 10)}`;
  await service.store.jobs.create({
    id: jobId,
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    styleModel: 'styler-2',
    baseModel: options.baseModel ?? null,
    suffix: null,
    matchOutputLength: true,
    trainingFiles: [],
  });
  await service.store.jobs.claim(jobId);
  await service.store.jobs.complete(jobId, {
    name,
    organizationId: principal.organizationId,
    styleModel: 'styler-2',
    modelJson,
    summaryJson: '{}',
  });
}

/** The stored StyleModel JSON of model `name` of the organization of `key`. */
export async function modelJsonOf(service: TestService, key: string, name: string): Promise<string> {
  const principal = await service.store.tenancy.authenticate(key);
  const json = principal && (await service.store.models.getModelJson(principal.organizationId, name));
  if (!json) throw new Error(`no model ${name}`);
  return json;
}
