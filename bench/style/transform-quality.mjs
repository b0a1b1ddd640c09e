// A transform with quality asked, before and after "each text analysed once" (issue 22 §2): the
// restyle followed by qualityAnalytics of both texts (four tagger passes: restyle reads the input and
// checks its output, quality analyses both again) against restyleWithQuality (quality reuses the
// output restyle analysed: three). Same process, same 1,000-word text (cost-text.mjs), each
// author's model, interleaved runs, medians of CPU milliseconds; without and with ROUGE.
// The results are checked equal first.
// Run: npm run build && node bench/style/transform-quality.mjs
import { isDeepStrictEqual } from 'node:util';
import { fitStyle, qualityAnalytics, restyle, restyleWithQuality } from '../../packages/service/dist/index.js';
import { authors, splitAuthor } from './corpora.mjs';
import { costText } from './cost-text.mjs';
import { cpuMs } from '../support/cpu.mjs';

const RUNS = Number(process.env.RUNS ?? 15);
const WARM_RUNS = Number(process.env.WARM_RUNS ?? 10);
const { text, words } = costText();

const before = (model, includeRouge) => {
  const styled = restyle(text, model);
  return {
    text: styled,
    quality: qualityAnalytics({
      personalized: styled,
      unpersonalized: text,
      groundTruth: model.groundTruth,
      includeRouge,
    }),
  };
};
const after = (model, includeRouge) => restyleWithQuality(text, model, undefined, includeRouge);

/** Medians of the two calls, run alternately so that both see the same machine. */
function interleaved(a, b) {
  for (let i = 0; i < WARM_RUNS; i += 1) {
    a();
    b();
  }
  const times = { a: [], b: [] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const [key, fn] of i % 2 === 0
      ? [
          ['a', a],
          ['b', b],
        ]
      : [
          ['b', b],
          ['a', a],
        ]) {
      const start = cpuMs();
      fn();
      times[key].push(cpuMs() - start);
    }
  }
  const median = (list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
  return { a: median(times.a), b: median(times.b) };
}

console.log(`text: ${words} words; node ${process.version}; ${RUNS} runs after ${WARM_RUNS} warm-up runs\n`);
console.log('| author | ROUGE | restyle + qualityAnalytics (ms) | restyleWithQuality (ms) | ratio |');
console.log('| --- | --- | ---: | ---: | ---: |');
const ratios = { false: [], true: [] };
for (const name of authors()) {
  const model = fitStyle(splitAuthor(name).train.map((f) => f.text));
  for (const includeRouge of [false, true]) {
    if (!isDeepStrictEqual(before(model, includeRouge), after(model, includeRouge))) {
      throw new Error(`${name}: restyleWithQuality differs from restyle + qualityAnalytics`);
    }
    const { a, b } = interleaved(
      () => before(model, includeRouge),
      () => after(model, includeRouge),
    );
    ratios[includeRouge].push(b / a);
    console.log(
      `| ${name} | ${includeRouge ? 'yes' : 'no'} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`,
    );
  }
}
const mean = (list) => list.reduce((x, y) => x + y, 0) / list.length;
console.log(
  `\nmean ratio (after / before): without ROUGE ${mean(ratios.false).toFixed(2)}, with ROUGE ${mean(ratios.true).toFixed(2)}`,
);
