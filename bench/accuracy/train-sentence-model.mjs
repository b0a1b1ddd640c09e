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
// The feature code is imported file by file, not through nlp/index.js: that would load the shipped
// weights, which need not exist (or match) while they are being rebuilt.
import '../support/node-version.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { readSentenceRules, structureFromCounts } from '../../packages/analytics/dist/nlp/clauses/rule-reading.js';
import { clauseFeatures } from '../../packages/analytics/dist/nlp/sentence-model/clause-features.js';
import { commonSymbols, featureContext } from '../../packages/analytics/dist/nlp/sentence-model/context.js';
import { sentenceFeatures } from '../../packages/analytics/dist/nlp/sentence-model/sentence-features.js';
import { SymbolTable } from '../../packages/analytics/dist/nlp/sentence-model/symbols.js';
import {
  FEATURE_SET,
  featureKey,
  featureName,
  TEMPLATE_NAMES,
} from '../../packages/analytics/dist/nlp/sentence-model/templates.js';
import { voiceFeatures } from '../../packages/analytics/dist/nlp/sentence-model/voice-features.js';
import { tagSentence } from '../../packages/analytics/dist/nlp/tagger.js';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES } from '../../packages/analytics/dist/vocabulary/features.js';
import { accuracy, classScores, confusion } from './classification-metrics.mjs';
import { groupLabels } from './clause-alignment.mjs';
import { fitSoftmax, probabilities } from './softmax-regression.mjs';
import { cliOptions, DEFAULT_DATA_DIR, loadUdSplit } from './ud-data.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const options = cliOptions();
const dataDir = options.data ? resolve(options.data) : DEFAULT_DATA_DIR;
const SHIPPED = join(ROOT, 'packages/analytics/models/sentence-classifier.json');
const outFile = options.out ? resolve(options.out) : SHIPPED;

/** Settings, fixed before looking at any score: features seen in fewer training sentences are dropped. */
const MIN_COUNT = 5;
const ITERATIONS = Number(options.iterations ?? 300);
const LEARNING_RATE = 0.05;
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
  clauseL2: numbers(options.clauseL2) ?? [3e-4, 1e-3, 3e-3],
  sentenceL2: numbers(options.sentenceL2) ?? [1e-3, 3e-3, 1e-2],
  voiceL2: [3e-5, 1e-4, 3e-4, 1e-3],
  mix: numbers(options.mix) ?? [0, 0.25, 0.5, 0.75, 1],
};
/** Template ids left out (--drop, for ablations). */
const DROPPED = new Set(
  (options.drop ?? '')
    .split(',')
    .filter(Boolean)
    .map((name) => {
      const id = TEMPLATE_NAMES.indexOf(name);
      if (id < 0) throw new Error(`--drop: no feature template named ${name}`);
      return id;
    }),
);
const CLAUSE_CLASSES = ['none', 'main', 'dependent'];
/** SENTENCE_STRUCTURES index of each (min(I, 2), min(D, 1)) state, state = I × 2 + D. */
const STRUCTURE_OF_STATE = [4, 4, 0, 2, 1, 3];

const table = new SymbolTable();
const common = commonSymbols(table);

class KeySink {
  keys = [];
  add(template, a, b) {
    if (a >= 0 && b >= 0 && !DROPPED.has(template)) this.keys.push(featureKey(template, a, b));
  }
}

function keysOf(extract) {
  const sink = new KeySink();
  extract(sink);
  return sink.keys;
}

/** Tags and reads every sentence of a split; keeps the three models' feature keys and labels. */
function featurize(gold, grow) {
  let unaligned = 0;
  let unanchored = 0;
  const sentences = gold.map((sentence) => {
    const tokens = tagSentence(sentence.text);
    const rule = readSentenceRules(tokens);
    const context = featureContext(rule, table, common, grow);
    const aligned = groupLabels(sentence, tokens, rule);
    if (aligned === null) unaligned += 1;
    else unanchored += aligned.unanchored;
    return {
      gold: sentence,
      rule: structureFromCounts(rule.independentClauses, rule.dependentClauses),
      ruleVoice: rule.passive ? 'passive' : 'active',
      clauses: rule.readings.map((_, i) => keysOf((sink) => clauseFeatures(context, i, sink))),
      clauseLabels: aligned?.labels ?? null,
      sentence: keysOf((sink) => sentenceFeatures(context, sink)),
      voice: keysOf((sink) => voiceFeatures(context, sink)),
    };
  });
  return { sentences, unaligned, unanchored };
}

