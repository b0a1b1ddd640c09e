// The pieces of fitting the learned sentence model, shared by train-sentence-model.mjs (which
// rebuilds the shipped weights) and cross-validate-sentence-model.mjs: reading UD sentences into
// feature keys, vocabularies, the three softmax fits, and the structure and voice answers of fitted
// models, computed as the production path computes them (sentence-model.ts).
// The feature code is imported file by file, not through nlp/index.js: that would load the shipped
// weights, which need not exist (or match) while they are being rebuilt.
import { readSentenceRules, structureFromCounts } from '../../packages/analytics/dist/nlp/clauses/rule-reading.js';
import {
  addClauseToStates,
  CLAUSE_STATES,
  STRUCTURE_OF_STATE,
} from '../../packages/analytics/dist/nlp/sentence-model/clause-states.js';
import { clauseFeatures } from '../../packages/analytics/dist/nlp/sentence-model/clause-features.js';
import { commonSymbols, featureContext } from '../../packages/analytics/dist/nlp/sentence-model/context.js';
import { sentenceFeatures } from '../../packages/analytics/dist/nlp/sentence-model/sentence-features.js';
import { SymbolTable } from '../../packages/analytics/dist/nlp/sentence-model/symbols.js';
import { featureKey, featureName, TEMPLATE_NAMES } from '../../packages/analytics/dist/nlp/sentence-model/templates.js';
import { voiceFeatures } from '../../packages/analytics/dist/nlp/sentence-model/voice-features.js';
import { tagSentence } from '../../packages/analytics/dist/nlp/tagger.js';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES } from '../../packages/analytics/dist/vocabulary/features.js';
import { accuracy, classScores, confusion } from './classification-metrics.mjs';
import { groupLabels } from './clause-alignment.mjs';
import { fitSoftmax, probabilities } from './softmax-regression.mjs';

/** Settings, fixed before looking at any score: features seen in fewer training sentences are dropped. */
export const MIN_COUNT = 5;
export const LEARNING_RATE = 0.05;
/** The settings the weights are chosen from on EWT dev (train-sentence-model.mjs; --grid of the cross-validation). */
export const SETTING_GRID = {
  clauseL2: [3e-4, 1e-3, 3e-3],
  sentenceL2: [1e-3, 3e-3, 1e-2],
  voiceL2: [3e-5, 1e-4, 3e-4, 1e-3],
  mix: [0, 0.25, 0.5, 0.75, 1],
};

/** Template ids of the names in `list` (comma-separated, for --drop); throws on an unknown name. */
export function templateIds(list) {
  return new Set(
    (list ?? '')
      .split(',')
      .filter(Boolean)
      .map((name) => {
        const id = TEMPLATE_NAMES.indexOf(name);
        if (id < 0) throw new Error(`--drop: no feature template named ${name}`);
        return id;
      }),
  );
}

/** Collects the feature keys an extractor adds, leaving out the dropped templates. */
class KeySink {
  keys = [];
  constructor(dropped) {
    this.dropped = dropped;
  }
  add(template, a, b) {
    if (a >= 0 && b >= 0 && !this.dropped.has(template)) this.keys.push(featureKey(template, a, b));
  }
}

/**
 * Reads UD sentences into the three models' feature keys over one symbol table (open-class words
 * enter it while `grow` is set, as in training; a word it lacks adds no feature, as in production).
 */
export class Featurizer {
  constructor(dropped = new Set()) {
    this.table = new SymbolTable();
    this.common = commonSymbols(this.table);
    this.dropped = dropped;
  }

