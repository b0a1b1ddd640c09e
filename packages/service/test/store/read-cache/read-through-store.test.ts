/**
 * The read cache over a real PostgreSQL reached through a relay the test unplugs (a real outage as
 * node-postgres sees it), with the cache's clock in the test's hands: what is served while the
 * database is away, for how long, and what a revocation or a deletion does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitStyle } from '@styler-dev/engine';
import {
  isDatabaseUnavailable,
  openPostgresStore,
  withReadCache,
  type Principal,
  type ReadThroughStore,
  type StylerStore,
} from '../../../src/store/index.js';
import { freshTestDatabase } from '../../../../../test-support/postgres.js';
import { darwin } from '../../http/support/fixtures.js';
import { databaseCable, type DatabaseCable } from './database-cable.js';

const TTL_MS = 60_000;
const MODEL_JSON = JSON.stringify(fitStyle([1, 2].map(darwin)));

/** A finished job and its model `name` in the organization of `principal`. */
async function storeModel(store: StylerStore, principal: Principal, name: string): Promise<string> {
  const jobId = `ftjob-${name}`;
  await store.jobs.create({
    id: jobId,
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    styleModel: 'styler-2',
    baseModel: 'gpt-test',
    suffix: null,
    matchOutputLength: true,
    trainingFiles: [],
  });
  await store.jobs.claim(jobId);
  await store.jobs.complete(jobId, {
    name,
    organizationId: principal.organizationId,
    styleModel: 'styler-2',
    modelJson: MODEL_JSON,
    summaryJson: '{}',
  });
  return jobId;
}

/** The rejection of `promise`, which must be the database's unavailability. */
async function unavailable(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isDatabaseUnavailable(error), String(error)).toBe(true);
}

