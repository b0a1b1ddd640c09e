/**
 * PostgreSQL going away under a running service: what needs only keys and models the database
 * confirmed within the cache TTL is still served (rewrite transforms, chat completions on a Styler
 * model, GET /models, model retrieval) and readiness says `degraded`; everything else answers 503 with Retry-After and an error body;
 * nothing crashes; a key revoked elsewhere is refused once the TTL has passed, and everything
 * works again once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, fitStyle, type StylePool } from '@styler-dev/engine';
import { loadProviderConfig } from '@styler-dev/engine/providers';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.js';
import { loadServiceConfig } from '../../src/config.js';
import { openPostgresStore, type OpenedStore } from '../../src/store/index.js';
import { startEmbeddedPostgres, type TestPostgres } from '../../../../test-support/postgres.js';
import { startOpenAITestServer, type OpenAITestServer } from '../../../../test-support/openai-test-server.js';
import { darwin } from './support/fixtures.js';
import { uploadForm } from './support/harness.js';

const MODEL = 'ftm-darwin';
const UNAVAILABLE = { error: 'The database is unavailable: retry shortly.', code: 'database_unavailable' };
/** The second process's cache TTL: short, so the test can wait it out. */
const SHORT_TTL_SECONDS = 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a database outage', () => {
  let server: TestPostgres;
  let llm: OpenAITestServer;
  let store: OpenedStore;
  let pool: StylePool;
  /** An API process with the default TTL, and one with a short TTL. */
  let app: FastifyInstance;
  let shortApp: FastifyInstance;
  let key: string;
  let revokedLater: { key: string; id: string };

  beforeAll(async () => {
    // A server of its own: this test takes it down.
    server = await startEmbeddedPostgres();
    const url = server.url;
    // The default connection timeout: a stopped server refuses at once, and a loaded machine may take
    // over a second for the first connection after the server started.
    store = await openPostgresStore(url);
    key = (await store.tenancy.createKey({ organization: 'acme', project: 'web' })).key;
    const created = await store.tenancy.createKey({ organization: 'acme', project: 'web' });
    revokedLater = { key: created.key, id: created.info.id };
    const principal = await store.tenancy.authenticate(key);
    if (!principal) throw new Error('no principal');
    await store.jobs.create({
      id: 'ftjob-darwin',
      organizationId: principal.organizationId,
      projectId: principal.projectId,
      styleModel: 'styler-2',
      baseModel: null,
      suffix: null,
      matchOutputLength: true,
      trainingFiles: [],
    });
    await store.jobs.claim('ftjob-darwin');
    await store.jobs.complete('ftjob-darwin', {
      name: MODEL,
      organizationId: principal.organizationId,
      styleModel: 'styler-2',
      modelJson: JSON.stringify(fitStyle([1, 2, 3].map(darwin))),
      summaryJson: '{}',
    });
    pool = createStylePool({ threads: 1 });
    llm = await startOpenAITestServer({ reply: 'We walked home along the shore, and the tide was out.' });
    const providerConfig = loadProviderConfig({ STYLER_LLM_BASE_URL: llm.url, STYLER_LLM_MODELS: 'test-model' });
    const config = loadServiceConfig({ DATABASE_URL: url, STYLER_ROLE: 'api' });
    app = await buildApp({ store, pool, config, providerConfig, logger: false });
    const shortConfig = loadServiceConfig({
      DATABASE_URL: url,
      STYLER_ROLE: 'api',
      STYLER_CACHE_TTL_SECONDS: String(SHORT_TTL_SECONDS),
    });
    shortApp = await buildApp({ store, pool, config: shortConfig, providerConfig, logger: false });
    await Promise.all([app.ready(), shortApp.ready()]);
  });
  afterAll(async () => {
    await app.close();
    await shortApp.close();
    await pool.close();
    await store.close();
    await server.stop();
    await llm.close();
  });

  const get = (url: string, as = key, on = app) =>
    on.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
  const transform = (as = key, on = app) =>
    on.inject({
      method: 'POST',
      url: '/v1/style/transform',
      headers: { authorization: `Bearer ${as}` },
      payload: { mode: 'rewrite', model: MODEL, message: 'We walked home along the shore. It was late.' },
    });

  const chat = () =>
    app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${key}` },
      payload: { model: MODEL, messages: [{ role: 'user', content: 'Tell me about the walk home.' }] },
    });

  it('serves cached keys and models, answers 503 for the rest, and recovers when the database returns', async () => {
    expect((await get('/v1/files')).statusCode).toBe(200);
    expect((await get('/v1/health/ready')).json()).toEqual({ status: 'ready', role: 'api' });
    expect((await transform()).statusCode).toBe(200);
    expect((await chat()).statusCode).toBe(200);
    expect((await get('/v1/models')).statusCode).toBe(200);
    expect((await get(`/v1/models/${MODEL}`)).statusCode).toBe(200);
    expect((await transform(revokedLater.key, shortApp)).statusCode).toBe(200);

    // Revoked by another process just before the database goes away.
    expect(await store.tenancy.revokeKey(revokedLater.id)).toBe(true);
    await server.pause();

    const served = await transform();
    expect([served.statusCode, served.json<{ model: string }>().model]).toEqual([200, MODEL]);
    const chatted = await chat();
    expect([chatted.statusCode, chatted.json<{ object: string }>().object]).toEqual([200, 'chat.completion']);
    expect((await get('/v1/models')).json<{ data: { id: string }[] }>().data.map((one) => one.id)).toEqual([MODEL]);
    expect((await get(`/v1/models/${MODEL}`)).json<{ id: string }>().id).toBe(MODEL);
    // The models route answers OpenAI's error shape (it is OpenAI's route, not the spec's).
    const openAiUnavailable = {
      error: { message: UNAVAILABLE.error, type: 'server_error', code: UNAVAILABLE.code, param: null },
    };
    for (const [url, body] of [
      ['/v1/files', UNAVAILABLE],
      ['/v1/fine_tuning/jobs', UNAVAILABLE],
      ['/v1/models?limit=5', openAiUnavailable],
    ] as const) {
      const response = await get(url);
      expect([url, response.statusCode, response.headers['retry-after'], response.json()]).toEqual([
        url,
        503,
        expect.any(String),
        body,
      ]);
    }
    const upload = await app.inject({
      method: 'POST',
      url: '/v1/files',
      headers: { authorization: `Bearer ${key}` },
      payload: uploadForm('notes.txt', 'The voyage was long. We saw whales near the coast every morning.'),
    });
    expect([upload.statusCode, upload.json()]).toEqual([503, UNAVAILABLE]);
    // A key the cache never saw cannot be checked: 503, not 401.
    const unknown = await get('/v1/models', 'sk-styler-never-seen-key');
    expect(unknown.statusCode).toBe(503);
    // Readiness: still serving, from the cache; liveness stays up.
    const ready = await get('/v1/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'degraded', role: 'api' }]);
    expect((await get('/v1/health')).json()).toMatchObject({
      status: 'degraded',
      database: { kind: 'postgres', reachable: false },
      cache: { ttl_seconds: 60, live_keys: 1 },
    });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    // The key revoked elsewhere: once the TTL has passed since the short-TTL process last confirmed
    // it, that process refuses it, and its readiness says nothing can be served.
    await sleep(SHORT_TTL_SECONDS * 1000);
    const refused = await transform(revokedLater.key, shortApp);
    expect([refused.statusCode, refused.json()]).toEqual([503, UNAVAILABLE]);
    expect((await get('/v1/health/ready', key, shortApp)).statusCode).toBe(503);

    await server.resume();
    await expect
      .poll(async () => (await get('/v1/health/ready')).json(), { timeout: 20_000 })
      .toEqual({
        status: 'ready',
        role: 'api',
      });
    expect((await get('/v1/files')).statusCode).toBe(200);
    for (const on of [app, shortApp]) expect((await transform(revokedLater.key, on)).statusCode).toBe(401);
    expect((await transform(key, shortApp)).statusCode).toBe(200);
  }, 90_000);
});