/** Columns: keys present in at least MIN_COUNT training examples, in name order. */
function vocabulary(keyLists) {
  const documents = new Map();
  for (const keys of keyLists) for (const key of new Set(keys)) documents.set(key, (documents.get(key) ?? 0) + 1);
  const kept = [...documents]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([key]) => [featureName(key, (id) => table.name(id)), key]);
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { columns: new Map(kept.map(([, key], column) => [key, column])), names: kept.map(([name]) => name) };
}

function encode(columns, keys, label) {
  const counts = new Map();
  for (const key of keys) {
    const column = columns.get(key);
    if (column !== undefined) counts.set(column, (counts.get(column) ?? 0) + 1);
  }
  const features = Int32Array.from(counts.keys());
  return { features, counts: Float64Array.from(features, (f) => counts.get(f)), label };
}

const argmax = (values) => values.reduce((best, v, k) => (v > values[best] ? k : best), 0);

function structureScores(golds, predictions) {
  const matrix = confusion(golds, predictions, SENTENCE_STRUCTURES);
  const lowest = Math.min(...SENTENCE_STRUCTURES.map((c) => classScores(matrix, SENTENCE_STRUCTURES, c).f1));
  const f1 = Object.fromEntries(
    SENTENCE_STRUCTURES.map((c) => [c, Number(classScores(matrix, SENTENCE_STRUCTURES, c).f1.toFixed(4))]),
  );
  return { accuracy: accuracy(golds, predictions), lowestClassF1: lowest, f1 };
}

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
const train = TRAIN_SPLITS.map((split) => featurize(loadUdSplit(split, dataDir), true)).reduce((a, b) => ({
  sentences: [...a.sentences, ...b.sentences],
  unaligned: a.unaligned + b.unaligned,
  unanchored: a.unanchored + b.unanchored,
}));
const dev = featurize(loadUdSplit('ewt-dev', dataDir), false);
const trainGroups = train.sentences.filter((s) => s.clauseLabels !== null);
console.error(
  `train: ${train.sentences.length} sentences (${train.unaligned} not aligned), ` +
    `${trainGroups.reduce((n, s) => n + s.clauses.length, 0)} verb groups, ${train.unanchored} gold clauses without a group`,
);

const clauseVocabulary = vocabulary(trainGroups.flatMap((s) => s.clauses));
const sentenceVocabulary = vocabulary(train.sentences.map((s) => s.sentence));
const voiceVocabulary = vocabulary(train.sentences.map((s) => s.voice));
const clauseExamples = trainGroups.flatMap((s) =>
  s.clauses.map((keys, i) => encode(clauseVocabulary.columns, keys, s.clauseLabels[i])),
);
const sentenceExamples = train.sentences.map((s) =>
  encode(sentenceVocabulary.columns, s.sentence, SENTENCE_STRUCTURES.indexOf(s.gold.structure)),
);
const voiceExamples = train.sentences.map((s) =>
  encode(voiceVocabulary.columns, s.voice, SENTENCE_VOICES.indexOf(s.gold.voice)),
);

// ---- fits and choice on dev --------------------------------------------------------------
const fit = (examples, columns, classes, l2) =>
  fitSoftmax(examples, { columns: columns.size, classes, l2, iterations: ITERATIONS, learningRate: LEARNING_RATE });

