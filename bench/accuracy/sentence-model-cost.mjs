// What the learned sentence decision costs: CPU time per 1,000 words of wink tagging, of the clause
// and voice rules alone, of the rules with the learned decision, and of the whole analyzeText pass,
// measured in one process, interleaved, the best of 15 rounds of each (CPU time, not wall time:
// the machine is shared). Prints a markdown table (docs/BENCHMARKS.md).
// Run: npm run build && node bench/accuracy/sentence-model-cost.mjs
import {
  analyzeText,
  classifyTokens,
  classifyTokensByRules,
  tagText,
} from '../../packages/analytics/dist/nlp/index.js';
import { allParagraphs, textOfWords } from '../support/corpus.mjs';

const paragraphs = allParagraphs();
const TEXTS = 20;
const texts = Array.from({ length: TEXTS }, (_, i) => textOfWords(paragraphs, 1000, 37 * i + 11));
const sentences = texts
  .map((text) => tagText(text))
  .flatMap(({ tokens, sentences: spans }) => spans.map(([first, last]) => tokens.slice(first, last + 1)));

/** CPU milliseconds of `run`, per 1,000-word text. */
function cpuPerText(run, repeats) {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i += 1) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / repeats / TEXTS;
}

const best = { tagging: Infinity, rules: Infinity, learned: Infinity, analyze: Infinity };
for (let round = 0; round < 15; round += 1) {
  best.tagging = Math.min(
    best.tagging,
    cpuPerText(() => texts.forEach((t) => tagText(t)), 1),
  );
  best.rules = Math.min(
    best.rules,
    cpuPerText(() => sentences.forEach((s) => classifyTokensByRules(s)), 5),
  );
  best.learned = Math.min(
    best.learned,
    cpuPerText(() => sentences.forEach((s) => classifyTokens(s)), 5),
  );
  best.analyze = Math.min(
    best.analyze,
    cpuPerText(() => texts.forEach((t) => analyzeText(t)), 1),
  );
}
const model = best.learned - best.rules;
const row = (name, ms, note) => `| ${name} | ${ms.toFixed(3)} | ${note} |`;
console.log(`Node ${process.version}, ${TEXTS} texts of ~1,000 words, ${sentences.length} sentences\n`);
console.log('| step | CPU ms per 1,000 words | share |\n|---|---:|---|');
console.log(
  [
    row('wink tagging (tagText)', best.tagging, ''),
    row(
      'clause and voice rules (classifyTokensByRules)',
      best.rules,
      `${((100 * best.rules) / best.analyze).toFixed(1)} % of analyzeText`,
    ),
    row('rules + learned decision (classifyTokens)', best.learned, ''),
    row(
      'the learned decision alone (difference)',
      model,
      `${((100 * model) / best.analyze).toFixed(1)} % of analyzeText`,
    ),
    row('whole analyzeText (learned decision included)', best.analyze, '1.00'),
  ].join('\n'),
);
