// Cost of restyle on a 1,000-word text as a ratio to qualityAnalytics on the same text (the issue:
// "at most a few qualityAnalytics calls"). The text: the AI inputs in order, whole paragraphs, until
// 1,000 words. Medians of 15 runs, in CPU milliseconds of the process (process.cpuUsage), two ways:
// - cold: after one warm-up run per author, authors in order (the first figures of this bench);
// - warm: after WARM_RUNS more runs of each function for every author.
// CPU time counts V8's background threads too: while restyle's few hundred functions are being
// compiled by the optimizing compiler (its first hundred-odd calls), their compilation is counted
// against it, whereas qualityAnalytics' code is already compiled by fitStyle (same analytics pass).
// The warm figures are the cost per call of a running service.
// Run: npm run build && node bench/style/restyle-cost.mjs
import '../support/node-version.mjs';
import { fitStyle, qualityAnalytics, restyle } from '../../packages/service/dist/index.js';
import { authors, splitAuthor } from './corpora.mjs';
import { costText } from './cost-text.mjs';
import { medianCpuMs } from '../support/cpu.mjs';

const RUNS = 15;
const WARM_RUNS = Number(process.env.WARM_RUNS ?? 40);
const { text, words } = costText();

const median = (fn, warmUp = 1) => medianCpuMs(fn, RUNS, warmUp);

const models = authors().map((name) => ({ name, model: fitStyle(splitAuthor(name).train.map((f) => f.text)) }));
// The two sides as a transform measures them: the restyled text against the input (the same text on
// both sides would be analysed once).
const calls = ({ model }) => {
  const styled = restyle(text, model);
  const input = { personalized: styled, unpersonalized: text, groundTruth: model.groundTruth };
  return {
    restyle: () => restyle(text, model),
    quality: () => qualityAnalytics(input),
    withRouge: () => qualityAnalytics({ ...input, includeRouge: true }),
  };
};

function table(title, warmUp) {
  console.log(`\n${title}\n`);
  console.log(
    '| author | restyle (ms) | qualityAnalytics (ms) | ratio | with ROUGE (ms) | ratio |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const entry of models) {
    const call = calls(entry);
    const styled = median(call.restyle, warmUp);
    const quality = median(call.quality, warmUp);
    const withRouge = median(call.withRouge, warmUp);
    console.log(
      `| ${entry.name} | ${styled.toFixed(1)} | ${quality.toFixed(1)} | ${(styled / quality).toFixed(2)} | ${withRouge.toFixed(1)} | ${(styled / withRouge).toFixed(2)} |`,
    );
  }
}

console.log(`text: ${words} words`);
table('cold (1 warm-up run per author)', 1);
table(`warm (${WARM_RUNS} more warm-up runs per author and function)`, WARM_RUNS);
