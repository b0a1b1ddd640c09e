/**
 * A PostgreSQL outage under load, with real processes: an API process and two worker processes
 * (`styler serve --role …`) on one server; jobs are created and files uploaded while the server is
 * stopped for several seconds and started again. Every process must outlive the outage (no unhandled
 * 'error' event of a pg client, no unhandled rejection from the queue), and every job the API
 * acknowledged must finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type TestPostgres } from '../../../../test-support/postgres.js';
import { darwin } from './support/fixtures.js';
import {
  childApi,
  childCreateJob,
  childJobSettled,
  childUpload,
  killChildren,
  startChildService,
  type ChildService,
} from './support/child-service.js';

const API_KEY = 'sk-styler-outage-processes-key';
/** How long the database stays down (longer than a request's connection timeout and a queue poll). */
const OUTAGE_MS = 8_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('processes over PostgreSQL when it goes down under load', () => {
  let server: TestPostgres;
  const children: ChildService[] = [];

  beforeAll(async () => {
    // A server of its own: this test stops it.
    server = await startEmbeddedPostgres();
  });
  afterAll(async () => {
    await killChildren(children);
    await server.stop();
  });

  it('keeps every process alive and finishes every acknowledged job', async () => {
    const env = {
      DATABASE_URL: server.url,
      STYLER_POOL_THREADS: '1',
      STYLER_JOB_RETRY_DELAY_MS: '1000',
      // A delivery whose failure could not be recorded during the outage stays with the queue until its
      // lease ends; the job itself moves on when its heartbeat is found stopped (45 s by default).
      STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '10',
    };
    const api = await startChildService(API_KEY, env, ['--role', 'api']);
    children.push(api);
    const workers = await Promise.all([
      startChildService(API_KEY, env, ['--role', 'worker']),
      startChildService(API_KEY, env, ['--role', 'worker']),
    ]);
    children.push(...workers);

    const fileId = await childUpload(api, 'darwin.txt', [1, 2, 3].map(darwin).join('\n***\n'));
    const acknowledged: string[] = [];
    for (let i = 0; i < 4; i += 1) acknowledged.push(await childCreateJob(api, fileId));

    // Load while the database goes away: job creations and uploads, each either acknowledged or refused.
    let loading = true;
    const load = (async () => {
      let n = 0;
      while (loading) {
        n += 1;
        const response = await childApi(api, '/fine_tuning/jobs', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ training_files: [fileId] }),
        }).catch(() => undefined);
        if (response?.status === 200) acknowledged.push(((await response.json()) as { id: string }).id);
        else expect([503, undefined]).toContain(response?.status);
        const form = new FormData();
        form.set('file', new Blob([darwin((n % 7) + 1)]), `letter-${n}.txt`);
        await childApi(api, '/files', { method: 'POST', body: form }).catch(() => undefined);
        await sleep(200);
      }
    })();

    await sleep(1_000);
    await server.pause();
    await sleep(OUTAGE_MS);
    await server.resume();
    await sleep(3_000);
    loading = false;
    await load;

    for (const child of children) expect(child.process.exitCode, child.output().slice(-3000)).toBeNull();
    for (const id of acknowledged) expect(await childJobSettled(api, id)).toMatchObject({ status: 'succeeded' });
    // Still alive after the jobs drained, and no fatal log line.
    for (const child of children) {
      expect(child.process.exitCode).toBeNull();
      expect(child.output()).not.toMatch(/"level":60/);
    }
  }, 240_000);
});
