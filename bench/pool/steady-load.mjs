// The analytics pool under steady load: does a thread keep its speed after thousands of tasks, and
// do two threads give more than one? Part 1 runs `tasks` analyzeText calls of 300-word texts in a
// row on a 1-thread pool (one in flight, as a busy request loop sends them) and compares the median
// task time of the last 1,000 with the first 1,000 (goal ≤ 1.5). Part 2 measures quality + ROUGE
// calls per second with 1 and with 2 threads, each pool first run for `tasks` / 4 tasks per thread so
// that both are in their steady state, interleaved over `rounds` (goal: 2 threads ≥ 1.5 × 1).
// Run: npm run build && node bench/pool/steady-load.mjs [tasks=10000] [rounds=3] [secondsPerMeasure=5]
import { availableParallelism, cpus, loadavg } from 'node:os';
import { buildGroundTruth, createAnalyticsPool } from '../../packages/analytics/dist/index.js';
import { readFolder, textOfWords } from '../support/corpus.mjs';
import { callsPerSecond } from '../support/rate.mjs';
import { cpuMs } from '../support/cpu.mjs';

const tasks = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);
const measureMs = Number(process.argv[4] ?? 5) * 1000;
const WINDOW = Math.min(1_000, Math.floor(tasks / 4));
const IN_FLIGHT = 8;

const paragraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
const letters = readFolder('darwin-letters');
// 50 different 300-word texts, so no thread sees one text over and over.
const words = letters.join(' ').split(/\s+/);
const texts = Array.from({ length: 50 }, (_, i) => words.slice(i * 300, i * 300 + 300).join(' '));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadavg()[0].toFixed(2)}.`,
);

// Part 1: one thread, `tasks` tasks in a row. The goal is judged on CPU time per task (this process's,
// the pool thread's and V8's collector's included), which other processes on the machine do not
// change; the wall-time medians beside it do change with them.
{
  const pool = createAnalyticsPool({ threads: 1 });
  await pool.analyzeText(texts[0]);
  const times = [];
  const cpuPerTask = [];
  let windowCpu = cpuMs();
  for (let i = 0; i < tasks; i += 1) {
    const start = performance.now();
    await pool.analyzeText(texts[i % texts.length]);
    times.push(performance.now() - start);
    if ((i + 1) % WINDOW === 0) {
      cpuPerTask.push((cpuMs() - windowCpu) / WINDOW);
      windowCpu = cpuMs();
    }
  }
  await pool.close();
  const cpuFirst = cpuPerTask[0];
  const cpuLast = cpuPerTask.at(-1);
  console.log('');
  console.log(`| 1 thread, ${tasks} analyzeText tasks of 300 words | CPU ms per task | wall ms, median |`);
  console.log('|---|---:|---:|');
  cpuPerTask.forEach((cpu, w) => {
    const from = w * WINDOW;
    console.log(
      `| tasks ${from + 1}–${from + WINDOW} | ${cpu.toFixed(2)} | ${median(times.slice(from, from + WINDOW)).toFixed(2)} |`,
    );
  });
  console.log(
    `| last ${WINDOW} / first ${WINDOW} | **${(cpuLast / cpuFirst).toFixed(2)}** (goal ≤ 1.5) | ${(median(times.slice(-WINDOW)) / median(times.slice(0, WINDOW))).toFixed(2)} |`,
  );
}

// Part 2: quality + ROUGE, 1 thread against 2, each past its warm-up into the steady state.
{
  const groundTruth = buildGroundTruth(letters.slice(0, 10));
  const message = textOfWords(paragraphs, 400);
  const input = { personalized: texts[1], unpersonalized: message, groundTruth, includeRouge: true };
  const pools = { 1: createAnalyticsPool({ threads: 1 }), 2: createAnalyticsPool({ threads: 2 }) };
  for (const [threads, pool] of Object.entries(pools)) {
    const warm = Math.floor(tasks / 4) * Number(threads);
    for (let done = 0; done < warm; done += IN_FLIGHT) {
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, (_, i) => pool.analyzeText(texts[(done + i) % texts.length])),
      );
    }
  }
  console.log('');
  console.log('| Round | Load average (1 min) | 1 thread, calls/s | 2 threads, calls/s | 2 / 1 |');
  console.log('|---:|---:|---:|---:|---:|');
  const ratios = [];
  for (let round = 1; round <= rounds; round += 1) {
    const one = await callsPerSecond(() => pools[1].qualityAnalytics(input), IN_FLIGHT, measureMs);
    const two = await callsPerSecond(() => pools[2].qualityAnalytics(input), IN_FLIGHT, measureMs);
    ratios.push(two / one);
    console.log(
      `| ${round} | ${loadavg()[0].toFixed(2)} | ${one.toFixed(1)} | ${two.toFixed(1)} | ${(two / one).toFixed(2)} |`,
    );
  }
  console.log(`| median | | | | **${median(ratios).toFixed(2)}** (goal ≥ 1.5) |`);
  await Promise.all(Object.values(pools).map((pool) => pool.close()));
}
