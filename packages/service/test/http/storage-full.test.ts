/**
 * A full disk: uploads answer 507 and leave nothing behind; a job whose model cannot be saved goes
 * back to the queue and succeeds once there is room again. SQLite's full database is real (its page
 * limit); a full disk under the blob store is a write that reaches the kernel's /dev/full.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { loadProviderConfig } from '@styler-dev/engine/providers';
import { buildApp } from '../../src/http/app.js';
import { loadServiceConfig } from '../../src/config.js';
import { SqliteStylerStore, SqliteDataDirectory, type BlobWriter } from '../../src/store/index.js';
import { fillDatabase, noSpaceError } from '../store/helpers.js';
import { darwin } from './support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

const STORAGE_FULL = {
  error: 'Storage is full: the service cannot save data right now. Retry later.',
  code: 'storage_full',
};
const PROSE = 'The voyage was long and the sea was rough for many weeks. We saw whales near the coast every morning.';

/** Every blob name the stored files should have, and nothing else. */
function expectBlobsOfStoredFilesOnly(store: SqliteDataDirectory): void {
  const expected = [...store.files.allIds()].flatMap((id) => [`${id}.text`, `${id}.upload`]);
  expect(readdirSync(store.blobs.directory).sort()).toEqual(expected.sort());
}

describe('a full disk', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ env: { STYLER_JOB_RETRY_DELAY_MS: '20' } });
  });
  afterAll(async () => service.close());

  it('answers an upload 507 when the database cannot grow, and removes its blobs', async () => {
    const lift = fillDatabase(service.sqlite.db);
    let response: Response | undefined;
    try {
      // Long names fill the last free room in the files table's pages within a few uploads.
      for (let i = 0; i < 40; i += 1) {
        response = await service.request('/files', {
          method: 'POST',
          body: uploadForm(`${'名'.repeat(150)}-${i}.txt`, PROSE),
        });
        if (response.status !== 200) break;
      }
      expect(response?.status).toBe(507);
      // When to come back, as for the other answers that ask a client to retry.
      expect(response?.headers.get('retry-after')).toBe('30');
      expect(await response?.json()).toEqual(STORAGE_FULL);
      expectBlobsOfStoredFilesOnly(service.sqlite);
    } finally {
      lift();
    }
    const again = await service.request('/files', { method: 'POST', body: uploadForm('after.txt', PROSE) });
    expect(again.status).toBe(200);
  });
});

describe('a full disk when a job saves its model', () => {
  let pool: StylePool;
  let service: TestService;

  beforeAll(async () => {
    // One thread: a long fit holds it while the job's fit waits, so the disk fills in between.
    pool = createStylePool({ threads: 1 });
    service = await startTestService({ pool, env: { STYLER_JOB_RETRY_DELAY_MS: '20' } });
  });
  afterAll(async () => {
    await service.close();
    await pool.close();
  });

  /** A job claimed at once whose fit waits behind a long one on the only thread. */
  async function jobBehindLongFit(): Promise<{ jobId: string; blocker: Promise<unknown> }> {
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('darwin.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const blocker = pool.fitStyle([1, 2, 3, 4, 5, 6, 7].map(darwin));
    const created = await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }));
    expect(created.status).toBe(200);
    return { jobId: ((await created.json()) as { id: string }).id, blocker };
  }

  it('puts the job back in the queue, and finishes it once there is room, without counting attempts', async () => {
    const { jobId, blocker } = await jobBehindLongFit();
    // Claimed at once: its fit waits behind the blocker, and the disk fills meanwhile.
    expect(service.sqlite.jobs.getById(jobId)?.status).toBe('running');
    const lift = fillDatabase(service.sqlite.db);
    try {
      await blocker;
      // Back in the queue after its save failed (the pool is not full: only the save can send it back).
      await expect
        .poll(() => service.sqlite.jobs.getById(jobId)?.status, { timeout: 20_000, interval: 2 })
        .toBe('queued');
      expect(service.sqlite.jobs.getById(jobId)).toMatchObject({ error: null, fineTunedModel: null });
    } finally {
      lift();
    }
    const finished = await waitForJob(service, jobId);
    expect(finished).toMatchObject({ status: 'succeeded', error: null });
    expect(service.sqlite.jobs.getById(jobId)?.attempts).toBe(1);
  });

  it('shows the waiting job as queued, not running, and finishes it once there is room', async () => {
    const { jobId, blocker } = await jobBehindLongFit();
    const status = async (): Promise<string> =>
      ((await (await service.request(`/fine_tuning/jobs/${jobId}`)).json()) as { status: string }).status;
    expect(await status()).toBe('running');
    // The disk is full for the model and for the status write that would put the job back.
    const lift = fillDatabase(service.sqlite.db);
    const full = await noSpaceError();
    const requeue = service.store.jobs.requeue;
    service.store.jobs.requeue = async () => {
      throw full;
    };
    try {
      await blocker;
      await expect.poll(status, { timeout: 20_000, interval: 5 }).toBe('queued');
      // The row could not be changed: only what the owner is shown says where the job is.
      expect(service.sqlite.jobs.getById(jobId)?.status).toBe('running');
      const list = (await (await service.request('/fine_tuning/jobs')).json()) as {
        data: { id: string; status: string }[];
      };
      expect(list.data.find((job) => job.id === jobId)?.status).toBe('queued');
    } finally {
      service.store.jobs.requeue = requeue;
      lift();
    }
    const finished = await waitForJob(service, jobId);
    expect(finished).toMatchObject({ status: 'succeeded', error: null });
  });
});

describe('a full disk under the blob store', () => {
  it('answers an upload 507 and leaves neither the upload nor a partial text behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'styler-full-'));
    const enospc = await noSpaceError();
    // The upload's bytes are written; the extracted text gets halfway, then the disk is full.
    const textFillsDisk: BlobWriter = async (handle, data) => {
      if (typeof data !== 'string') return handle.writeFile(data);
      await handle.write(data.slice(0, data.length / 2));
      throw enospc;
    };
    const store = SqliteDataDirectory.open(dataDir, { blobs: { writer: textFillsDisk } });
    const pool = createStylePool({ threads: 1 });
    const config = loadServiceConfig({ STYLER_DATA_DIR: dataDir, STYLER_JOB_CONCURRENCY: '0' });
    const app = await buildApp({
      store: new SqliteStylerStore(store),
      pool,
      config,
      providerConfig: loadProviderConfig({}),
      logger: false,
    });
    try {
      const key = store.tenancy.createKey({ organization: 'acme', project: 'web' }).key;
      const response = await app.inject({
        method: 'POST',
        url: '/v1/files',
        headers: { authorization: `Bearer ${key}` },
        payload: uploadForm('notes.txt', PROSE),
      });
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual(STORAGE_FULL);
      expect(store.files.allIds().size).toBe(0);
      expect(readdirSync(store.blobs.directory)).toEqual([]);
    } finally {
      await app.close();
      await pool.close();
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
