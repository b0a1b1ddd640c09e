// CPU per text of analyzeText on distinct 1,000-word texts (what a service sees), first and second
// pass, for this build and, in the same run, for another build of the project (e.g. an older commit).
// Run: npm run build && node bench/analytics-cpu.mjs [--against DIR] [--texts N] [--rounds R]
//   DIR: a checkout built with `npx tsc -b packages/analytics` (node_modules beside it), e.g.
//   git archive fffdd03 | tar -x -C /tmp/x, node_modules linked from this project's, @styler-dev/*
//   linked to /tmp/x/packages/*. Builds alternate batch by batch, so load hits both alike.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cpuMs } from './support/cpu.mjs';
import { allParagraphs, textOfWords } from './support/corpus.mjs';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    texts: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
  },
});
const textCount = Number(values.texts);
const rounds = Number(values.rounds);
const BATCH = 25;

const load = async (root) =>
  (await import(pathToFileURL(resolve(root, 'packages/analytics/dist/index.js')).href)).analyzeText;
const builds = [{ name: 'this build', analyzeText: await load(new URL('..', import.meta.url).pathname) }];
if (values.against !== undefined) builds.push({ name: values.against, analyzeText: await load(values.against) });

const paragraphs = allParagraphs();
// Each round reads texts no build has read before (first pass), then the same texts again.
const textsOf = (round) =>
  Array.from({ length: textCount }, (_, i) => textOfWords(paragraphs, 1000, 53 * (round * textCount + i) + 7));

const cpu = builds.map(() => ({ first: [], second: [] }));
builds.forEach((b) => b.analyzeText(textOfWords(paragraphs, 1000, 1))); // models loaded
for (let round = 0; round < rounds; round += 1) {
  const texts = textsOf(round);
  for (const pass of ['first', 'second']) {
    const totals = builds.map(() => 0);
    for (let start = 0; start < texts.length; start += BATCH) {
      const batch = texts.slice(start, start + BATCH);
      // Alternate which build goes first in each batch.
      const order = builds.map((_, i) => i);
      if ((start / BATCH) % 2 === 1) order.reverse();
      for (const i of order) {
        const before = cpuMs();
        for (const text of batch) builds[i].analyzeText(text);
        totals[i] += cpuMs() - before;
      }
    }
    totals.forEach((total, i) => cpu[i][pass].push(total / texts.length));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `Node ${process.version}; ${rounds} rounds of ${textCount} distinct ~1,000-word texts; CPU ms per text (median of rounds)\n`,
);
console.log('| build | first pass | second pass |\n|---|---:|---:|');
builds.forEach((b, i) =>
  console.log(`| ${b.name} | ${median(cpu[i].first).toFixed(2)} | ${median(cpu[i].second).toFixed(2)} |`),
);
if (builds.length === 2) {
  const ratio = (pass) => median(cpu[0][pass].map((ms, r) => ms / cpu[1][pass][r])).toFixed(2);
  console.log(`| this build / ${builds[1].name} | ${ratio('first')} | ${ratio('second')} |`);
}
