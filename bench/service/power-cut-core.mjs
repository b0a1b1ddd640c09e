// A simulated power cut under the embedded store. The data directory lives on an ext4 file system
// in a loop device (a file of this machine's disk), mounted with a 60 s journal commit interval so
// nothing reaches the device unless it is synced. `styler serve` (SQLite) takes uploads and job
// creations from `concurrency` clients, then two uploads alone; then it is killed with SIGKILL
// and, at once, the device's file is copied: the copy holds what had reached the device, and not
// what was still in the kernel's page cache, which a power cut loses. The copy is mounted (ext4 replays its journal as
// after a power cut), opened as the service would open it, and every acknowledged upload (its row,
// both blobs, the bytes by sha256) and job is looked for.
// What this does not simulate: a disk that lies about its cache flushes, and writeback the kernel
// happened to do by itself before the cut (it only makes the copy hold more).
// Needs root (losetup, mount) and mkfs.ext4. Shared by bench/service/power-cut.mjs and
// packages/service/test/http/power-cut.test.ts.
/* global FormData, Blob -- Node 20 globals */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteDataDirectory } from '../../packages/service/dist/store/index.js';

const KEY = 'sk-styler-power-cut';
const BIN = fileURLToPath(new URL('../../packages/service/bin/styler.js', import.meta.url));

/** True where a loop device can be set up and mounted (root, with the tools). */
export function canSimulatePowerCut() {
  if (process.getuid?.() !== 0) return false;
  return ['losetup', 'mkfs.ext4', 'mount', 'umount'].every(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
  );
}

const run = (command, args) => execFileSync(command, args, { encoding: 'utf8' }).trim();

/** Sets up `image` on a free loop device and mounts it on `mountPoint`; returns how to undo both. */
function mountImage(image, mountPoint, options) {
  const device = run('losetup', ['--find', '--show', image]);
  try {
    mkdirSync(mountPoint, { recursive: true });
    run('mount', ['-o', options, device, mountPoint]);
  } catch (error) {
    run('losetup', ['--detach', device]);
    throw error;
  }
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    try {
      run('umount', [mountPoint]);
    } finally {
      run('losetup', ['--detach', device]);
    }
  };
}

function serve(env) {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STYLER_API_KEY: KEY, STYLER_LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], exited });
    });
    void exited.then(() => reject(new Error(`serve exited before listening:\n${output}`)));
  });
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Runs one cut; resolves with the acknowledged uploads and jobs and those the copy lost.
 * `synchronous`: STYLER_SQLITE_SYNCHRONOUS of the service.
 */
export async function runPowerCut({ synchronous = 'FULL', durationMs = 4_000, concurrency = 4 } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'styler-power-cut-'));
  const image = join(work, 'disk.img');
  const copy = join(work, 'after-the-cut.img');
  const acked = { uploads: new Map(), jobs: [] };
  let unmount = () => undefined;
  try {
    run('truncate', ['-s', '128M', image]);
    run('mkfs.ext4', ['-q', '-F', image]);
    // commit=60: the journal is not committed every 5 s by itself, only when something is synced.
    unmount = mountImage(image, join(work, 'live'), 'commit=60');
    const dataDir = join(work, 'live', 'data');
    const service = await serve({
      STYLER_DATA_DIR: dataDir,
      STYLER_SQLITE_SYNCHRONOUS: synchronous,
      STYLER_POOL_THREADS: '1',
      // Jobs are only created, not run: what is checked is that the acknowledged job exists.
      STYLER_JOB_CONCURRENCY: '0',
    });
    const call = (path, init) =>
      fetch(`${service.url}${path}`, { ...init, headers: { authorization: `Bearer ${KEY}`, ...init?.headers } });
    let n = 0;
    const uploadOne = async () => {
      n += 1;
      const text = `Letter ${n}: we walked home along the shore, and the tide was out. `.repeat(20);
      const form = new FormData();
      form.set('file', new Blob([text]), `letter-${n}.txt`);
      const response = await call('/files', { method: 'POST', body: form }).catch(() => undefined);
      if (response?.status !== 200) return false;
      const { id } = await response.json();
      acked.uploads.set(id, sha256(text));
      if (n % 5 !== 0) return true;
      const job = await call('/fine_tuning/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ training_files: [id] }),
      }).catch(() => undefined);
      if (job?.status === 200) acked.jobs.push((await job.json()).id);
      return true;
    };
    let running = true;
    const client = async () => {
      while (running) await uploadOne();
    };
    await Promise.all([
      ...Array.from({ length: concurrency }, client),
      new Promise((resolve) => setTimeout(resolve, durationMs)).then(() => (running = false)),
    ]);
    // Then two uploads alone. Under load another request's fsync may carry the last rows to the
    // device by chance; after the last lone acknowledgement nothing is synced unless the store
    // synced it, so what NORMAL leaves unsynced is surely at stake. Two, because the first may
    // commit into a WAL checkpoint, which syncs; the second then cannot.
    for (let done = 0, tries = 0; done < 2; tries += 1) {
      if (tries === 10) throw new Error('the service refused uploads after the load');
      if (await uploadOne()) done += 1;
    }
    // The cut: no acknowledgement counts after this point, the process is gone, and the device's
    // contents are taken before the kernel writes back what nobody synced.
    const counted = { uploads: new Map(acked.uploads), jobs: [...acked.jobs] };
    service.child.kill('SIGKILL');
    copyFileSync(image, copy);
    await service.exited;
    unmount();

    unmount = mountImage(copy, join(work, 'recovered'), 'defaults');
    const store = SqliteDataDirectory.open(join(work, 'recovered', 'data'));
    const lostUploads = [];
    const lostJobs = [];
    try {
      const rows = store.files.allIds();
      for (const [id, hash] of counted.uploads) {
        const bytes = rows.has(id) ? await store.blobs.read(id, 'upload').catch(() => undefined) : undefined;
        const text = rows.has(id) ? await store.blobs.read(id, 'text').catch(() => undefined) : undefined;
        if (bytes === undefined || text === undefined || sha256(bytes) !== hash) lostUploads.push(id);
      }
      for (const id of counted.jobs) if (!store.jobs.getById(id)) lostJobs.push(id);
    } finally {
      store.close();
    }
    return {
      synchronous,
      uploadsAcked: counted.uploads.size,
      jobsAcked: counted.jobs.length,
      lostUploads,
      lostJobs,
    };
  } finally {
    unmount();
    rmSync(work, { recursive: true, force: true });
  }
}
