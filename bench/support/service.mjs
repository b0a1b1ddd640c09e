// The real service in this process for service benches: a SQLite store in a temporary directory,
// the worker pool, the fastify app on a free port, and a style model trained through the API.
/* global FormData, Blob -- Node 20 globals */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadServiceConfig } from '../../packages/service/dist/http/index.js';
import { openSqliteStore } from '../../packages/service/dist/store/index.js';
import { createStylePool } from '../../packages/service/dist/index.js';
import { loadProviderConfig } from '../../packages/engine/dist/providers/index.js';
import { readFolder } from './corpus.mjs';

/**
 * Starts the service with one API key per name in `organizations` (each its own organization).
 * Returns the base URL, a `client(key)` that calls the API, the keys by organization, the pool,
 * the store, and `close()`. STYLER_POOL_THREADS sets the pool's threads; `poolOptions` add to them.
 * `providerEnv` configures the LLM services as the environment would (docs/providers.md); none by default.
 */
export async function startBenchService({
  organizations = ['bench'],
  env = {},
  providerEnv = {},
  poolOptions = {},
} = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-bench-'));
  const config = loadServiceConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STYLER_DATA_DIR: dataDir,
    STYLER_LOG_LEVEL: 'silent',
    ...env,
  });
  const store = openSqliteStore(dataDir, { synchronous: config.sqliteSynchronous });
  const keys = {};
  for (const organization of organizations) {
    keys[organization] = (await store.tenancy.createKey({ organization, project: 'bench' })).key;
  }
  const pool = createStylePool({
    maxQueue: config.poolMaxQueue,
    maxQueuePerTenant: config.poolMaxQueuePerOrg,
    ...(process.env.STYLER_POOL_THREADS && { threads: Number(process.env.STYLER_POOL_THREADS) }),
    ...poolOptions,
  });
  const providerConfig = loadProviderConfig(providerEnv);
  const app = await buildApp({ store, pool, config, providerConfig, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}/v1`;

  /** Calls the API as the holder of `key`; throws on a non-2xx answer. */
  const client = (key) => async (path, init) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...init?.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  /** Requests whose clients went away still finish on their threads: waits until the pool is idle. */
  const untilIdle = async () => {
    while (pool.running > 0 || pool.queueSize > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  async function close() {
    await app.close();
    await pool.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { base, config, store, pool, keys, client, untilIdle, close };
}

/** Uploads ten Darwin letters (about 5,000 words) and fine-tunes on them; returns the model's name. */
export async function trainDarwinModel(call) {
  const form = new FormData();
  form.set('file', new Blob([readFolder('darwin-letters').slice(0, 10).join('\n***\n')]), 'darwin.txt');
  const file = await call('/files', { method: 'POST', body: form });
  let job = await call('/fine_tuning/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ training_files: [file.id], suffix: 'bench' }),
  });
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call(`/fine_tuning/jobs/${job.id}`);
  }
  if (job.status !== 'succeeded') throw new Error(`training failed: ${JSON.stringify(job.error)}`);
  return job.fine_tuned_model;
}
