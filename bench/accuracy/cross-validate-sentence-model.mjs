// How well the learned sentence decision holds on EWT text it was not fitted on, beyond the one dev
// split: K-fold cross-validation over EWT train by document (a document's sentences stay in one
// fold; documents go to folds in turn, so each fold mixes the genres as the treebank does). Each
// fold is fitted from scratch with the shipped file's settings (L2 strengths, mix, steps: chosen on
// EWT dev, not here) and scored on the fold left out, next to the rules alone. With --grid yes,
// every setting of the training grid is scored the same way, to see whether the dev choice holds
// (about two minutes). The EWT test split is never read. Prints markdown tables (docs/ACCURACY.md).
//
// Run: npm run build && node bench/accuracy/cross-validate-sentence-model.mjs [--folds 5] [--grid yes] [--data DIR]
import '../support/node-version.mjs';
import { readFileSync } from 'node:fs';
import { FEATURE_SET } from '../../packages/analytics/dist/nlp/sentence-model/templates.js';
import { SENTENCE_STRUCTURES } from '../../packages/analytics/dist/vocabulary/features.js';
import { classScores, confusion, fmt, table } from './classification-metrics.mjs';
import {
  clauseDistributions,
  Featurizer,
  fit,
  mixed,
  sentenceDistributions,
  SETTING_GRID,
  structureScores,
  voicePredictions,
  voiceScores,
} from './sentence-model-fit.mjs';
import { cliOptions, DEFAULT_DATA_DIR, loadUdSplit } from './ud-data.mjs';

const options = cliOptions();
const dataDir = options.data ?? DEFAULT_DATA_DIR;
const folds = Number(options.folds ?? 5);
if (!Number.isInteger(folds) || folds < 2) throw new Error('--folds must be an integer of at least 2');

const shipped = JSON.parse(
  readFileSync(new URL('../../packages/analytics/models/sentence-classifier.json', import.meta.url), 'utf8'),
);
if (shipped.featureSet !== FEATURE_SET)
  throw new Error(`the shipped weights are for "${shipped.featureSet}", this build computes "${FEATURE_SET}"`);
const { clauseL2, sentenceL2, voiceL2, iterations } = shipped.settings;
const grid =
  options.grid === 'yes'
    ? SETTING_GRID
    : { clauseL2: [clauseL2], sentenceL2: [sentenceL2], voiceL2: [voiceL2], mix: [shipped.mix] };
const settingKey = (clause, sentence, mix) => `clause L2 ${clause}, sentence L2 ${sentence}, mix ${mix}`;
const SHIPPED_KEY = settingKey(clauseL2, sentenceL2, shipped.mix);

/** UD sentence ids end in "-NNNN", the sentence's number within its document. */
const documentOf = (sentence) => sentence.id.replace(/-\d+$/, '');

const gold = loadUdSplit('ewt-train', dataDir);
const documents = [...new Set(gold.map(documentOf))];
const foldOfDocument = new Map(documents.map((document, i) => [document, i % folds]));

/**
 * Fits the models of every grid setting on every fold but `k` and answers for fold `k`, as a
 * weights file with that setting would: structures by setting key, voices by voice L2.
 */
function runFold(k) {
  // A fresh symbol table per fold, grown by the training folds only (in file order), as in training.
  const featurizer = new Featurizer();
  const inFold = (sentence) => foldOfDocument.get(documentOf(sentence)) === k;
  const training = featurizer.featurize(
    gold.filter((s) => !inFold(s)),
    true,
  );
  const heldOut = featurizer.featurize(gold.filter(inFold), false);
  const { vocabularies, examples } = featurizer.trainingSet(training.sentences);
  const fromClauses = grid.clauseL2.map((l2) =>
    clauseDistributions(fit(examples.clause, vocabularies.clause, 3, l2, iterations), vocabularies.clause, heldOut),
  );
  const fromSentences = grid.sentenceL2.map((l2) =>
    sentenceDistributions(
      fit(examples.sentence, vocabularies.sentence, 5, l2, iterations),
      vocabularies.sentence,
      heldOut,
    ),
  );
  const structures = new Map();
  grid.clauseL2.forEach((clause, i) =>
    grid.sentenceL2.forEach((sentence, j) =>
      grid.mix.forEach((mix) =>
        structures.set(settingKey(clause, sentence, mix), mixed(fromSentences[j], fromClauses[i], mix)),
      ),
    ),
  );
  const voices = new Map(
    grid.voiceL2.map((l2) => [
      l2,
      voicePredictions(fit(examples.voice, vocabularies.voice, 2, l2, iterations), vocabularies.voice, heldOut),
    ]),
  );
  return {
    documents: new Set(heldOut.sentences.map((s) => documentOf(s.gold))).size,
    golds: heldOut.sentences.map((s) => s.gold),
    structures,
    voices,
    learned: structures.get(SHIPPED_KEY),
    learnedVoices: voices.get(voiceL2),
    rules: heldOut.sentences.map((s) => s.rule),
    ruleVoices: heldOut.sentences.map((s) => s.ruleVoice),
  };
}