  #keysOf(extract) {
    const sink = new KeySink(this.dropped);
    extract(sink);
    return sink.keys;
  }

  /** Tags and reads every sentence of a split; keeps the three models' feature keys and labels. */
  featurize(gold, grow) {
    let unaligned = 0;
    let unanchored = 0;
    const sentences = gold.map((sentence) => {
      const tokens = tagSentence(sentence.text);
      const rule = readSentenceRules(tokens);
      const context = featureContext(rule, this.table, this.common, grow);
      const aligned = groupLabels(sentence, tokens, rule);
      if (aligned === null) unaligned += 1;
      else unanchored += aligned.unanchored;
      return {
        gold: sentence,
        rule: structureFromCounts(rule.independentClauses, rule.dependentClauses),
        ruleVoice: rule.passive ? 'passive' : 'active',
        clauses: rule.readings.map((_, i) => this.#keysOf((sink) => clauseFeatures(context, i, sink))),
        clauseLabels: aligned?.labels ?? null,
        sentence: this.#keysOf((sink) => sentenceFeatures(context, sink)),
        voice: this.#keysOf((sink) => voiceFeatures(context, sink)),
      };
    });
    return { sentences, unaligned, unanchored };
  }

  /** Columns: keys present in at least MIN_COUNT training examples, in name order. */
  vocabulary(keyLists) {
    const documents = new Map();
    for (const keys of keyLists) for (const key of new Set(keys)) documents.set(key, (documents.get(key) ?? 0) + 1);
    const kept = [...documents]
      .filter(([, n]) => n >= MIN_COUNT)
      .map(([key]) => [featureName(key, (id) => this.table.name(id)), key]);
    kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return { columns: new Map(kept.map(([, key], column) => [key, column])), names: kept.map(([name]) => name) };
  }

  /**
   * The three models' vocabularies and training examples from featurized sentences (the clause
   * model learns from the sentences whose verb groups align with the gold clauses).
   */
  trainingSet(sentences) {
    const withGroups = sentences.filter((s) => s.clauseLabels !== null);
    const vocabularies = {
      clause: this.vocabulary(withGroups.flatMap((s) => s.clauses)),
      sentence: this.vocabulary(sentences.map((s) => s.sentence)),
      voice: this.vocabulary(sentences.map((s) => s.voice)),
    };
    const examples = {
      clause: withGroups.flatMap((s) =>
        s.clauses.map((keys, i) => encode(vocabularies.clause.columns, keys, s.clauseLabels[i])),
      ),
      sentence: sentences.map((s) =>
        encode(vocabularies.sentence.columns, s.sentence, SENTENCE_STRUCTURES.indexOf(s.gold.structure)),
      ),
      voice: sentences.map((s) => encode(vocabularies.voice.columns, s.voice, SENTENCE_VOICES.indexOf(s.gold.voice))),
    };
    return { vocabularies, examples };
  }
}

/** One example: its features' columns with their counts (features outside the vocabulary dropped). */
export function encode(columns, keys, label) {
  const counts = new Map();
  for (const key of keys) {
    const column = columns.get(key);
    if (column !== undefined) counts.set(column, (counts.get(column) ?? 0) + 1);
  }
  const features = Int32Array.from(counts.keys());
  return { features, counts: Float64Array.from(features, (f) => counts.get(f)), label };
}

export const argmax = (values) => values.reduce((best, v, k) => (v > values[best] ? k : best), 0);

/** Fits one softmax model over a vocabulary's columns. */
export const fit = (examples, vocabulary, classes, l2, iterations) =>
  fitSoftmax(examples, { columns: vocabulary.columns.size, classes, l2, iterations, learningRate: LEARNING_RATE });

/** Per sentence, the clause model's distribution over the five structures (a Poisson-binomial over its groups). */
export function clauseDistributions(model, vocabulary, split) {
  const p = new Float64Array(3);
  return split.sentences.map((s) => {
    let states = new Float64Array(CLAUSE_STATES);
    states[0] = 1;
    for (const keys of s.clauses) {
      probabilities(model, encode(vocabulary.columns, keys, 0), p);
      const next = new Float64Array(CLAUSE_STATES);
      addClauseToStates(states, p, next);
      states = next;
    }
    const out = [0, 0, 0, 0, 0];
    states.forEach((mass, state) => (out[STRUCTURE_OF_STATE[state]] += mass));
    return out;
  });
}

/** Per sentence, the sentence model's distribution over the five structures. */
export const sentenceDistributions = (model, vocabulary, split) =>
  split.sentences.map((s) => [...probabilities(model, encode(vocabulary.columns, s.sentence, 0), new Float64Array(5))]);

/** The structure with the highest mixed probability, per sentence. */
export const mixed = (fromSentence, fromClauses, mix) =>
  fromSentence.map((ps, i) => SENTENCE_STRUCTURES[argmax(ps.map((p, k) => mix * p + (1 - mix) * fromClauses[i][k]))]);

/** Per sentence, the voice model's answer. */
export const voicePredictions = (model, vocabulary, split) =>
  split.sentences.map(
    (s) =>
      SENTENCE_VOICES[argmax([...probabilities(model, encode(vocabulary.columns, s.voice, 0), new Float64Array(2))])],
  );

/** Structure accuracy, lowest class F1 and each class's F1. */
export function structureScores(golds, predictions) {
  const matrix = confusion(golds, predictions, SENTENCE_STRUCTURES);
  const lowest = Math.min(...SENTENCE_STRUCTURES.map((c) => classScores(matrix, SENTENCE_STRUCTURES, c).f1));
  const f1 = Object.fromEntries(
    SENTENCE_STRUCTURES.map((c) => [c, Number(classScores(matrix, SENTENCE_STRUCTURES, c).f1.toFixed(4))]),
  );
  return { accuracy: accuracy(golds, predictions), lowestClassF1: lowest, f1 };
}

/** Voice accuracy and passive F1. */
export function voiceScores(golds, predictions) {
  return {
    voiceAccuracy: accuracy(golds, predictions),
    passiveF1: classScores(confusion(golds, predictions, SENTENCE_VOICES), SENTENCE_VOICES, 'passive').f1,
  };
}
