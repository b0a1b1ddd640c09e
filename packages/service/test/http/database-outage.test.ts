/**
 * PostgreSQL going away under a running service: requests answer 503 with an error body, readiness
 * fails, nothing crashes, and everything works again once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler/engine';
import { loadProviderConfig } from '@styler/engine/providers';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.js';
import { loadServiceConfig } from '../../src/config.js';
import { openPostgresStore, type OpenedStore } from '../../src/store/index.js';
import { startEmbeddedPostgres, type TestPostgres } from '../../../../test-support/postgres.js';
import { uploadForm } from './support/harness.js';

describe('a database outage', () => {
  let server: TestPostgres;
  let store: OpenedStore;
  let pool: StylePool;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    // A server of its own: this test takes it down.
    server = await startEmbeddedPostgres();
    const url = server.url;
    store = await openPostgresStore(url, { connectionTimeoutMs: 1_000 });
    key = (await store.tenancy.createKey({ organization: 'acme', project: 'web' })).key;
    pool = createStylePool({ threads: 1 });
    const config = loadServiceConfig({ DATABASE_URL: url, STYLER_ROLE: 'api' });
    app = await buildApp({ store, pool, config, providerConfig: loadProviderConfig({}), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    await store.close();
    await server.stop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('answers 503 while PostgreSQL is down and recovers when it returns', async () => {
    expect((await get('/v1/files')).statusCode).toBe(200);
    expect((await get('/v1/health/ready')).statusCode).toBe(200);

    await server.pause();
    for (const url of ['/v1/files', '/v1/fine_tuning/jobs', '/v1/models']) {
      const response = await get(url);
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        503,
        { error: 'The database is unavailable: retry shortly.', code: 'database_unavailable' },
      ]);
    }
    const upload = await app.inject({
      method: 'POST',
      url: '/v1/files',
      headers: { authorization: `Bearer ${key}` },
      payload: uploadForm('notes.txt', 'The voyage was long. We saw whales near the coast every morning.'),
    });
    expect(upload.statusCode).toBe(503);
    const ready = await get('/v1/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { error: 'The database is unavailable: retry shortly.', code: 'database_unavailable' },
    ]);
    // Liveness stays up: the process is fine, only its database is not.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    await server.resume();
    await expect.poll(async () => (await get('/v1/health/ready')).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await get('/v1/files')).statusCode).toBe(200);
  }, 60_000);
});
