// Rebuilds packages/analytics/models/sentence-classifier.json: the learned sentence model that
// decides structure and voice over the rules' reading (docs/ACCURACY.md, "Learned decision").
// Fits on UD English EWT train only; chooses the L2 strengths and the mix of the two structure
// models on EWT dev; never reads the EWT test split. Deterministic (full-batch fits, file order).
//
// Run: npm run build && node bench/accuracy/ud-data.mjs --repos DIR && node bench/accuracy/train-sentence-model.mjs
// Options: --data DIR (default data/ud), --out FILE (default the shipped weights file); for
// experiments (with --out): --train SPLIT,SPLIT (default ewt-train), --iterations N (default 300),
// --drop TEMPLATE,... (leave those feature templates out, e.g. s.word-next), --clause-l2 A,B,...,
// --sentence-l2 A,B,... and --mix A,B,... (other grids), --report SPLIT,... (scores and per-class
// F1 of the chosen models on those splits, never used to choose).
import '../support/node-version.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { CLAUSE_CLASSES } from '../../packages/analytics/dist/nlp/sentence-model/clause-states.js';
import { FEATURE_SET } from '../../packages/analytics/dist/nlp/sentence-model/templates.js';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES } from '../../packages/analytics/dist/vocabulary/features.js';
import {
  clauseDistributions,
  Featurizer,
  fit,
  LEARNING_RATE,
  MIN_COUNT,
  mixed,
  sentenceDistributions,
  SETTING_GRID,
  structureScores,
  templateIds,
  voicePredictions,
  voiceScores,
} from './sentence-model-fit.mjs';
import { cliOptions, DEFAULT_DATA_DIR, loadUdSplit } from './ud-data.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const options = cliOptions();
const dataDir = options.data ? resolve(options.data) : DEFAULT_DATA_DIR;
const SHIPPED = join(ROOT, 'packages/analytics/models/sentence-classifier.json');
const outFile = options.out ? resolve(options.out) : SHIPPED;

const ITERATIONS = Number(options.iterations ?? 300);
/** Stored weights are integers: round(weight × SCALE). */
const SCALE = 1000;
/**
 * A feature whose weights all stay below this in magnitude is left out of the file: it keeps the
 * file small (about a third of the features) and moves almost no decision.
 */
const PRUNE_BELOW = 0.02;
const numbers = (list) => list?.split(',').map(Number);
/** Chosen on EWT dev. */
const GRID = {
  clauseL2: numbers(options.clauseL2) ?? SETTING_GRID.clauseL2,
  sentenceL2: numbers(options.sentenceL2) ?? SETTING_GRID.sentenceL2,
  voiceL2: SETTING_GRID.voiceL2,
  mix: numbers(options.mix) ?? SETTING_GRID.mix,
};
/** Feature templates left out with --drop (ablations). */
const featurizer = new Featurizer(templateIds(options.drop));

// ---- data --------------------------------------------------------------------------------
const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
const TRAIN_SPLITS = (options.train ?? 'ewt-train').split(',');
// The shipped file names EWT train as its data: another training set is an experiment, written elsewhere.
const EXPERIMENT_OPTIONS = ['train', 'iterations', 'drop', 'clauseL2', 'sentenceL2', 'mix'];
if (EXPERIMENT_OPTIONS.some((name) => options[name] !== undefined) && outFile === SHIPPED) {
  throw new Error(
    '--train, --iterations, --drop and the grid options are for experiments: give --out FILE (the shipped weights are fitted on ewt-train, 300 steps)',
  );
}
const train = TRAIN_SPLITS.map((split) => featurizer.featurize(loadUdSplit(split, dataDir), true)).reduce((a, b) => ({
  sentences: [...a.sentences, ...b.sentences],
  unaligned: a.unaligned + b.unaligned,
  unanchored: a.unanchored + b.unanchored,
}));
const dev = featurizer.featurize(loadUdSplit('ewt-dev', dataDir), false);
const { vocabularies, examples } = featurizer.trainingSet(train.sentences);
console.error(
  `train: ${train.sentences.length} sentences (${train.unaligned} not aligned), ` +
    `${examples.clause.length} verb groups, ${train.unanchored} gold clauses without a group`,
);

