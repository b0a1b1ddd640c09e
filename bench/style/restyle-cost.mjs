// Cost of restyle on a 1,000-word text as a ratio to qualityAnalytics on the same text (the issue:
// "at most a few qualityAnalytics calls"). The text: the AI inputs in order, whole paragraphs, until
// 1,000 words. Medians of 15 runs after warm-up, in CPU milliseconds. Run: npm run build && node bench/style/restyle-cost.mjs
import { fitStyle, qualityAnalytics, restyle } from '../../dist/index.js';
import { authors, splitAuthor } from './corpora.mjs';
import { costText } from './cost-text.mjs';

const RUNS = 15;
const { text, words } = costText();

// CPU time of this (single-threaded, synchronous) work: steadier than wall time on a shared machine.
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function median(fn) {
  fn();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = cpuMs();
    fn();
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

console.log(`text: ${words} words`);
console.log(
  '| author | restyle (ms) | qualityAnalytics (ms) | ratio | with ROUGE (ms) | ratio |\n| --- | ---: | ---: | ---: | ---: | ---: |',
);
for (const name of authors()) {
  const model = fitStyle(splitAuthor(name).train.map((f) => f.text));
  const styled = median(() => restyle(text, model));
  const quality = median(() =>
    qualityAnalytics({ personalized: text, unpersonalized: text, groundTruth: model.groundTruth }),
  );
  const withRouge = median(() =>
    qualityAnalytics({ personalized: text, unpersonalized: text, groundTruth: model.groundTruth, includeRouge: true }),
  );
  console.log(
    `| ${name} | ${styled.toFixed(1)} | ${quality.toFixed(1)} | ${(styled / quality).toFixed(2)} | ${withRouge.toFixed(1)} | ${(styled / withRouge).toFixed(2)} |`,
  );
}