describe('the read cache over a database that goes away', () => {
  let database: { url: string; drop(): Promise<void> };
  let cable: DatabaseCable;
  /** Another process's view of the database: always reachable. */
  let elsewhere: StylerStore;
  let inner: StylerStore;
  let store: ReadThroughStore;
  let nowMs: number;
  let key: string;
  let principal: Principal;

  beforeEach(async () => {
    database = await freshTestDatabase();
    cable = await databaseCable(database.url);
    elsewhere = await openPostgresStore(database.url);
    inner = await openPostgresStore(cable.url);
    nowMs = 1_000_000;
    store = withReadCache(inner, { ttlMs: TTL_MS, maxEntries: 100, now: () => nowMs });
    key = (await elsewhere.tenancy.createKey({ organization: 'acme', project: 'web' })).key;
    principal = (await elsewhere.tenancy.authenticate(key)) as Principal;
  });
  afterEach(async () => {
    await cable.close();
    await inner.close();
    await elsewhere.close();
    await database.drop();
  });

  it('serves a key, its model, the model list and the finished job for the TTL after the database confirmed them', async () => {
    const jobId = await storeModel(elsewhere, principal, 'ftm-voice');
    const { organizationId } = principal;
    expect(await store.tenancy.authenticate(key)).toEqual(principal);
    const model = await store.models.get(organizationId, 'ftm-voice');
    const list = await store.models.list(organizationId, { limit: 10 });
    const job = await store.jobs.get(organizationId, jobId);
    expect([model?.name, list?.data.map((one) => one.name), job?.status]).toEqual([
      'ftm-voice',
      ['ftm-voice'],
      'succeeded',
    ]);

    await cable.unplug();
    nowMs += TTL_MS - 1;
    expect(await store.tenancy.authenticate(key)).toEqual(principal);
    expect(await store.models.get(organizationId, 'ftm-voice')).toEqual(model);
    expect(await store.models.list(organizationId, { limit: 10 })).toEqual(list);
    expect(await store.jobs.get(organizationId, jobId)).toEqual(job);
    expect(store.status()).toEqual({ liveKeys: 1, ttlSeconds: 60 });
    // What was never read, or another page of the list, is not known: the outage shows.
    await unavailable(store.models.list(organizationId, { limit: 5 }));
    await unavailable(store.files.list(organizationId, { limit: 10 }));

    nowMs += 1;
    await unavailable(store.tenancy.authenticate(key));
    await unavailable(store.models.get(organizationId, 'ftm-voice'));
    expect(store.status().liveKeys).toBe(0);
  });

  it('refuses a key revoked elsewhere at once while the database answers, and within the TTL of its last confirmation during an outage', async () => {
    const second = (await elsewhere.tenancy.createKey({ organization: 'acme', project: 'web' })).key;
    expect(await store.tenancy.authenticate(key)).toEqual(principal);
    expect(await store.tenancy.authenticate(second)).toBeDefined();

    // Revoked by another process, the database still up: refused at the next request.
    await elsewhere.tenancy.revokeKey(principal.keyId);
    expect(await store.tenancy.authenticate(key)).toBeUndefined();
    // ...and forgotten, so an outage cannot bring it back.
    await cable.unplug();
    await unavailable(store.tenancy.authenticate(key));
    await cable.plug();

    // Revoked elsewhere after this process last saw it, then the database goes away: the cache cannot
    // know, so the key works until its confirmation is TTL old, and never after.
    const secondId = (await store.tenancy.authenticate(second))?.keyId as string;
    nowMs += 10_000;
    await elsewhere.tenancy.revokeKey(secondId);
    await cable.unplug();
    expect(await store.tenancy.authenticate(second)).toBeDefined();
    nowMs += TTL_MS - 10_000;
    await unavailable(store.tenancy.authenticate(second));
    await cable.plug();
    expect(await store.tenancy.authenticate(second)).toBeUndefined();
  });

  it('forgets a key revoked, or a model deleted, through itself at once, outage or not', async () => {
    await storeModel(elsewhere, principal, 'ftm-gone');
    const { organizationId } = principal;
    expect(await store.tenancy.authenticate(key)).toBeDefined();
    expect(await store.models.get(organizationId, 'ftm-gone')).toBeDefined();
    expect((await store.models.list(organizationId, { limit: 10 }))?.data).toHaveLength(1);

    expect(await store.models.delete(organizationId, 'ftm-gone')).toBe(true);
    expect(await store.tenancy.revokeKey(principal.keyId)).toBe(true);
    await cable.unplug();
    await unavailable(store.tenancy.authenticate(key));
    await unavailable(store.models.get(organizationId, 'ftm-gone'));
    await unavailable(store.models.list(organizationId, { limit: 10 }));
  });

  it('recalls a page of the model list only while every model on it is still remembered', async () => {
    const small = withReadCache(inner, { ttlMs: TTL_MS, maxEntries: 1, now: () => nowMs });
    await storeModel(elsewhere, principal, 'ftm-one');
    await storeModel(elsewhere, principal, 'ftm-two');
    const page = await small.models.list(principal.organizationId, { limit: 10 });
    expect(page?.data.map((record) => record.name)).toEqual(['ftm-two', 'ftm-one']);
    await cable.unplug();
    // One model record fits: the page cannot be told whole, so it is not told at all.
    await unavailable(small.models.list(principal.organizationId, { limit: 10 }));
    expect((await small.models.get(principal.organizationId, 'ftm-one'))?.name).toBe('ftm-one');
  });

  it('keeps only finished jobs: a queued job changes and is read from the database or not at all', async () => {
    await elsewhere.jobs.create({
      id: 'ftjob-waiting',
      organizationId: principal.organizationId,
      projectId: principal.projectId,
      styleModel: 'styler-2',
      baseModel: null,
      suffix: null,
      matchOutputLength: true,
      trainingFiles: [],
    });
    expect((await store.jobs.get(principal.organizationId, 'ftjob-waiting'))?.status).toBe('queued');
    await cable.unplug();
    await unavailable(store.jobs.get(principal.organizationId, 'ftjob-waiting'));
  });

  it('stops trying the database for a second after it failed, and tries again after', async () => {
    expect(await store.tenancy.authenticate(key)).toBeDefined();
    await cable.unplug();
    expect(await store.tenancy.authenticate(key)).toBeDefined();
    // Back, but within the retry delay: the cache answers without asking it, so a revocation made
    // meanwhile is not seen yet...
    await cable.plug();
    await elsewhere.tenancy.revokeKey(principal.keyId);
    expect(await store.tenancy.authenticate(key)).toBeDefined();
    // ...and once the delay has passed the database is asked again.
    nowMs += 1_000;
    expect(await store.tenancy.authenticate(key)).toBeUndefined();
  });
});

describe('the read cache, bounded', () => {
  it('keeps at most maxEntries answers of a kind, forgetting the oldest', async () => {
    const database = await freshTestDatabase();
    const cable = await databaseCable(database.url);
    const inner = await openPostgresStore(cable.url);
    try {
      const store = withReadCache(inner, { ttlMs: TTL_MS, maxEntries: 2 });
      const keys = [];
      for (const project of ['a', 'b', 'c'])
        keys.push((await inner.tenancy.createKey({ organization: 'acme', project })).key);
      for (const one of keys) expect(await store.tenancy.authenticate(one)).toBeDefined();
      await cable.unplug();
      expect(store.status().liveKeys).toBe(2);
      await unavailable(store.tenancy.authenticate(keys[0] as string));
      for (const one of keys.slice(1)) expect(await store.tenancy.authenticate(one)).toBeDefined();
    } finally {
      await cable.close();
      await inner.close();
      await database.drop();
    }
  });
});
