/**
 * The store contract suite: what every StylerStore must do, run against SQLite and PostgreSQL
 * (store-contract.test.ts), so the two cannot drift apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord, NewJob, StylerStore } from '../../src/store/index.js';
import { nowSeconds } from '../../src/store/index.js';

/** A fresh, empty store and how to remove it. */
export type OpenTestStore = () => Promise<{ store: StylerStore; cleanup: () => Promise<void> }>;

interface Tenant {
  organizationId: string;
  projectId: string;
}

export function storeContract(name: string, open: OpenTestStore): void {
  describe(`store contract: ${name}`, () => {
    let store: StylerStore;
    let cleanup: () => Promise<void>;
    let acme: Tenant;
    let globex: Tenant;

    async function tenant(organization: string): Promise<Tenant> {
      const { key } = await store.tenancy.createKey({ organization, project: 'main' });
      const principal = await store.tenancy.authenticate(key);
      if (!principal) throw new Error('a created key must authenticate');
      return principal;
    }

    // One timestamp for every record of a test: a record built twice must be equal across a second's turn.
    const createdAt = nowSeconds();

    function fileRecord(owner: Tenant, id: string, bytes = 5): FileRecord {
      return {
        id,
        organizationId: owner.organizationId,
        projectId: owner.projectId,
        filename: `${id}.txt`,
        purpose: 'fine-tune',
        kind: 'txt',
        bytes,
        textChars: 4,
        documentCount: 1,
        createdAt,
      };
    }

    async function addFile(owner: Tenant, id: string): Promise<void> {
      await store.files.create(fileRecord(owner, id), Buffer.from(`bytes of ${id}`), `text of ${id}`);
    }

    function newJob(owner: Tenant, id: string, trainingFiles: string[]): NewJob {
      return {
        id,
        organizationId: owner.organizationId,
        projectId: owner.projectId,
        styleModel: 'styler-2',
        baseModel: null,
        suffix: null,
        matchOutputLength: true,
        trainingFiles,
      };
    }

    function model(owner: Tenant, modelName: string) {
      return {
        name: modelName,
        organizationId: owner.organizationId,
        styleModel: 'styler-2',
        modelJson: JSON.stringify({ version: 1, name: modelName }),
        summaryJson: JSON.stringify({ summary: modelName }),
      };
    }

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      acme = await tenant('acme');
      globex = await tenant('globex');
    });
    afterEach(async () => {
      await cleanup();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('creates, authenticates, lists and revokes keys; a registered key is added once', async () => {
      const { key, info } = await store.tenancy.createKey({ organization: 'initech', project: 'web' });
      expect(key).toMatch(/^sk-styler-/);
      expect(info).toMatchObject({ organizationName: 'initech', projectName: 'web', revokedAt: null });
      expect(key.startsWith(info.prefix)).toBe(true);
      const principal = await store.tenancy.authenticate(key);
      expect(principal).toMatchObject({ keyId: info.id, organizationName: 'initech', projectName: 'web' });
      expect(await store.tenancy.authenticate(`${key}x`)).toBeUndefined();

      const chosen = await store.tenancy.addKey({ organization: 'initech', project: 'web', key: 'dev-key-123' });
      expect(await store.tenancy.addKey({ organization: 'other', project: 'x', key: 'dev-key-123' })).toEqual(chosen);
      expect(chosen.projectId).toBe(info.projectId);
      await expect(store.tenancy.addKey({ organization: 'a', project: 'b', key: 'short' })).rejects.toThrow(TypeError);
      await expect(store.tenancy.createKey({ organization: ' ', project: 'b' })).rejects.toThrow(TypeError);

      expect(await store.tenancy.countKeys()).toBe(4);
      const listed = await store.tenancy.listKeys();
      expect(listed.map((entry) => entry.organizationName)).toEqual(['acme', 'globex', 'initech', 'initech']);
      expect(await store.tenancy.revokeKey(info.id)).toBe(true);
      expect(await store.tenancy.revokeKey(info.id)).toBe(false);
      expect(await store.tenancy.authenticate(key)).toBeUndefined();
      expect((await store.tenancy.listKeys()).find((entry) => entry.id === info.id)?.revokedAt).not.toBeNull();
      expect(await store.tenancy.countKeys()).toBe(4);
    });

    it('stores a file with its bytes and text, scoped to its organization', async () => {
      const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]);
      await store.files.create(fileRecord(acme, 'file-a'), bytes, 'héllo 👋');
      expect(await store.files.get(acme.organizationId, 'file-a')).toEqual(fileRecord(acme, 'file-a'));
      expect(await store.files.get(globex.organizationId, 'file-a')).toBeUndefined();
      expect(await store.files.readUpload('file-a')).toEqual(bytes);
      expect(await store.files.readText('file-a')).toBe('héllo 👋');
      await expect(store.files.readText('file-missing')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await store.files.delete(globex.organizationId, 'file-a')).toBe('not_found');
      expect(await store.files.delete(acme.organizationId, 'file-a')).toBe('deleted');
      expect(await store.files.get(acme.organizationId, 'file-a')).toBeUndefined();
      await expect(store.files.readText('file-a')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await store.files.delete(acme.organizationId, 'file-a')).toBe('not_found');
    });

    it('refuses a second file with the same id and keeps the first intact', async () => {
      await addFile(acme, 'file-same');
      await expect(
        store.files.create(fileRecord(acme, 'file-same', 9), Buffer.from('other'), 'other'),
      ).rejects.toThrow();
      expect(await store.files.get(acme.organizationId, 'file-same')).toEqual(fileRecord(acme, 'file-same'));
      expect(await store.files.readText('file-same')).toBe('text of file-same');
    });

    it('pages lists newest first with an after cursor, ascending on request', async () => {
      for (const id of ['f1', 'f2', 'f3', 'f4', 'f5']) await addFile(acme, id);
      await addFile(globex, 'g1');
      const first = await store.files.list(acme.organizationId, { limit: 2 });
      expect(first?.data.map((file) => file.id)).toEqual(['f5', 'f4']);
      expect(first?.hasMore).toBe(true);
      const second = await store.files.list(acme.organizationId, { limit: 2, after: 'f4' });
      expect(second?.data.map((file) => file.id)).toEqual(['f3', 'f2']);
      const last = await store.files.list(acme.organizationId, { limit: 2, after: 'f2' });
      expect(last).toEqual({ data: [expect.objectContaining({ id: 'f1' })], hasMore: false });
      const ascending = await store.files.list(acme.organizationId, { limit: 10, order: 'asc', after: 'f2' });
      expect(ascending?.data.map((file) => file.id)).toEqual(['f3', 'f4', 'f5']);
      expect(await store.files.list(acme.organizationId, { limit: 2, after: 'g1' })).toBeUndefined();
      await expect(store.files.list(acme.organizationId, { limit: 0 })).rejects.toThrow(RangeError);
    });

    it('creates a job only from files its organization owns, and keeps those files while it needs them', async () => {
      await addFile(acme, 'file-1');
      await addFile(globex, 'file-g');
      expect(await store.jobs.create(newJob(acme, 'job-x', ['file-1', 'file-g']))).toEqual({ missingFileId: 'file-g' });
      expect(await store.jobs.getById('job-x')).toBeUndefined();
      const created = await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      expect(created).toEqual({
        job: expect.objectContaining({ id: 'job-1', status: 'queued', attempts: 0, trainingFiles: ['file-1'] }),
      });
      expect(await store.files.delete(acme.organizationId, 'file-1')).toBe('in_use');
      expect(await store.jobs.cancel(acme.organizationId, 'job-1')).toMatchObject({ job: { status: 'cancelled' } });
      expect(await store.files.delete(acme.organizationId, 'file-1')).toBe('deleted');
      // A finished job still lists the files it trained on.
      expect((await store.jobs.getById('job-1'))?.trainingFiles).toEqual(['file-1']);
    });

    it('scopes jobs to their organization and pages them', async () => {
      await addFile(acme, 'file-1');
      for (const id of ['job-1', 'job-2', 'job-3']) await store.jobs.create(newJob(acme, id, ['file-1']));
      expect(await store.jobs.get(globex.organizationId, 'job-1')).toBeUndefined();
      expect((await store.jobs.get(acme.organizationId, 'job-1'))?.matchOutputLength).toBe(true);
      const page = await store.jobs.list(acme.organizationId, { limit: 2 });
      expect(page?.data.map((job) => job.id)).toEqual(['job-3', 'job-2']);
      expect(page?.hasMore).toBe(true);
      expect((await store.jobs.list(globex.organizationId, { limit: 2 }))?.data).toEqual([]);
      expect(await store.jobs.cancel(globex.organizationId, 'job-1')).toEqual({ problem: 'not_found' });
    });

    it('claims jobs oldest first, each once, even when claimed concurrently', async () => {
      await addFile(acme, 'file-1');
      const ids = Array.from({ length: 8 }, (_, i) => `job-${i}`);
      for (const id of ids) await store.jobs.create(newJob(acme, id, ['file-1']));
      expect((await store.jobs.claimNextQueued())?.id).toBe('job-0');
      const claimed = await Promise.all(ids.slice(1).map(() => store.jobs.claimNextQueued()));
      expect(claimed.map((job) => job?.id).sort()).toEqual(ids.slice(1).sort());
      expect(claimed.every((job) => job?.status === 'running' && job.attempts === 1)).toBe(true);
      expect(await store.jobs.claimNextQueued()).toBeUndefined();
      expect(await store.jobs.claim('job-0')).toBeUndefined();
    });

    it('moves a job through its states once: requeue, fail, cancel and complete are conditional', async () => {
      await addFile(acme, 'file-1');
      await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      expect(await store.jobs.requeue('job-1')).toBe(false);
      expect((await store.jobs.claim('job-1'))?.attempts).toBe(1);
      expect(await store.jobs.requeue('job-1', true)).toBe(true);
      expect(await store.jobs.getById('job-1')).toMatchObject({ status: 'queued', attempts: 0, startedAt: null });
      expect((await store.jobs.claim('job-1'))?.status).toBe('running');
      expect(await store.jobs.fail('job-1', { code: 'internal', message: 'y' }, 'queued')).toBe(false);
      expect(await store.jobs.complete('job-1', model(acme, 'ft:styler-2:acme:1'))).toBe(true);
      expect(await store.jobs.getById('job-1')).toMatchObject({
        status: 'succeeded',
        fineTunedModel: 'ft:styler-2:acme:1',
        error: null,
      });
      // A second completion (a second worker, a retry) makes no second model.
      expect(await store.jobs.complete('job-1', model(acme, 'ft:styler-2:acme:2'))).toBe(false);
      expect(await store.models.get(acme.organizationId, 'ft:styler-2:acme:2')).toBeUndefined();
      expect(await store.jobs.cancel(acme.organizationId, 'job-1')).toEqual({ problem: 'not_cancellable' });

      await store.jobs.create(newJob(acme, 'job-2', ['file-1']));
      await store.jobs.claimNextQueued();
      expect(await store.jobs.cancel(acme.organizationId, 'job-2')).toMatchObject({ job: { status: 'cancelled' } });
      expect(await store.jobs.complete('job-2', model(acme, 'ft:styler-2:acme:3'))).toBe(false);
      expect(await store.models.get(acme.organizationId, 'ft:styler-2:acme:3')).toBeUndefined();

      await store.jobs.create(newJob(acme, 'job-3', ['file-1']));
      await store.jobs.claimNextQueued();
      expect(await store.jobs.fail('job-3', { code: 'invalid_training_data', message: 'No prose.' })).toBe(true);
      expect(await store.jobs.getById('job-3')).toMatchObject({
        status: 'failed',
        error: { code: 'invalid_training_data', message: 'No prose.' },
      });
      expect(await store.jobs.fail('job-3', { code: 'internal', message: 'again' })).toBe(false);
    });

    it('hands a job to a newer lease and lets only that lease finish it', async () => {
      await addFile(acme, 'file-1');
      await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      expect(await store.jobs.claim('job-1', 'delivery:0')).toMatchObject({ status: 'running', lease: 'delivery:0' });
      // The same lease again is not a takeover; a newer delivery (the first worker died) is.
      expect(await store.jobs.claim('job-1', 'delivery:0')).toBeUndefined();
      expect(await store.jobs.claim('job-1', 'delivery:1')).toMatchObject({ attempts: 2, lease: 'delivery:1' });
      expect(await store.jobs.complete('job-1', model(acme, 'ft:old'), 'delivery:0')).toBe(false);
      expect(await store.jobs.fail('job-1', { code: 'internal', message: 'y' }, 'running', 'delivery:0')).toBe(false);
      expect(await store.jobs.complete('job-1', model(acme, 'ft:new'), 'delivery:1')).toBe(true);
      expect(await store.models.get(acme.organizationId, 'ft:old')).toBeUndefined();
      expect((await store.jobs.getById('job-1'))?.fineTunedModel).toBe('ft:new');
      // A finished job is never claimed again.
      expect(await store.jobs.claim('job-1', 'delivery:2')).toBeUndefined();
    });

    it('lets only the lease that claimed the oldest queued job finish it', async () => {
      await addFile(acme, 'file-1');
      await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      expect(await store.jobs.claimNextQueued('poll-a')).toMatchObject({ id: 'job-1', lease: 'poll-a' });
      // The worker stopped and the job went back to the queue; another claim took it.
      expect(await store.jobs.requeue('job-1')).toBe(true);
      expect(await store.jobs.claimNextQueued('poll-b')).toMatchObject({ id: 'job-1', lease: 'poll-b' });
      expect(await store.jobs.complete('job-1', model(acme, 'ft:late'), 'poll-a')).toBe(false);
      expect(await store.jobs.fail('job-1', { code: 'internal', message: 'x' }, 'running', 'poll-a')).toBe(false);
      expect(await store.jobs.complete('job-1', model(acme, 'ft:current'), 'poll-b')).toBe(true);
      expect(await store.models.get(acme.organizationId, 'ft:late')).toBeUndefined();
    });

    it('takes a job over from another lease only when its heartbeat stopped', async () => {
      await addFile(acme, 'file-1');
      await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      const now = Math.floor(Date.now() / 1000);
      expect(await store.jobs.claim('job-1', 'first:0', now - 45)).toMatchObject({ lease: 'first:0' });
      expect(await store.jobs.heartbeat('job-1', 'first:0')).toBe(true);
      // The holder beats: another delivery of the same job does not take it over.
      expect(await store.jobs.claim('job-1', 'second:0', now - 45)).toBeUndefined();
      expect(await store.jobs.requeueStale(now - 45)).toEqual([]);
      // Heartbeats older than the bound: the worker is gone, the job goes back to the queue.
      expect(await store.jobs.requeueStale(now + 5)).toEqual(['job-1']);
      expect(await store.jobs.getById('job-1')).toMatchObject({ status: 'queued', lease: null });
      expect(await store.jobs.heartbeat('job-1', 'first:0')).toBe(false);
      expect(await store.jobs.claim('job-1', 'second:0', now - 45)).toMatchObject({ attempts: 2, lease: 'second:0' });
      // A later attempt of the same delivery (the queue retries it once the attempt ended) takes over at once.
      expect(await store.jobs.claim('job-1', 'second:1', now - 45)).toMatchObject({ attempts: 3, lease: 'second:1' });
      // A job run without a lease (a single process) is never requeued as stale.
      await store.jobs.create(newJob(acme, 'job-2', ['file-1']));
      await store.jobs.claim('job-2');
      expect(await store.jobs.requeueStale(now + 5)).toEqual(['job-1']);
    });

    it('records every start of a job: a takeover counts a new attempt, a refunded retry the same one', async () => {
      await addFile(acme, 'file-1');
      await store.jobs.create(newJob(acme, 'job-1', ['file-1']));
      expect((await store.jobs.getById('job-1'))?.starts).toEqual([]);
      const before = Math.floor(Date.now() / 1000);
      await store.jobs.claim('job-1', 'first:0');
      // The first worker stopped: a newer delivery takes the job over.
      await store.jobs.claim('job-1', 'first:1');
      // That run fails for want of the database: back to the queue, its attempt refunded, and run again.
      expect(await store.jobs.requeue('job-1', true)).toBe(true);
      await store.jobs.claim('job-1', 'first:2');
      const job = await store.jobs.getById('job-1');
      expect(job?.attempts).toBe(2);
      expect(job?.starts.map((start) => start.attempt)).toEqual([1, 2, 2]);
      for (const start of job?.starts ?? []) expect(start.at).toBeGreaterThanOrEqual(before);
      expect(job?.starts.at(-1)?.at).toBe(job?.startedAt);
      // A single process's claims record their starts too.
      await store.jobs.create(newJob(acme, 'job-2', ['file-1']));
      await store.jobs.claimNextQueued();
      expect((await store.jobs.getById('job-2'))?.starts.map((start) => start.attempt)).toEqual([1]);
    });

    it('requeues every running job on request', async () => {
      await addFile(acme, 'file-1');
      for (const id of ['job-1', 'job-2', 'job-3']) await store.jobs.create(newJob(acme, id, ['file-1']));
      await store.jobs.claimNextQueued();
      await store.jobs.claimNextQueued();
      expect(await store.jobs.requeueAllRunning()).toBe(2);
      expect((await store.jobs.getById('job-1'))?.attempts).toBe(1);
      expect((await store.jobs.claimNextQueued())?.id).toBe('job-1');
    });

    it('keeps models per organization: summary, JSON, pages and delete', async () => {
      await addFile(acme, 'file-1');
      for (const [index, id] of ['job-1', 'job-2'].entries()) {
        await store.jobs.create(newJob(acme, id, ['file-1']));
        await store.jobs.claim(id);
        await store.jobs.complete(id, model(acme, `ft:m${index}`));
      }
      const record = await store.models.get(acme.organizationId, 'ft:m0');
      expect(record).toMatchObject({ name: 'ft:m0', jobId: 'job-1', summary: { summary: 'ft:m0' } });
      expect(typeof record?.createdAt).toBe('number');
      expect(JSON.parse((await store.models.getModelJson(acme.organizationId, 'ft:m1')) ?? 'null')).toEqual({
        version: 1,
        name: 'ft:m1',
      });
      expect(await store.models.get(globex.organizationId, 'ft:m0')).toBeUndefined();
      expect(await store.models.getModelJson(globex.organizationId, 'ft:m0')).toBeUndefined();
      const page = await store.models.list(acme.organizationId, { limit: 1 });
      expect(page).toEqual({ data: [expect.objectContaining({ name: 'ft:m1' })], hasMore: true });
      expect((await store.models.list(acme.organizationId, { limit: 5, after: 'ft:m1' }))?.data.length).toBe(1);
      expect(await store.models.delete(globex.organizationId, 'ft:m0')).toBe(false);
      expect(await store.models.delete(acme.organizationId, 'ft:m0')).toBe(true);
      expect(await store.models.get(acme.organizationId, 'ft:m0')).toBeUndefined();
    });
  });
}
