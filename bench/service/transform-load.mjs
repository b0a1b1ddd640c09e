// Load on POST /v1/style/transform: rewrite of a 500-word text with include_quality at 8, 32 and 64
// connections (autocannon), then a burst of pathological requests (100,000 characters of one short
// sentence repeated) beside a small request, then idle. Prints latency percentiles per level, the
// server's resident memory (start, peak, idle), and what the pool said about its queue while busy.
// Run: npm run build && node bench/service/transform-load.mjs [secondsPerLevel=20]
import { availableParallelism, cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { qualityAnalytics, restyle } from '../../packages/service/dist/index.js';
import { readFolder, textOfWords, throughput } from '../support/corpus.mjs';
import { startBenchService, trainDarwinModel } from '../support/service.mjs';

const secondsPerLevel = Number(process.argv[2] ?? 20);
const LEVELS = [8, 32, 64];
const IDLE_MS = 15_000;
const MIB = 1024 * 1024;

const service = await startBenchService();
const { base, pool, store } = service;
const key = service.keys.bench;
const auth = { authorization: `Bearer ${key}` };
const call = service.client(key);

// Memory and queue, sampled through the whole run.
const rssStart = process.memoryUsage().rss;
let rssPeak = rssStart;
const queueSamples = [];
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  queueSamples.push({ queued: pool.queueSize, running: pool.running });
}, 50);

// Train on ten Darwin letters (about 5,000 words).
const job = { fine_tuned_model: await trainDarwinModel(call) };

const aiParagraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
// Exactly 500 words, paragraph breaks kept.
const message = textOfWords(aiParagraphs, 600).match(/^(?:\s*\S+){500}/)[0];
const transformBody = (text) =>
  JSON.stringify({ mode: 'rewrite', model: job.fine_tuned_model, message: text, include_quality: true });
const one = await call('/style/transform', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: transformBody(message),
});

// Warm every thread (JIT, caches) so the first level does not measure start-up.
for (let round = 0; round < 3; round++) {
  await Promise.all(
    Array.from({ length: pool.threads * 2 }, () =>
      call('/style/transform', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: transformBody(message),
      }),
    ),
  );
}

const rssWarm = process.memoryUsage().rss;

// Requests whose clients went away still finish on their threads: each phase starts on an idle pool.
const { untilIdle } = service;

const levels = [];
let healthUnderLoad;
for (const connections of LEVELS) {
  await untilIdle();
  const load = loadavg()[0];
  const running = autocannon({
    url: `${base}/style/transform`,
    method: 'POST',
    connections,
    duration: secondsPerLevel,
    headers: { ...auth, 'content-type': 'application/json' },
    body: transformBody(message),
  });
  if (connections === LEVELS.at(-1)) {
    // What /health says mid-run, beside what the pool knows at that moment.
    await new Promise((resolve) => setTimeout(resolve, (secondsPerLevel * 1000) / 2));
    const health = await call('/health');
    healthUnderLoad = { health: health.pool, pool: { queued: pool.queueSize, running: pool.running } };
  }
  const result = await running;
  levels.push({ connections, load, result });
}

// Pathological: four 100,000-character repetitive texts at once, then a small request behind them.
const cats = 'The cat sat. '.repeat(7_700).slice(0, 100_000);
const timed = async (text) => {
  const start = performance.now();
  const response = await fetch(`${base}/style/transform`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: transformBody(text),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
};
await untilIdle();
const pathological = await Promise.all([cats, cats, cats, cats, message].map((text) => timed(text)));

await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
const rssIdle = process.memoryUsage().rss;
clearInterval(sampler);

// The same work without HTTP or the pool, on this thread, for scale.
const principal = await store.tenancy.authenticate(key);
const modelJson = await store.models.getModelJson(principal.organizationId, job.fine_tuned_model);
const styleModel = JSON.parse(modelJson);
const styled = one.choices[0].message.content;
const direct = throughput(
  () => qualityAnalytics({ personalized: styled, unpersonalized: message, groundTruth: styleModel.groundTruth }),
  3000,
);
const directRestyle = throughput(() => restyle(message, styleModel), 3000);
const ceiling = pool.threads / (1 / directRestyle + 1 / direct);

await service.close();

const mib = (bytes) => `${Math.round(bytes / MIB)} MiB`;
const maxRunning = Math.max(...queueSamples.map((s) => s.running));
let errors = 0;
const lines = [
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}; pool threads ${pool.threads}.`,
  `Each request: rewrite of ${message.split(/\s+/).filter(Boolean).length} words of ai-inputs with include_quality, ` +
    `model trained on 10 darwin-letters; ${secondsPerLevel} s per level. Ceiling (threads / direct restyle + quality time): ` +
    `${ceiling.toFixed(1)} requests/s.`,
  '',
  '| Connections | Load avg at start | Requests/s | p50 | p99 | p99 / p50 | Errors |',
  '|---:|---:|---:|---:|---:|---:|---:|',
];
for (const { connections, load, result } of levels) {
  const levelErrors = result.errors + result.timeouts + result.non2xx;
  errors += levelErrors;
  lines.push(
    `| ${connections} | ${load.toFixed(2)} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} ms | ` +
      `${result.latency.p99} ms | ${(result.latency.p99 / result.latency.p50).toFixed(2)} | ${levelErrors} |`,
  );
}
const small = pathological.at(-1);
const cat = pathological.slice(0, 4);
lines.push(
  '',
  `Pathological burst: four 100,000-character repetitive texts answered ${cat.map((c) => c.status).join('/')} in ` +
    `${cat.map((c) => (c.ms / 1000).toFixed(1)).join('/')} s; the 500-word request sent with them: ${small.status} in ` +
    `${(small.ms / 1000).toFixed(2)} s.`,
  `Server RSS (main thread and workers): ${mib(rssStart)} at start, ${mib(rssWarm)} once every thread has ` +
    `loaded its dictionaries, peak ${mib(rssPeak)}, ${mib(rssIdle)} after ${IDLE_MS / 1000} s idle.`,
  `Queue: at most ${maxRunning} tasks running (threads: ${pool.threads}); mid-run at 64 connections /health said ` +
    `${JSON.stringify(healthUnderLoad.health)} while the pool had ${JSON.stringify(healthUnderLoad.pool)}.`,
);
console.log(lines.join('\n'));
if (errors > 0 || pathological.some((p) => p.status !== 200)) process.exitCode = 1;
