import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  randomId,
  type FileRecord,
  type NewJob,
  type Principal,
  type SqliteDataDirectory,
} from '../../../src/store/index.js';
import { temporaryStore } from '../helpers.js';

function fileOf(principal: Principal, id = randomId('file')): FileRecord {
  return {
    id,
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    filename: 'a.txt',
    purpose: 'fine-tune',
    kind: 'txt',
    bytes: 10,
    textChars: 10,
    documentCount: 1,
    createdAt: 1_700_000_000,
  };
}

function jobOf(principal: Principal, trainingFiles: string[], suffix: string | null = null): NewJob {
  return {
    id: randomId('ftjob'),
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    styleModel: 'styler-2',
    baseModel: null,
    suffix,
    matchOutputLength: true,
    trainingFiles,
  };
}

describe('files, jobs and models', () => {
  let store: SqliteDataDirectory;
  let cleanup: () => void;
  let acme: Principal;
  let globex: Principal;
  beforeEach(() => {
    ({ store, cleanup } = temporaryStore());
    acme = store.tenancy.authenticate(store.tenancy.createKey({ organization: 'acme', project: 'p' }).key)!;
    globex = store.tenancy.authenticate(store.tenancy.createKey({ organization: 'globex', project: 'p' }).key)!;
  });
  afterEach(() => cleanup());

  it('scopes files to their organization', () => {
    const file = fileOf(acme);
    store.files.insert(file);
    expect(store.files.get(acme.organizationId, file.id)).toEqual(file);
    expect(store.files.get(globex.organizationId, file.id)).toBeUndefined();
    expect(store.files.list(globex.organizationId, { limit: 10 })).toEqual({ data: [], hasMore: false });
    expect(store.files.delete(globex.organizationId, file.id)).toBe('not_found');
    expect(store.files.delete(acme.organizationId, file.id)).toBe('deleted');
    expect(store.files.get(acme.organizationId, file.id)).toBeUndefined();
  });

  it('pages lists newest first with an after cursor, and in ascending order on request', () => {
    const ids = Array.from({ length: 5 }, () => {
      const file = fileOf(acme);
      store.files.insert(file);
      return file.id;
    });
    const first = store.files.list(acme.organizationId, { limit: 2 })!;
    expect(first.data.map((f) => f.id)).toEqual([ids[4], ids[3]]);
    expect(first.hasMore).toBe(true);
    const second = store.files.list(acme.organizationId, { limit: 2, after: ids[3]! })!;
    expect(second.data.map((f) => f.id)).toEqual([ids[2], ids[1]]);
    const last = store.files.list(acme.organizationId, { limit: 2, after: ids[1]! })!;
    expect(last).toEqual({ data: [expect.objectContaining({ id: ids[0] })], hasMore: false });
    const ascending = store.files.list(acme.organizationId, { limit: 10, order: 'asc', after: ids[1]! })!;
    expect(ascending.data.map((f) => f.id)).toEqual(ids.slice(2));
    expect(store.files.list(acme.organizationId, { limit: 2, after: 'file-unknown' })).toBeUndefined();
    expect(() => store.files.list(acme.organizationId, { limit: 0 })).toThrow(RangeError);
  });

  it('creates a job only from files the organization owns', () => {
    const mine = fileOf(acme);
    const theirs = fileOf(globex);
    store.files.insert(mine);
    store.files.insert(theirs);
    expect(store.jobs.create(jobOf(acme, [mine.id, theirs.id]))).toEqual({ missingFileId: theirs.id });
    expect(store.jobs.list(acme.organizationId, { limit: 10 })!.data).toEqual([]);
    const created = store.jobs.create(jobOf(acme, [mine.id]));
    if (!('job' in created)) throw new Error('expected a job');
    expect(created.job).toMatchObject({
      status: 'queued',
      fineTunedModel: null,
      trainingFiles: [mine.id],
      attempts: 0,
    });
    expect(store.jobs.get(globex.organizationId, created.job.id)).toBeUndefined();
  });

  it('keeps a file while a queued or running job needs it', () => {
    const file = fileOf(acme);
    store.files.insert(file);
    const { job } = store.jobs.create(jobOf(acme, [file.id])) as { job: { id: string } };
    expect(store.files.delete(acme.organizationId, file.id)).toBe('in_use');
    expect(store.jobs.claimNextQueued()?.id).toBe(job.id);
    expect(store.files.delete(acme.organizationId, file.id)).toBe('in_use');
    expect(store.jobs.fail(job.id, { code: 'internal', message: 'boom' })).toBe(true);
    expect(store.files.delete(acme.organizationId, file.id)).toBe('deleted');
    // The job still names its training file after the file is gone.
    expect(store.jobs.get(acme.organizationId, job.id)?.trainingFiles).toEqual([file.id]);
  });

  it('claims jobs oldest first, and moves each through its states once', () => {
    const file = fileOf(acme);
    store.files.insert(file);
    const a = (store.jobs.create(jobOf(acme, [file.id], 'a')) as { job: { id: string } }).job;
    const b = (store.jobs.create(jobOf(acme, [file.id])) as { job: { id: string } }).job;
    const claimed = store.jobs.claimNextQueued()!;
    expect(claimed).toMatchObject({ id: a.id, status: 'running', attempts: 1 });
    expect(claimed.startedAt).toEqual(expect.any(Number));
    expect(store.jobs.claimNextQueued()?.id).toBe(b.id);
    expect(store.jobs.claimNextQueued()).toBeUndefined();

    const model = {
      name: 'ftm-a-1',
      organizationId: acme.organizationId,
      styleModel: 'styler-2',
      modelJson: '{"v":1}',
      summaryJson: '{"s":2}',
    };
    expect(store.jobs.complete(a.id, model)).toBe(true);
    expect(store.jobs.complete(a.id, { ...model, name: 'ftm-a-2' })).toBe(false);
    expect(store.jobs.get(acme.organizationId, a.id)).toMatchObject({ status: 'succeeded', fineTunedModel: 'ftm-a-1' });
    expect(store.jobs.get(acme.organizationId, a.id)?.finishedAt).toEqual(expect.any(Number));
    expect(store.models.get(acme.organizationId, 'ftm-a-1')).toMatchObject({ jobId: a.id, summary: { s: 2 } });
    expect(store.models.getModelJson(acme.organizationId, 'ftm-a-1')).toBe('{"v":1}');
    expect(store.models.get(globex.organizationId, 'ftm-a-1')).toBeUndefined();
    expect(store.models.get(acme.organizationId, 'ftm-a-2')).toBeUndefined();

    // A cancelled running job's result is discarded: no model is stored.
    expect(store.jobs.cancel(acme.organizationId, b.id)).toMatchObject({ job: { status: 'cancelled' } });
    expect(store.jobs.complete(b.id, { ...model, name: 'ftm-b' })).toBe(false);
    expect(store.models.get(acme.organizationId, 'ftm-b')).toBeUndefined();
    expect(store.jobs.cancel(acme.organizationId, b.id)).toEqual({ problem: 'not_cancellable' });
    expect(store.jobs.cancel(globex.organizationId, b.id)).toEqual({ problem: 'not_found' });
    expect(store.models.delete(acme.organizationId, 'ftm-a-1')).toBe(true);
    expect(store.models.list(acme.organizationId, { limit: 5 })).toEqual({ data: [], hasMore: false });
  });

  it('requeues running jobs, refunding the attempt when the job never ran', () => {
    const file = fileOf(acme);
    store.files.insert(file);
    const { job } = store.jobs.create(jobOf(acme, [file.id])) as { job: { id: string } };
    store.jobs.claimNextQueued();
    expect(store.jobs.requeue(job.id, true)).toBe(true);
    expect(store.jobs.getById(job.id)).toMatchObject({ status: 'queued', attempts: 0, startedAt: null });
    store.jobs.claimNextQueued();
    expect(store.jobs.requeueAllRunning()).toBe(1);
    expect(store.jobs.getById(job.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(store.jobs.requeue(job.id)).toBe(false);
  });
});