/** One row of scores: rules → learned for structure, learned for voice. */
function scoreRow(label, run) {
  const structures = run.golds.map((s) => s.structure);
  const voices = run.golds.map((s) => s.voice);
  const rules = structureScores(structures, run.rules);
  const learned = structureScores(structures, run.learned);
  const [lowName] = Object.entries(learned.f1).reduce((low, entry) => (entry[1] < low[1] ? entry : low));
  const voice = voiceScores(voices, run.learnedVoices);
  const ruleVoice = voiceScores(voices, run.ruleVoices);
  return {
    accuracy: learned.accuracy,
    cells: [
      label,
      String(run.golds.length),
      String(run.documents),
      `${fmt(rules.accuracy)} → ${fmt(learned.accuracy)}`,
      `${fmt(rules.lowestClassF1)} → ${fmt(learned.lowestClassF1)} (${lowName})`,
      `${fmt(ruleVoice.voiceAccuracy)} → ${fmt(voice.voiceAccuracy)}`,
      `${fmt(ruleVoice.passiveF1)} → ${fmt(voice.passiveF1)}`,
    ],
  };
}

const runs = [];
for (let k = 0; k < folds; k += 1) {
  runs.push(runFold(k));
  console.error(`fold ${k + 1} of ${folds} done`);
}
const pooled = {
  documents: documents.length,
  ...Object.fromEntries(
    ['golds', 'learned', 'learnedVoices', 'rules', 'ruleVoices'].map((key) => [key, runs.flatMap((run) => run[key])]),
  ),
};
const rows = runs.map((run, k) => scoreRow(`fold ${k + 1}`, run));
const mean = rows.reduce((sum, row) => sum + row.accuracy, 0) / rows.length;
const spread = Math.sqrt(rows.reduce((sum, row) => sum + (row.accuracy - mean) ** 2, 0) / (rows.length - 1));

console.log(
  `Node ${process.version}; EWT train, ${folds} folds by document; settings of the shipped file ` +
    `(clause L2 ${clauseL2}, sentence L2 ${sentenceL2}, mix ${shipped.mix}, voice L2 ${voiceL2}, ${iterations} steps)\n`,
);
console.log(
  table(
    [
      'held out',
      'sentences',
      'documents',
      'structure accuracy (rules → learned)',
      'lowest class F1',
      'voice accuracy',
      'passive F1',
    ],
    [...rows.map((row) => row.cells), scoreRow('all folds pooled', pooled).cells],
  ),
);
console.log(`\nLearned structure accuracy over the folds: mean ${fmt(mean)}, standard deviation ${fmt(spread)}.\n`);
const pooledMatrix = confusion(
  pooled.golds.map((s) => s.structure),
  pooled.learned,
  SENTENCE_STRUCTURES,
);
const ruleMatrix = confusion(
  pooled.golds.map((s) => s.structure),
  pooled.rules,
  SENTENCE_STRUCTURES,
);
console.log(
  table(
    ['class (pooled)', 'support', 'rules F1', 'learned F1'],
    SENTENCE_STRUCTURES.map((c) => [
      c,
      String(classScores(pooledMatrix, SENTENCE_STRUCTURES, c).support),
      fmt(classScores(ruleMatrix, SENTENCE_STRUCTURES, c).f1),
      fmt(classScores(pooledMatrix, SENTENCE_STRUCTURES, c).f1),
    ]),
  ),
);

if (options.grid === 'yes') {
  // Each setting's answers pooled over the folds, ranked by the criterion the dev choice uses.
  const structures = pooled.golds.map((s) => s.structure);
  const ranked = [...runs[0].structures.keys()]
    .map((key) => {
      const scores = structureScores(
        structures,
        runs.flatMap((run) => run.structures.get(key)),
      );
      return { key, ...scores, criterion: (scores.accuracy + scores.lowestClassF1) / 2 };
    })
    .sort((a, b) => b.criterion - a.criterion);
  const rank = ranked.findIndex((r) => r.key === SHIPPED_KEY) + 1;
  console.log(`\nStructure settings by cross-validation (${ranked.length}; the shipped one ranks ${rank}):\n`);
  console.log(
    table(
      ['setting', 'accuracy', 'lowest class F1', '(accuracy + lowest F1) / 2'],
      ranked.slice(0, 5).map((r) => [r.key, fmt(r.accuracy, 4), fmt(r.lowestClassF1, 4), fmt(r.criterion, 4)]),
    ),
  );
  const voices = pooled.golds.map((s) => s.voice);
  console.log(
    '\n' +
      table(
        ['voice L2', 'voice accuracy', 'passive F1'],
        grid.voiceL2.map((l2) => {
          const scores = voiceScores(
            voices,
            runs.flatMap((run) => run.voices.get(l2)),
          );
          return [String(l2), fmt(scores.voiceAccuracy, 4), fmt(scores.passiveF1, 4)];
        }),
      ),
  );
}
