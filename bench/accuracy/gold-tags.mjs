// How much of the classifiers' error is the tagger's: each UD split classified twice, from wink's
// tokens and tags (the production path, as treebanks.mjs runs it) and from the treebank's own tokens
// and UPOS tags, by the rules alone and with the learned decision. The weights were fitted on wink's
// tags, so the gold-tag rows are what better tags would give this model, not a model fitted to them.
// The EWT test split is never read. Prints a markdown table (docs/ACCURACY.md).
//
// Run: npm run build && node bench/accuracy/gold-tags.mjs [--data DIR] [--splits ewt-dev,gum-dev]
import '../support/node-version.mjs';
import { classifyTokens, classifyTokensByRules, tagSentence } from '../../packages/analytics/dist/nlp/index.js';
import { fmt, table } from './classification-metrics.mjs';
import { structureScores } from './sentence-model-fit.mjs';
import { cliOptions, DEFAULT_DATA_DIR, loadUdSplit, UD_SPLITS } from './ud-data.mjs';

const options = cliOptions();
const dataDir = options.data ?? DEFAULT_DATA_DIR;
const wanted = options.splits?.split(',') ?? UD_SPLITS.filter((s) => s.name !== 'ewt-train').map((s) => s.name);

/** Token types the tagger would give, from the gold tag (the classifiers read only text and tag). */
const TYPE_OF_UPOS = { PUNCT: 'punctuation', NUM: 'number', SYM: 'symbol' };

/** A gold sentence as the tagger's TaggedToken list: the treebank's words with its UPOS tags. */
function goldTokens(sentence) {
  return sentence.tokens.map((text, i) => ({
    text,
    lower: text.toLowerCase(),
    pos: sentence.upos[i],
    type: TYPE_OF_UPOS[sentence.upos[i]] ?? 'word',
    spaceBefore: i > 0,
  }));
}

/** "accuracy / lowest class F1" of `predictions` against the split's gold. */
function scores(golds, predictions) {
  const { accuracy, lowestClassF1 } = structureScores(golds, predictions);
  return `${fmt(accuracy)} / ${fmt(lowestClassF1)}`;
}

const rows = [];
for (const name of wanted) {
  const gold = loadUdSplit(name, dataDir);
  const golds = gold.map((s) => s.structure);
  const runs = { winkRules: [], winkLearned: [], goldRules: [], goldLearned: [] };
  for (const sentence of gold) {
    const wink = tagSentence(sentence.text);
    const own = goldTokens(sentence);
    runs.winkRules.push(classifyTokensByRules(wink).structure);
    runs.winkLearned.push(classifyTokens(wink).structure);
    runs.goldRules.push(classifyTokensByRules(own).structure);
    runs.goldLearned.push(classifyTokens(own).structure);
  }
  rows.push([
    name,
    String(gold.length),
    scores(golds, runs.winkRules),
    scores(golds, runs.winkLearned),
    scores(golds, runs.goldRules),
    scores(golds, runs.goldLearned),
  ]);
}

console.log(`Node ${process.version}; structure accuracy / lowest class F1\n`);
console.log(
  table(
    [
      'split',
      'sentences',
      'wink tags, rules',
      'wink tags, learned (shipped)',
      'treebank tags, rules',
      'treebank tags, learned',
    ],
    rows,
  ),
);
