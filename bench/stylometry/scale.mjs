// Scale of `styler corpus` beside a straightforward numpy/scipy reference (reference.py), in one run:
// for each size, a synthetic corpus of 1,000-word documents (synthetic-corpus.mjs: six authors'
// paragraphs drawn with a fixed seed, one document in twenty unknown), then the styler command and
// the reference one after the other, each under /usr/bin/time (wall seconds, peak resident memory),
// then their outputs compared: the same most frequent words, the same distances (to 1e-9), the same
// leave-one-out and unknown-text attributions, the same Ward tree and consensus clades.
// Past --reference-max documents (default 20,000; its whole matrices would not fit) styler runs alone.
//
// On a shared machine wall times move with the load: each size can run the pair --runs times,
// alternating, and the table gives medians, the CPU seconds (user + system) beside the wall seconds,
// and the load average before and after.
//
// The styler CLI keeps V8's compiled code on disk (Node's compile cache), so its first run on a
// machine is slower than the later ones: `--compile-cache cold` gives each styler run an empty cache
// folder of its own (every run a first run); by default (warm) runs use Node's usual folder.
//
// Run: npm run build && node bench/stylometry/scale.mjs [DOCUMENTS...] [--reference-max N] [--dir DIR]
//   [--runs N] [--compile-cache cold|warm] [--styler-flags "--figures none"]   (further flags of
//   styler corpus, space-separated)
//   e.g. node bench/stylometry/scale.mjs 1000 2500 5000 10000 20000
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { syntheticCorpus } from './synthetic-corpus.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const styler = join(here, '../../packages/service/bin/styler.js');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv.splice(at, 2)[1] : fallback;
};
const referenceMax = Number(option('reference-max', 20_000));
const dir = option('dir', join(tmpdir(), 'styler-scale'));
const stylerFlags = option('styler-flags', '').split(' ').filter(Boolean);
const runs = Number(option('runs', 1));
const compileCache = option('compile-cache', 'warm');
if (compileCache !== 'cold' && compileCache !== 'warm') throw new Error('--compile-cache must be cold or warm');
const sizes = argv.length > 0 ? argv.map(Number) : [1000, 2500, 5000, 10000];

/** Runs a command under /usr/bin/time; its wall seconds, CPU seconds (user + system) and peak RSS in MB. */
function timed(command, args, log, env = process.env) {
  const timeFile = `${log}.time`;
  const result = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %M %U %S', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 28,
    env,
  });
  const output = `${result.stdout}${result.stderr}`;
  writeFileSync(log, output);
  if (result.status !== 0) throw new Error(`${command} failed:\n${output}`);
  const [seconds, kilobytes, user, system] = readFileSync(timeFile, 'utf8')
    .trim()
    .split('\n')
    .at(-1)
    .split(' ')
    .map(Number);
  return { seconds, cpu: user + system, mb: kilobytes / 1024, output };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Medians of each measure over several runs of one program. */
const medians = (results) => ({
  seconds: median(results.map((r) => r.seconds)),
  cpu: median(results.map((r) => r.cpu)),
  mb: median(results.map((r) => r.mb)),
});

const load = () => loadavg()[0].toFixed(1);

async function* csvLines(path) {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) yield line;
}

/** Largest |a − b| over two CSV files of numbers with the same header and first column. */
async function matrixDifference(a, b) {
  const left = csvLines(a);
  const right = csvLines(b);
  let max = 0;
  let lines = 0;
  for (;;) {
    const [x, y] = await Promise.all([left.next(), right.next()]);
    if (x.done || y.done) {
      if (x.done !== y.done) throw new Error(`${a} and ${b} differ in length`);
      return { max, lines };
    }
    const p = x.value.split(',');
    const q = y.value.split(',');
    if (lines === 0 || p[0] !== q[0] || p.length !== q.length) {
      if (x.value !== y.value) throw new Error(`${a} and ${b} differ at line ${lines + 1}`);
    } else {
      for (let i = 1; i < p.length; i += 1) max = Math.max(max, Math.abs(Number(p[i]) - Number(q[i])));
    }
    lines += 1;
  }
}

/** Nearest-neighbour files: largest distance difference, and neighbours that differ beyond a tie. */
async function nearestDifference(a, b) {
  const left = csvLines(a);
  const right = csvLines(b);
  let max = 0;
  let swapped = 0;
  let differ = 0;
  for (let line = 0; ; line += 1) {
    const [x, y] = await Promise.all([left.next(), right.next()]);
    if (x.done || y.done) return { max, swapped, differ };
    if (line === 0) continue;
    const [doc, rank, neighbour, distance] = x.value.split(',');
    const [doc2, rank2, neighbour2, distance2] = y.value.split(',');
    if (doc !== doc2 || rank !== rank2) throw new Error(`${a} and ${b} differ at line ${line + 1}`);
    const gap = Math.abs(Number(distance) - Number(distance2));
    max = Math.max(max, gap);
    if (neighbour !== neighbour2) {
      if (gap <= 1e-12) swapped += 1;
      else differ += 1;
    }
  }
}

/** A tree's clades as keys (xor of per-leaf random numbers, with the size), and its heights sorted. */
function treeOf(path) {
  const rows = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));
  const n = rows.length + 1;
  let state = 12345;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0), state);
  const keys = Array.from({ length: n }, () => [random(), random()]);
  const clades = new Set();
  for (const [, left, right, , size] of rows) {
    const key = [(keys[left][0] ^ keys[right][0]) >>> 0, (keys[left][1] ^ keys[right][1]) >>> 0];
    keys.push(key);
    clades.add(`${size}:${key[0]}:${key[1]}`);
  }
  return { clades, heights: rows.map((row) => row[3]).sort((a, b) => a - b) };
}

