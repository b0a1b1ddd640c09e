/**
 * The built CLI as a child process (`node bin/styler.js serve`): a job queued or running when the
 * process is killed with SIGKILL finishes after a restart, and SIGTERM lets an in-flight stream end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readSseData } from './support/sse.js';
import { darwin } from './support/fixtures.js';
import {
  childApi as api,
  childCreateJob as createJob,
  childJob as jobOf,
  childUpload as upload,
  startChildService,
  type ChildService,
  killChildren,
} from './support/child-service.js';

const API_KEY = 'sk-styler-restart-test-key';
// Big enough that its fit is still running when the process is killed right after creating it.
const BIG = Array.from({ length: 5 }, () => [1, 2, 3, 4, 5, 6].map(darwin))
  .flat()
  .join('\n***\n');
const SMALL = darwin(7);

function startChild(dataDir: string): Promise<ChildService> {
  return startChildService(API_KEY, {
    STYLER_DATA_DIR: dataDir,
    STYLER_JOB_CONCURRENCY: '1',
    STYLER_POOL_THREADS: '2',
  });
}

describe('styler serve across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-restart-'));
  const children: ChildService[] = [];
  afterAll(async () => {
    await killChildren(children);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes jobs that were running or queued when the process was killed', async () => {
    const first = await startChild(dataDir);
    children.push(first);
    expect(first.output()).not.toContain('shown only this once');
    const bigFile = await upload(first, 'darwin-1-6.txt', BIG);
    const smallFile = await upload(first, 'darwin-7.txt', SMALL);
    const big = await createJob(first, bigFile);
    const small = await createJob(first, smallFile);
    expect((await jobOf(first, big)).status).toBe('running');
    first.process.kill('SIGKILL');
    expect(await first.exit).toBeNull();

    // What the killed process left behind: one job mid-run, one waiting.
    const db = new Database(join(dataDir, 'styler.db'), { readonly: true });
    const statuses = Object.fromEntries(
      (db.prepare('SELECT id, status FROM jobs').all() as Array<{ id: string; status: string }>).map((row) => [
        row.id,
        row.status,
      ]),
    );
    db.close();
    expect(statuses).toEqual({ [big]: 'running', [small]: 'queued' });

    const second = await startChild(dataDir);
    children.push(second);
    for (const id of [big, small]) {
      let job = await jobOf(second, id);
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await jobOf(second, id);
      }
      expect(job.status).toBe('succeeded');
      expect(job.fine_tuned_model).toMatch(/^ftm-/);
    }

    // Graceful shutdown: SIGTERM while a stream is in flight; the stream still completes.
    const model = (await jobOf(second, small)).fine_tuned_model!;
    const streaming = await api(second, '/style/transform', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mode: 'rewrite',
        model,
        message: SMALL,
        stream: true,
        include_quality: true,
        include_rouge: true,
      }),
    });
    expect(streaming.status).toBe(200);
    second.process.kill('SIGTERM');
    const events = await readSseData(streaming);
    expect(events[events.length - 1]).toBe('[DONE]');
    expect(JSON.parse(events[events.length - 2]!)).toHaveProperty('quality_analytics.rouge');
    expect(await second.exit).toBe(0);
    expect(second.output()).toContain('Styler service stopped.');
  }, 120_000);
});
