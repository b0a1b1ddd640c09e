/**
 * The built CLI as a child process (`node bin/styler.js serve`): a job queued or running when the
 * process is killed with SIGKILL finishes after a restart, and SIGTERM lets an in-flight stream end.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readSseData } from './support/sse.js';
import { darwin } from './support/fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API_KEY = 'sk-styler-restart-test-key';
// Big enough that its fit is still running when the process is killed right after creating it.
const BIG = Array.from({ length: 5 }, () => [1, 2, 3, 4, 5, 6].map(darwin))
  .flat()
  .join('\n***\n');
const SMALL = darwin(7);

interface Child {
  process: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

async function startChild(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/styler.js'), 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STYLER_DATA_DIR: dataDir,
      STYLER_API_KEY: API_KEY,
      STYLER_JOB_CONCURRENCY: '1',
      STYLER_POOL_THREADS: '2',
      STYLER_LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    void exit.then((code) => reject(new Error(`serve exited with ${String(code)} before listening:\n${output}`)));
  });
  return { process: child, url, output: () => output, exit };
}

function api(child: Child, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${child.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${API_KEY}`, ...(init.headers as Record<string, string>) },
  });
}

async function upload(child: Child, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([text]), name);
  const response = await api(child, '/files', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function createJob(child: Child, fileId: string): Promise<string> {
  const response = await api(child, '/fine_tuning/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ training_files: [fileId] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function jobOf(child: Child, id: string): Promise<{ status: string; fine_tuned_model: string | null }> {
  return (await (await api(child, `/fine_tuning/jobs/${id}`)).json()) as {
    status: string;
    fine_tuned_model: string | null;
  };
}

describe('styler serve across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-restart-'));
  const children: Child[] = [];
  afterAll(() => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
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
