/**
 * An upload's 200 is written only once everything it acknowledges is on disk, checked in the order
 * of the system calls of the real `styler serve` (SQLite) under strace: for the upload's bytes and
 * its text, the temporary file's fsync, its rename, the directory's fsync; then the fsync of
 * SQLite's write-ahead log that commits its row; then the response. A power cut at any point after
 * the response therefore finds the upload whole. With STYLER_SQLITE_SYNCHRONOUS=NORMAL the log is
 * not synced before the response, which the same check reports (so it can fail). Skipped where
 * strace is missing or may not trace (ptrace refused).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/styler.js', import.meta.url));
const KEY = 'sk-styler-durable-acknowledgement';
const TRACED = 'fsync,fdatasync,rename,renameat,renameat2,write,writev,sendto,sendmsg';

// --seccomp-bpf stops the process only at the traced calls: without it, start-up under strace takes minutes.
const STRACE = ['-f', '--seccomp-bpf', '-qq', '-y', '-s', '64'];
const canTrace = spawnSync('strace', [...STRACE, '-o', '/dev/null', 'true']).status === 0;

/** One finished system call of the trace: its position (when it returned) and its text. */
interface Call {
  at: number;
  text: string;
}

/**
 * The calls of an `strace -f` trace in the order they returned: a call another thread interrupted
 * (`<unfinished ...>`) is placed where it resumed, with its text from where it started.
 */
function callsOf(trace: string): Call[] {
  const pending = new Map<string, string>();
  const calls: Call[] = [];
  trace.split('\n').forEach((line, at) => {
    const match = /^(\d+)\s+(.*)$/.exec(line);
    if (!match) return;
    const [, pid = '', rest = ''] = match;
    if (rest.endsWith('<unfinished ...>')) pending.set(pid, rest);
    else if (rest.startsWith('<... ')) {
      calls.push({ at, text: `${pending.get(pid) ?? ''} ${rest}` });
      pending.delete(pid);
    } else calls.push({ at, text: rest });
  });
  return calls.sort((a, b) => a.at - b.at);
}

/** Position of the first call matching `pattern` returned after `after`, or -1. */
function firstAfter(calls: readonly Call[], pattern: RegExp, after: number): number {
  return calls.find((call) => call.at > after && pattern.test(call.text))?.at ?? -1;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs the service under strace, uploads one file, stops; the trace and the file's id. */
async function tracedUpload(synchronous: string, dataDir: string): Promise<{ trace: string; id: string }> {
  const traceFile = join(dataDir, '..', `trace-${synchronous}.txt`);
  const child = spawn('strace', [...STRACE, '-e', `trace=${TRACED}`, '-o', traceFile, process.execPath, BIN, 'serve'], {
    // Its own process group: the stop signal reaches strace and the service together.
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STYLER_API_KEY: KEY,
      STYLER_DATA_DIR: dataDir,
      STYLER_LOG_LEVEL: 'warn',
      STYLER_POOL_THREADS: '1',
      STYLER_SQLITE_SYNCHRONOUS: synchronous,
    },
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then(() => reject(new Error(`serve exited before listening:\n${output}`)));
    });
    const form = new FormData();
    form.set(
      'file',
      new Blob(['We walked home along the shore. The tide was out, and the gulls were loud.']),
      'walk.txt',
    );
    const response = await fetch(`${url}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    return { trace: await stopAndRead(child, exited, traceFile), id };
  } finally {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

/** Stops the service (and strace with it) as an operator would, and reads the finished trace. */
async function stopAndRead(child: ChildProcess, exited: Promise<void>, traceFile: string): Promise<string> {
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  await exited;
  return readFileSync(traceFile, 'utf8');
}

/** Where each durable step of upload `id` returned, and where its 200 was written (-1: never). */
function acknowledgementSteps(trace: string, id: string, filesDir: string): Record<string, number> {
  const calls = callsOf(trace);
  const steps: Record<string, number> = {};
  let last = -1;
  for (const kind of ['upload', 'text']) {
    const blob = escape(join(filesDir, `${id}.${kind}`));
    steps[`${kind}: fsync of the temporary file`] = last = firstAfter(
      calls,
      new RegExp(`^f(data)?sync\\(\\d+<${blob}\\.tmp-`),
      last,
    );
    steps[`${kind}: rename into place`] = last = firstAfter(calls, new RegExp(`^rename\\w*\\(.*"${blob}"`), last);
    steps[`${kind}: fsync of the directory`] = last = firstAfter(
      calls,
      new RegExp(`^f(data)?sync\\(\\d+<${escape(filesDir)}>`),
      last,
    );
  }
  steps['fsync of the write-ahead log'] = firstAfter(calls, /^f(data)?sync\(\d+<[^>]*styler\.db-wal>/, last);
  steps['the 200'] = firstAfter(calls, /^(write|writev|sendto|sendmsg)\(\d+<(TCP|socket).*HTTP\/1\.1 200/, -1);
  return steps;
}

describe.skipIf(!canTrace)('the order of an upload’s acknowledgement (strace)', () => {
  const root = mkdtempSync(join(tmpdir(), 'styler-durable-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('syncs bytes, names and the database row before answering 200 (FULL, the default)', async () => {
    const dataDir = join(root, 'full');
    const { trace, id } = await tracedUpload('FULL', dataDir);
    const steps = acknowledgementSteps(trace, id, join(dataDir, 'files'));
    const positions = Object.values(steps);
    expect(
      positions.every((at) => at >= 0),
      JSON.stringify(steps, null, 2),
    ).toBe(true);
    expect(positions, JSON.stringify(steps, null, 2)).toEqual([...positions].sort((a, b) => a - b));
  }, 180_000);

  it('reports the row as unsynced at the 200 with NORMAL (the check can fail)', async () => {
    const dataDir = join(root, 'normal');
    const { trace, id } = await tracedUpload('NORMAL', dataDir);
    const steps = acknowledgementSteps(trace, id, join(dataDir, 'files'));
    const wal = steps['fsync of the write-ahead log'] ?? -1;
    const answered = steps['the 200'] ?? -1;
    expect(answered, JSON.stringify(steps, null, 2)).toBeGreaterThan(steps['text: fsync of the directory'] ?? Infinity);
    expect(wal === -1 || wal > answered, JSON.stringify(steps, null, 2)).toBe(true);
  }, 180_000);
});