async function compare(ours, theirs) {
  const words = (path) =>
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
  const sameWords = JSON.stringify(words(join(ours, 'mfw.csv'))) === JSON.stringify(words(join(theirs, 'mfw.csv')));
  const s = JSON.parse(readFileSync(join(ours, 'summary.json'), 'utf8'));
  const r = JSON.parse(readFileSync(join(theirs, 'summary.json'), 'utf8'));
  let distance = 0;
  let neighbours = '';
  for (const method of ['burrows', 'eder', 'cosine']) {
    if (r.matrices === 'full') {
      distance = Math.max(
        distance,
        (await matrixDifference(join(ours, `delta-${method}.csv`), join(theirs, `delta-${method}.csv`))).max,
      );
    } else {
      const d = await nearestDifference(
        join(ours, `delta-${method}-nearest.csv`),
        join(theirs, `delta-${method}-nearest.csv`),
      );
      distance = Math.max(distance, d.max);
      neighbours += `${method}: ${d.differ} differ, ${d.swapped} tied swapped; `;
    }
  }
  const predictions = (list) => new Map(list.map((entry) => [entry.document, entry.predicted]));
  const agree = (a, b) => [...predictions(a)].filter(([doc, p]) => predictions(b).get(doc) === p).length;
  const loo = `${agree(s.leave_one_out, r.leave_one_out)}/${r.leave_one_out.length}`;
  const unknown = `${agree(s.attribution, r.attribution)}/${r.attribution.length}`;
  const a = treeOf(join(ours, 'tree.csv'));
  const b = treeOf(join(theirs, 'tree.csv'));
  const sameTree = a.clades.size === b.clades.size && [...a.clades].every((key) => b.clades.has(key));
  const heightGap = Math.max(...a.heights.map((h, i) => Math.abs(h - b.heights[i]) / Math.max(1, Math.abs(h))));
  const cladeKey = (c) => `${[...c.documents].sort().join('|')}@${c.support}`;
  const ourClades = new Set((s.consensus?.clades ?? []).map(cladeKey));
  const theirClades = (r.consensus?.clades ?? []).map(cladeKey);
  const sameConsensus = ourClades.size === theirClades.length && theirClades.every((key) => ourClades.has(key));
  return { sameWords, distance, neighbours, loo, unknown, sameTree, heightGap, sameConsensus };
}

const versions = {
  node: process.version,
  python: execFileSync('python3', [
    '-c',
    'import sys, numpy, scipy; print(sys.version.split()[0], numpy.__version__, scipy.__version__)',
  ])
    .toString()
    .trim(),
};
console.log(
  `node ${versions.node}; python, numpy, scipy ${versions.python}; ${dir}; ${runs} run${runs === 1 ? '' : 's'} each (medians); ${compileCache} compile cache` +
    (stylerFlags.length > 0 ? `; styler corpus ${stylerFlags.join(' ')}` : ''),
);
console.log(
  '| documents | load | styler s (CPU s) | styler MB | reference s (CPU s) | reference MB | time ratio | CPU ratio | memory ratio | same words | max distance gap | LOO agree | unknown agree | same tree | same consensus |',
);
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |');
for (const size of sizes) {
  const root = join(dir, `corpus-${size}`);
  const { folders, unknown } = syntheticCorpus(root, size);
  const ours = join(dir, `styler-${size}`);
  const theirs = join(dir, `reference-${size}`);
  for (const out of [ours, theirs]) rmSync(out, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const before = load();
  const ourRuns = [];
  const theirRuns = [];
  for (let run = 0; run < runs; run += 1) {
    const cache = compileCache === 'cold' ? mkdtempSync(join(tmpdir(), 'styler-scale-cache-')) : undefined;
    ourRuns.push(
      timed(
        'node',
        [styler, 'corpus', ...folders, '--unknown', unknown, '--out', ours, ...stylerFlags],
        `${ours}.log`,
        cache === undefined ? process.env : { ...process.env, NODE_COMPILE_CACHE: cache },
      ),
    );
    if (cache !== undefined) rmSync(cache, { recursive: true, force: true });
    if (size > referenceMax) continue;
    theirRuns.push(
      timed(
        'python3',
        [join(here, 'reference.py'), ...folders, '--unknown', unknown, '--out', theirs],
        `${theirs}.log`,
      ),
    );
  }
  const loads = `${before}–${load()}`;
  const us = medians(ourRuns);
  const cell = (m) => `${m.seconds.toFixed(2)} (${m.cpu.toFixed(2)})`;
  if (size > referenceMax) {
    console.log(`| ${size} | ${loads} | ${cell(us)} | ${us.mb.toFixed(0)} | – | – | – | – | – | | | | | | |`);
    continue;
  }
  const them = medians(theirRuns);
  const c = await compare(ours, theirs);
  console.log(
    `| ${size} | ${loads} | ${cell(us)} | ${us.mb.toFixed(0)} | ${cell(them)} | ${them.mb.toFixed(0)} | ` +
      `${(us.seconds / them.seconds).toFixed(2)} | ${(us.cpu / them.cpu).toFixed(2)} | ${(us.mb / them.mb).toFixed(2)} | ${c.sameWords ? 'yes' : 'NO'} | ${c.distance.toExponential(1)} | ` +
      `${c.loo} | ${c.unknown} | ${c.sameTree ? `yes (heights ${c.heightGap.toExponential(0)})` : 'NO'} | ${c.sameConsensus ? 'yes' : 'NO'} |`,
  );
  if (c.neighbours !== '') console.log(`  nearest neighbours: ${c.neighbours}`);
  if (!existsSync(join(ours, 'report.html'))) throw new Error('no report');
}
