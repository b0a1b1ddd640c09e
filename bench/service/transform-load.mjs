// Load on POST /v1/style/transform: rewrite of a 500-word text with include_quality, 32 connections
// (autocannon), next to qualityAnalytics called directly on the same texts in the same process.
// Run: npm run build && node bench/service/transform-load.mjs [durationSeconds=20]
/* global FormData, Blob -- Node 20 globals */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp, loadServiceConfig } from '../../dist/service/index.js';
import { Store } from '../../dist/store/index.js';
import { createAnalyticsPool, qualityAnalytics, restyle } from '../../dist/index.js';
import { loadProviderConfig } from '../../dist/providers/index.js';
import { readFolder, textOfWords, throughput } from '../support/corpus.mjs';

const durationSeconds = Number(process.argv[2] ?? 20);
const CONNECTIONS = 32;

const dataDir = mkdtempSync(join(tmpdir(), 'styler-bench-'));
const config = loadServiceConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  STYLER_DATA_DIR: dataDir,
  STYLER_LOG_LEVEL: 'silent',
});
const store = Store.open(dataDir);
const { key } = store.tenancy.createKey({ organization: 'bench', project: 'load' });
const pool = createAnalyticsPool({ maxQueue: config.poolMaxQueue });
const app = await buildApp({ store, pool, config, providerConfig: loadProviderConfig({}), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
const base = `http://127.0.0.1:${port}/v1`;
const auth = { authorization: `Bearer ${key}` };

async function call(path, init) {
  const response = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init?.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Train on ten Darwin letters (about 5,000 words).
const form = new FormData();
form.set('file', new Blob([readFolder('darwin-letters').slice(0, 10).join('\n***\n')]), 'darwin.txt');
const file = await call('/files', { method: 'POST', body: form });
const trainStart = performance.now();
let job = await call('/fine_tuning/jobs', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ training_files: [file.id], suffix: 'bench' }),
});
while (job.status === 'queued' || job.status === 'running') {
  await new Promise((resolve) => setTimeout(resolve, 100));
  job = await call(`/fine_tuning/jobs/${job.id}`);
}
if (job.status !== 'succeeded') throw new Error(`training failed: ${JSON.stringify(job.error)}`);
const trainMs = performance.now() - trainStart;

const aiParagraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
// Exactly 500 words, paragraph breaks kept.
const message = textOfWords(aiParagraphs, 600).match(/^(?:\s*\S+){500}/)[0];
const words = message.split(/\s+/).filter(Boolean).length;
const body = JSON.stringify({ mode: 'rewrite', model: job.fine_tuned_model, message, include_quality: true });
const one = await call('/style/transform', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

const result = await autocannon({
  url: `${base}/style/transform`,
  method: 'POST',
  connections: CONNECTIONS,
  duration: durationSeconds,
  headers: { ...auth, 'content-type': 'application/json' },
  body,
});

// The same quality computation without HTTP, restyle or the pool: one thread, direct calls.
const modelJson = store.models.getModelJson(store.tenancy.authenticate(key).organizationId, job.fine_tuned_model);
const groundTruth = JSON.parse(modelJson).groundTruth;
const styled = one.choices[0].message.content;
const direct = throughput(() => qualityAnalytics({ personalized: styled, unpersonalized: message, groundTruth }), 5000);
const styleModel = JSON.parse(modelJson);
const directRestyle = throughput(() => restyle(message, styleModel), 5000);
// What the pool's threads could do at best if the service added nothing: threads / (restyle + quality time).
const ceiling = pool.threads / (1 / directRestyle + 1 / direct);

// The pool alone, 32 qualityAnalytics calls in flight (no HTTP, no restyle).
let poolCalls = 0;
const poolStart = performance.now();
const poolUntil = poolStart + 5000;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < poolUntil) {
      await pool.qualityAnalytics({ personalized: styled, unpersonalized: message, groundTruth });
      poolCalls += 1;
    }
  }),
);
const poolRate = poolCalls / ((performance.now() - poolStart) / 1000);

await app.close();
await pool.close();
store.close();
rmSync(dataDir, { recursive: true, force: true });

const errors = result.errors + result.timeouts + result.non2xx;
const lines = [
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; pool threads ${pool.threads}.`,
  `Model trained on 10 darwin-letters documents in ${(trainMs / 1000).toFixed(1)} s. Text: ${words} words of ai-inputs.`,
  '',
  '| What | Value |',
  '|---|---:|',
  `| Transform (rewrite + include_quality), ${CONNECTIONS} connections, ${durationSeconds} s | ${result.requests.average.toFixed(2)} requests/s |`,
  `| Latency p50 | ${result.latency.p50} ms |`,
  `| Latency p99 | ${result.latency.p99} ms |`,
  `| Requests completed | ${result.requests.total} |`,
  `| Errors (connection errors + timeouts + non-2xx) | ${errors} |`,
  `| qualityAnalytics called directly, one thread | ${direct.toFixed(2)} calls/s |`,
  `| pool.qualityAnalytics, ${CONNECTIONS} in flight, ${pool.threads} threads | ${poolRate.toFixed(2)} calls/s |`,
  `| restyle called directly, one thread | ${directRestyle.toFixed(2)} calls/s |`,
  `| Ceiling: ${pool.threads} threads / (restyle + qualityAnalytics time) | ${ceiling.toFixed(2)} requests/s |`,
  `| Transform rate / ceiling | ${(result.requests.average / ceiling).toFixed(2)} |`,
  `| Transform rate / direct qualityAnalytics rate | ${(result.requests.average / direct).toFixed(2)} |`,
  `| Transform rate / pool qualityAnalytics rate | ${(result.requests.average / poolRate).toFixed(2)} |`,
];
console.log(lines.join('\n'));
if (errors > 0) process.exitCode = 1;
