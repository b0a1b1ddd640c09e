// Styler's voice and structure classifiers on four UD English treebanks, split by split: the
// rules alone and the learned decision (fitted on EWT train, chosen on EWT dev), with compromise
// and retext-passive as voice peers in the same run. The EWT test split is never read.
// Prints markdown tables (docs/ACCURACY.md).
//
// Run: npm run build && node bench/accuracy/ud-data.mjs --repos DIR && node bench/accuracy/treebanks.mjs
// Options: --data DIR (default data/ud), --splits ewt-dev,gum-test (default all), --peers no.
import '../support/node-version.mjs';
import nlpCompromise from 'compromise';
import { retext } from 'retext';
import retextPassive from 'retext-passive';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES } from '../../packages/analytics/dist/metrics/index.js';
import { classifyTokens, classifyTokensByRules, tagSentence } from '../../packages/analytics/dist/nlp/index.js';
import {
  accuracy,
  classScores,
  confusion,
  confusionTable,
  fmt,
  perClassTable,
  table,
} from './classification-metrics.mjs';
import { cliOptions, DEFAULT_DATA_DIR, loadUdSplit, UD_SPLITS } from './ud-data.mjs';

const options = cliOptions();
const dataDir = options.data ?? DEFAULT_DATA_DIR;
const wanted = options.splits?.split(',') ?? UD_SPLITS.map((s) => s.name);
const peers = options.peers !== 'no';

const compromiseVoice = (text) =>
  nlpCompromise(text)
    .verbs()
    .json()
    .some((verb) => verb.verb?.grammar?.passive === true)
    ? 'passive'
    : 'active';
const retextProcessor = retext().use(retextPassive);
const retextVoice = async (text) => ((await retextProcessor.process(text)).messages.length > 0 ? 'passive' : 'active');

/** Runs every system over one split's sentences. */
async function measure(name) {
  const gold = loadUdSplit(name, dataDir);
  const rules = [];
  const learned = [];
  for (const sentence of gold) {
    const tokens = tagSentence(sentence.text);
    rules.push(classifyTokensByRules(tokens));
    learned.push(classifyTokens(tokens));
  }
  const compromise = peers ? gold.map((s) => compromiseVoice(s.text)) : null;
  const retextPeer = peers ? await Promise.all(gold.map((s) => retextVoice(s.text))) : null;
  return { name, gold, rules, learned, compromise, retext: retextPeer };
}

const pool = (name, runs) => ({
  name,
  gold: runs.flatMap((r) => r.gold),
  rules: runs.flatMap((r) => r.rules),
  learned: runs.flatMap((r) => r.learned),
  compromise: peers ? runs.flatMap((r) => r.compromise) : null,
  retext: peers ? runs.flatMap((r) => r.retext) : null,
});

function scores(run) {
  const goldVoice = run.gold.map((g) => g.voice);
  const goldStructure = run.gold.map((g) => g.structure);
  const voiceOf = (predictions) => {
    const matrix = confusion(goldVoice, predictions, SENTENCE_VOICES);
    return {
      accuracy: accuracy(goldVoice, predictions),
      f1: classScores(matrix, SENTENCE_VOICES, 'passive').f1,
      matrix,
    };
  };
  const structureOf = (predictions) => {
    const matrix = confusion(goldStructure, predictions, SENTENCE_STRUCTURES);
    const f1s = SENTENCE_STRUCTURES.map((c) => classScores(matrix, SENTENCE_STRUCTURES, c).f1);
    return { accuracy: accuracy(goldStructure, predictions), lowest: Math.min(...f1s), matrix };
  };
  return {
    sentences: run.gold.length,
    passives: goldVoice.filter((v) => v === 'passive').length,
    voice: { rules: voiceOf(run.rules.map((p) => p.voice)), learned: voiceOf(run.learned.map((p) => p.voice)) },
    structure: {
      rules: structureOf(run.rules.map((p) => p.structure)),
      learned: structureOf(run.learned.map((p) => p.structure)),
    },
    compromise: run.compromise ? voiceOf(run.compromise).f1 : null,
    retext: run.retext ? voiceOf(run.retext).f1 : null,
  };
}

const runs = [];
for (const name of wanted) runs.push(await measure(name));
const byName = new Map(runs.map((r) => [r.name, r]));
const treebanks = [
  ['GUM (dev + test)', ['gum-dev', 'gum-test']],
  ['ParTUT (train + dev + test)', ['partut-train', 'partut-dev', 'partut-test']],
  ['LinES (train + dev + test)', ['lines-train', 'lines-dev', 'lines-test']],
].filter(([, names]) => names.every((n) => byName.has(n)));

const role = (name) => UD_SPLITS.find((s) => s.name === name)?.role ?? 'held out';
const arrow = (before, after) => `${fmt(before)} → ${fmt(after)}`;
const summaryRow = (label, roleName, s) => [
  label,
  roleName,
  String(s.sentences),
  String(s.passives),
  arrow(s.voice.rules.accuracy, s.voice.learned.accuracy),
  arrow(s.voice.rules.f1, s.voice.learned.f1),
  s.compromise === null ? '–' : fmt(s.compromise),
  s.retext === null ? '–' : fmt(s.retext),
  arrow(s.structure.rules.accuracy, s.structure.learned.accuracy),
  arrow(s.structure.rules.lowest, s.structure.learned.lowest),
];

const out = [];
out.push('#### Summary (rules → learned decision)\n');
out.push(
  table(
    [
      'split',
      'role',
      'sentences',
      'passive',
      'voice accuracy',
      'passive F1',
      'compromise passive F1',
      'retext-passive passive F1',
      'structure accuracy',
      'lowest class F1',
    ],
    [
      ...runs.map((r) => summaryRow(r.name, role(r.name), scores(r))),
      ...treebanks.map(([label, names]) =>
        summaryRow(
          label,
          'held out',
          scores(
            pool(
              label,
              names.map((n) => byName.get(n)),
            ),
          ),
        ),
      ),
    ],
  ),
);

const detailed = [
  ...runs.filter((r) => r.name.startsWith('ewt-')).map((r) => [r.name, r]),
  ...treebanks.map(([label, names]) => [
    label,
    pool(
      label,
      names.map((n) => byName.get(n)),
    ),
  ]),
];
for (const [label, run] of detailed) {
  const s = scores(run);
  out.push(`\n#### ${label}\n`);
  out.push(
    perClassTable(
      [
        { name: 'rules', matrix: s.structure.rules.matrix },
        { name: 'learned', matrix: s.structure.learned.matrix },
      ],
      SENTENCE_STRUCTURES,
    ),
  );
  out.push('\nStructure, learned decision (rows gold, columns predicted):\n');
  out.push(confusionTable(s.structure.learned.matrix, SENTENCE_STRUCTURES));
  out.push('\nVoice, learned decision (rows gold, columns predicted):\n');
  out.push(confusionTable(s.voice.learned.matrix, SENTENCE_VOICES));
}
console.log(out.join('\n'));
