// The issue-24 cost goal in CPU time, one process: qualityAnalytics per call as a ratio to bare wink
// tagging (default pipeline) of the same texts, for this build and, in the same run, another build.
// Run: npm run build && node bench/analytics-cpu-ratio.mjs [--against DIR] [--rounds R] [--calls N]
//   DIR: a checkout with packages/analytics built (see bench/analytics-cpu.mjs). Every measurement
//   alternates within each round, so load on the machine hits all alike; medians over rounds.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { cpuMs } from './support/cpu.mjs';
import { allParagraphs, textOfWords } from './support/corpus.mjs';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '20' },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);

const load = async (root) => import(pathToFileURL(resolve(root, 'packages/analytics/dist/index.js')).href);
const paragraphs = allParagraphs();
const personalized = textOfWords(paragraphs, 1000, 0);
const unpersonalized = textOfWords(paragraphs, 1000, 400);
const truthDocs = Array.from({ length: 100 }, (_, i) => textOfWords(paragraphs, 1000, 37 * i + 11));
const freshTexts = Array.from({ length: 1200 }, (_, i) => textOfWords(paragraphs, 1000, 53 * i + 7));

const builds = [{ name: 'this build', lib: await load(new URL('..', import.meta.url).pathname) }];
if (values.against !== undefined) builds.push({ name: values.against, lib: await load(values.against) });
for (const build of builds) build.groundTruth = build.lib.buildGroundTruth(truthDocs);

const nlp = winkNLP(model);
const its = nlp.its;
const tag = (texts) => {
  for (const text of texts) nlp.readDoc(text).tokens().out(its.pos);
};
/** The next pair of the 1,200 fresh texts, one sequence per measurement. */
const freshPairs = () => {
  let next = 0;
  return () => [freshTexts[next++ % freshTexts.length], freshTexts[next++ % freshTexts.length]];
};

const measures = [{ name: 'bare wink tagging, same two texts', run: () => tag([personalized, unpersonalized]) }];
const freshBase = freshPairs();
measures.push({ name: 'bare wink tagging, fresh pair', run: () => tag(freshBase()) });
for (const { name, lib, groundTruth } of builds) {
  const fresh = freshPairs();
  measures.push(
    {
      name: `${name}: qualityAnalytics, same texts`,
      run: () => lib.qualityAnalytics({ personalized, unpersonalized, groundTruth }),
    },
    {
      name: `${name}: qualityAnalytics with ROUGE, same texts`,
      run: () => lib.qualityAnalytics({ personalized, unpersonalized, groundTruth, includeRouge: true }),
    },
    {
      name: `${name}: qualityAnalytics, fresh pair`,
      run: () => {
        const [a, b] = fresh();
        lib.qualityAnalytics({ personalized: a, unpersonalized: b, groundTruth });
      },
    },
  );
}

for (const m of measures) for (let i = 0; i < 3; i += 1) m.run(); // warm
const perCall = measures.map(() => []);
for (let round = 0; round < rounds; round += 1) {
  measures.forEach((m, i) => {
    const start = cpuMs();
    for (let c = 0; c < calls; c += 1) m.run();
    perCall[i].push((cpuMs() - start) / calls);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Median over rounds of the per-round ratio baseline / measure (throughput ratio). */
const ratio = (i, base) => median(perCall[i].map((ms, r) => perCall[base][r] / ms)).toFixed(2);
console.log(`Node ${process.version}; ${rounds} interleaved rounds of ${calls} calls; CPU ms per call (median)\n`);
console.log('| measure | CPU ms per call | throughput ratio to bare tagging |\n|---|---:|---:|');
measures.forEach((m, i) => {
  const base = m.name.endsWith('fresh pair') ? 1 : 0;
  console.log(`| ${m.name} | ${median(perCall[i]).toFixed(2)} | ${i < 2 ? '1.00' : ratio(i, base)} |`);
});