/** Per dev sentence, the clause model's distribution over the five structures. */
function clauseDistributions(model, split) {
  const p = new Float64Array(3);
  return split.sentences.map((s) => {
    let states = [1, 0, 0, 0, 0, 0];
    for (const keys of s.clauses) {
      probabilities(model, encode(clauseVocabulary.columns, keys, 0), p);
      const next = [0, 0, 0, 0, 0, 0];
      states.forEach((mass, state) => {
        const i = state >> 1;
        const d = state & 1;
        next[state] += mass * p[0];
        next[Math.min(i + 1, 2) * 2 + d] += mass * p[1];
        next[i * 2 + 1] += mass * p[2];
      });
      states = next;
    }
    const out = [0, 0, 0, 0, 0];
    states.forEach((mass, state) => (out[STRUCTURE_OF_STATE[state]] += mass));
    return out;
  });
}

const sentenceDistributions = (model, split) =>
  split.sentences.map((s) => [
    ...probabilities(model, encode(sentenceVocabulary.columns, s.sentence, 0), new Float64Array(5)),
  ]);

const mixed = (fromSentence, fromClauses, mix) =>
  fromSentence.map((ps, i) => SENTENCE_STRUCTURES[argmax(ps.map((p, k) => mix * p + (1 - mix) * fromClauses[i][k]))]);

const devStructures = dev.sentences.map((s) => s.gold.structure);
const clauseFits = GRID.clauseL2.map((l2) => {
  const model = fit(clauseExamples, clauseVocabulary.columns, 3, l2);
  return { l2, model, dev: clauseDistributions(model, dev) };
});
const sentenceFits = GRID.sentenceL2.map((l2) => {
  const model = fit(sentenceExamples, sentenceVocabulary.columns, 5, l2);
  return { l2, model, dev: sentenceDistributions(model, dev) };
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
  const model = fit(voiceExamples, voiceVocabulary.columns, 2, l2);
  const predictions = dev.sentences.map(
    (s) =>
      SENTENCE_VOICES[
        argmax([...probabilities(model, encode(voiceVocabulary.columns, s.voice, 0), new Float64Array(2))])
      ],
  );
  const f1 = classScores(confusion(devVoices, predictions, SENTENCE_VOICES), SENTENCE_VOICES, 'passive').f1;
  const voiceAccuracy = accuracy(devVoices, predictions);
  console.error(`voice L2 ${l2}: dev accuracy ${voiceAccuracy.toFixed(3)}, passive F1 ${f1.toFixed(3)}`);
  if (bestVoice === null || f1 > bestVoice.f1) bestVoice = { l2, model, f1, accuracy: voiceAccuracy };
}

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
    const data = featurize(loadUdSplit(split, dataDir), false);
    const structures = mixed(
      sentenceDistributions(best.sentenceFit.model, data),
      clauseDistributions(best.clauseFit.model, data),
      best.mix,
    );
    const voices = data.sentences.map(
      (s) =>
        SENTENCE_VOICES[
          argmax([...probabilities(bestVoice.model, encode(voiceVocabulary.columns, s.voice, 0), new Float64Array(2))])
        ],
    );
    const golds = data.sentences.map((s) => s.gold.voice);
    out[split] = {
      ...structureScores(
        data.sentences.map((s) => s.gold.structure),
        structures,
      ),
      voiceAccuracy: accuracy(golds, voices),
      passiveF1: classScores(confusion(golds, voices, SENTENCE_VOICES), SENTENCE_VOICES, 'passive').f1,
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
    verbGroups: clauseExamples.length,
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
  clause: modelJson(best.clauseFit.model, clauseVocabulary.names, CLAUSE_CLASSES),
  sentence: modelJson(best.sentenceFit.model, sentenceVocabulary.names, [...SENTENCE_STRUCTURES]),
  voice: modelJson(bestVoice.model, voiceVocabulary.names, [...SENTENCE_VOICES]),
};
const text = await prettier.format(JSON.stringify(file), {
  // The repository's Prettier settings wherever the file goes, so that the bytes depend on the data only.
  ...(await prettier.resolveConfig(SHIPPED)),
  parser: 'json',
});
writeFileSync(outFile, text);
const trainScores = structureScores(
  train.sentences.map((s) => s.gold.structure),
  mixed(
    sentenceDistributions(best.sentenceFit.model, train),
    clauseDistributions(best.clauseFit.model, train),
    best.mix,
  ),
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