// ---- fits and choice on dev --------------------------------------------------------------
const devStructures = dev.sentences.map((s) => s.gold.structure);
const clauseFits = GRID.clauseL2.map((l2) => {
  const model = fit(examples.clause, vocabularies.clause, 3, l2, ITERATIONS);
  return { l2, model, dev: clauseDistributions(model, vocabularies.clause, dev) };
});
const sentenceFits = GRID.sentenceL2.map((l2) => {
  const model = fit(examples.sentence, vocabularies.sentence, 5, l2, ITERATIONS);
  return { l2, model, dev: sentenceDistributions(model, vocabularies.sentence, dev) };
});
let best = null;
for (const clauseFit of clauseFits) {
  for (const sentenceFit of sentenceFits) {
    for (const mix of GRID.mix) {
      const scores = structureScores(devStructures, mixed(sentenceFit.dev, clauseFit.dev, mix));
      const criterion = (scores.accuracy + scores.lowestClassF1) / 2;
      console.error(
        `clause L2 ${clauseFit.l2}, sentence L2 ${sentenceFit.l2}, mix ${mix}: dev accuracy ${scores.accuracy.toFixed(3)}, lowest class F1 ${scores.lowestClassF1.toFixed(3)}`,
      );
      if (best === null || criterion > best.criterion) best = { clauseFit, sentenceFit, mix, scores, criterion };
    }
  }
}
const devVoices = dev.sentences.map((s) => s.gold.voice);
let bestVoice = null;
for (const l2 of GRID.voiceL2) {
  const model = fit(examples.voice, vocabularies.voice, 2, l2, ITERATIONS);
  const { voiceAccuracy, passiveF1: f1 } = voiceScores(devVoices, voicePredictions(model, vocabularies.voice, dev));
  console.error(`voice L2 ${l2}: dev accuracy ${voiceAccuracy.toFixed(3)}, passive F1 ${f1.toFixed(3)}`);
  if (bestVoice === null || f1 > bestVoice.f1) bestVoice = { l2, model, f1, accuracy: voiceAccuracy };
}

/** The chosen models' structure answers for a featurized split. */
const chosenStructures = (split) =>
  mixed(
    sentenceDistributions(best.sentenceFit.model, vocabularies.sentence, split),
    clauseDistributions(best.clauseFit.model, vocabularies.clause, split),
    best.mix,
  );

// ---- the weights file --------------------------------------------------------------------
function modelJson(model, names, classes) {
  const weights = {};
  names.forEach((name, column) => {
    const row = classes.map((_, k) => model.weights[column * classes.length + k]);
    if (row.some((w) => Math.abs(w) >= PRUNE_BELOW)) weights[name] = row.map((w) => Math.round(w * SCALE));
  });
  return { classes, bias: [...model.bias].map((b) => Math.round(b * SCALE)), weights };
}

/** Scores of the chosen models on the --report splits (never used to choose anything). */
function reportScores() {
  const out = {};
  for (const split of (options.report ?? '').split(',').filter(Boolean)) {
    const data = featurizer.featurize(loadUdSplit(split, dataDir), false);
    out[split] = {
      ...structureScores(
        data.sentences.map((s) => s.gold.structure),
        chosenStructures(data),
      ),
      ...voiceScores(
        data.sentences.map((s) => s.gold.voice),
        voicePredictions(bestVoice.model, vocabularies.voice, data),
      ),
    };
  }
  return out;
}

const ewtTrain = manifest.splits['ewt-train'];
const file = {
  format: 'styler-sentence-model',
  featureSet: FEATURE_SET,
  trainedOn: {
    treebank: 'UD_English-EWT',
    file: ewtTrain.file,
    commit: ewtTrain.commit,
    blob: ewtTrain.blob,
    sentences: train.sentences.length,
    verbGroups: examples.clause.length,
    labels: `shared/tools/ud_gold.py (sha256 ${manifest.udGold})`,
  },
  chosenOn: {
    split: 'ewt-dev',
    sentences: dev.sentences.length,
    structureAccuracy: Number(best.scores.accuracy.toFixed(4)),
    lowestClassF1: Number(best.scores.lowestClassF1.toFixed(4)),
    voiceAccuracy: Number(bestVoice.accuracy.toFixed(4)),
    passiveF1: Number(bestVoice.f1.toFixed(4)),
  },
  settings: {
    minCount: MIN_COUNT,
    pruneBelow: PRUNE_BELOW,
    iterations: ITERATIONS,
    learningRate: LEARNING_RATE,
    clauseL2: best.clauseFit.l2,
    sentenceL2: best.sentenceFit.l2,
    voiceL2: bestVoice.l2,
  },
  scale: SCALE,
  mix: best.mix,
  clause: modelJson(best.clauseFit.model, vocabularies.clause.names, CLAUSE_CLASSES),
  sentence: modelJson(best.sentenceFit.model, vocabularies.sentence.names, [...SENTENCE_STRUCTURES]),
  voice: modelJson(bestVoice.model, vocabularies.voice.names, [...SENTENCE_VOICES]),
};
const text = await prettier.format(JSON.stringify(file), {
  // The repository's Prettier settings wherever the file goes, so that the bytes depend on the data only.
  ...(await prettier.resolveConfig(SHIPPED)),
  parser: 'json',
});
writeFileSync(outFile, text);
const trainScores = structureScores(
  train.sentences.map((s) => s.gold.structure),
  chosenStructures(train),
);
console.log(
  JSON.stringify(
    {
      out: outFile,
      bytes: Buffer.byteLength(text),
      features: {
        clause: Object.keys(file.clause.weights).length,
        sentence: Object.keys(file.sentence.weights).length,
        voice: Object.keys(file.voice.weights).length,
      },
      settings: { ...file.settings, mix: file.mix },
      dev: file.chosenOn,
      devRules: structureScores(
        devStructures,
        dev.sentences.map((s) => s.rule),
      ),
      train: trainScores,
      report: reportScores(),
    },
    null,
    2,
  ),
);
