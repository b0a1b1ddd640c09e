// The analytics pool's overhead: qualityAnalytics called directly on this thread, against the pool
// with 1 and with 2 threads (one task handed to a thread at a time, the default), and with 1 thread
// handed two tasks at once (tasksPerThread 2, as the research commands run), measured interleaved
// so that a change in the machine's load hits all alike. The load average is printed with every round.
// Run: npm run build && node bench/pool/overhead.mjs [rounds=5] [secondsPerMeasure=3]
import { availableParallelism, cpus, loadavg } from 'node:os';
import {
  buildGroundTruth,
  createStylePool,
  fitStyle,
  qualityAnalytics,
  restyle,
} from '../../packages/service/dist/index.js';
import { readFolder, textOfWords } from '../support/corpus.mjs';
import { callsPerSecond } from '../support/rate.mjs';

const rounds = Number(process.argv[2] ?? 5);
const measureMs = Number(process.argv[3] ?? 3) * 1000;
const IN_FLIGHT = 8;

const documents = readFolder('darwin-letters').slice(0, 10);
const groundTruth = buildGroundTruth(documents);
const paragraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
const message = textOfWords(paragraphs, 600).match(/^(?:\s*\S+){500}/)[0];
const input = { personalized: restyle(message, fitStyle(documents)), unpersonalized: message, groundTruth };

const rate = (run, inFlight) => callsPerSecond(run, inFlight, measureMs);

const pools = {
  1: createStylePool({ threads: 1 }),
  '1x2': createStylePool({ threads: 1, tasksPerThread: 2 }),
  2: createStylePool({ threads: 2 }),
};
// Warm-up: JIT, wink's model and the dictionaries in every thread.
await rate(() => qualityAnalytics(input), 1);
for (const pool of Object.values(pools)) await rate(() => pool.qualityAnalytics(input), IN_FLIGHT);

const fmt = (n) => n.toFixed(1);
console.log(
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}. ` +
    `qualityAnalytics of a 500-word text and its restyle against 10 darwin-letters, no ROUGE; ${IN_FLIGHT} pool calls in flight.`,
);
console.log('');
console.log(
  '| Round | Load average (1 min) | Direct, calls/s | Pool 1 thread | Pool 1 thread, 2 tasks at once | Pool 2 threads | 1 thread / direct | 2 tasks at once / 1 | 2 threads / 1 thread |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const ratios = { one: [], prefetch: [], two: [] };
for (let round = 1; round <= rounds; round += 1) {
  const load = loadavg()[0];
  const direct = await rate(async () => qualityAnalytics(input), 1);
  const one = await rate(() => pools[1].qualityAnalytics(input), IN_FLIGHT);
  const prefetch = await rate(() => pools['1x2'].qualityAnalytics(input), IN_FLIGHT);
  const two = await rate(() => pools[2].qualityAnalytics(input), IN_FLIGHT);
  ratios.one.push(one / direct);
  ratios.prefetch.push(prefetch / one);
  ratios.two.push(two / one);
  console.log(
    `| ${round} | ${load.toFixed(2)} | ${fmt(direct)} | ${fmt(one)} | ${fmt(prefetch)} | ${fmt(two)} | ` +
      `${(one / direct).toFixed(2)} | ${(prefetch / one).toFixed(2)} | ${(two / one).toFixed(2)} |`,
  );
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log('');
console.log(
  `Median: 1 thread / direct ${median(ratios.one).toFixed(2)} (goal ≥ 0.90), ` +
    `2 tasks at once / 1 ${median(ratios.prefetch).toFixed(2)}, ` +
    `2 threads / 1 thread ${median(ratios.two).toFixed(2)} (goal ≥ 1.70 with the second core free); ` +
    `load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
);
await Promise.all(Object.values(pools).map((pool) => pool.close()));
