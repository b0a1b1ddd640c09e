/** `node bin/styler.js serve` as a child process, for tests that kill, restart or multiply it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildService {
  process: ChildProcessWithoutNullStreams;
  /** Its base URL, from the banner: http://127.0.0.1:<port>/v1 */
  url: string;
  /** The key requests go with. */
  key: string;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Starts the built CLI's service on a free loopback port with `env` on top of the test's own (and
 * `args` after `serve`), and resolves once it listens.
 */
export async function startChildService(
  key: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<ChildService> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/styler.js'), 'serve', ...args], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STYLER_API_KEY: key,
      STYLER_LOG_LEVEL: 'warn',
      ...env,
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
  return { process: child, url, key, output: () => output, exit };
}

/** A request to the child with its key. */
export function childApi(child: ChildService, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${child.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${child.key}`, ...(init.headers as Record<string, string>) },
  });
}

/** Uploads `text` as a training file; its id. */
export async function childUpload(child: ChildService, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([text]), name);
  const response = await childApi(child, '/files', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Creates a fine-tuning job on one file; its id. */
export async function childCreateJob(child: ChildService, fileId: string): Promise<string> {
  const response = await childApi(child, '/fine_tuning/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ training_files: [fileId] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

export interface ChildJob {
  status: string;
  fine_tuned_model: string | null;
  error: unknown;
}

export async function childJob(child: ChildService, id: string): Promise<ChildJob> {
  return (await (await childApi(child, `/fine_tuning/jobs/${id}`)).json()) as ChildJob;
}

/** Polls the job until it is neither queued nor running; throws with its state after `withinMs`. */
export async function childJobSettled(child: ChildService, id: string, withinMs = 120_000): Promise<ChildJob> {
  const until = Date.now() + withinMs;
  let job = await childJob(child, id);
  while (job.status === 'queued' || job.status === 'running') {
    if (Date.now() > until)
      throw new Error(`job ${id} still ${job.status} after ${withinMs} ms: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await childJob(child, id);
  }
  return job;
}

/** Kills every child still running (SIGKILL) and waits for all of them to exit. */
export async function killChildren(children: readonly ChildService[]): Promise<void> {
  for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
  await Promise.all(children.map((child) => child.exit));
}
