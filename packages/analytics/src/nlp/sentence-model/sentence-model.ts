import { readFileSync } from 'node:fs';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES, type SentenceStructure } from '../../vocabulary/features.js';
import type { RuleReading, SentenceClassification } from '../clauses/rule-reading.js';
import { clauseFeatures } from './clause-features.js';
import { addClauseToStates, CLAUSE_CLASSES, CLAUSE_STATES, STRUCTURE_OF_STATE } from './clause-states.js';
import type { CommonSymbols, FeatureContext } from './context.js';
import { commonSymbols, ContextBuffers, featureContext } from './context.js';
import type { LinearModelJson } from './linear-model.js';
import { LinearModel } from './linear-model.js';
import { sentenceFeatures } from './sentence-features.js';
import { SymbolTable } from './symbols.js';
import { FEATURE_SET } from './templates.js';
import { voiceFeatures } from './voice-features.js';

/** The weights file shipped with the package (rebuilt by bench/accuracy/train-sentence-model.mjs). */
export const SENTENCE_MODEL_URL = new URL('../../../models/sentence-classifier.json', import.meta.url);

/** The weights file: three linear models over one feature set, and how to mix the two structure answers. */
export interface SentenceModelJson {
  format: 'styler-sentence-model';
  featureSet: string;
  /** Stored weights are integers: weight × scale. */
  scale: number;
  /** Weight of the sentence model's structure probabilities against the clause model's, in [0, 1]. */
  mix: number;
  clause: LinearModelJson;
  sentence: LinearModelJson;
  voice: LinearModelJson;
}

/** A loaded sentence model with its scratch buffers (one per thread: scoring is synchronous). */
export interface SentenceModel {
  table: SymbolTable;
  common: CommonSymbols;
  clause: LinearModel;
  sentence: LinearModel;
  voice: LinearModel;
  mix: number;
  buffers: {
    context: ContextBuffers;
    clause: Float64Array;
    counts: Float64Array;
    next: Float64Array;
    sentence: Float64Array;
    mixed: Float64Array;
    voice: Float64Array;
  };
}

function sameList(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && actual.every((value, i) => value === expected[i]);
}

/**
 * Checks a parsed weights file and builds its models. Throws a TypeError naming the first thing
 * that does not match this code (format, feature set, classes, a weight row).
 */
export function parseSentenceModel(json: unknown): SentenceModel {
  const file = json as Partial<SentenceModelJson> | null;
  if (typeof file !== 'object' || file === null || file.format !== 'styler-sentence-model')
    throw new TypeError('sentence model: not a styler-sentence-model weights file');
  if (file.featureSet !== FEATURE_SET)
    throw new TypeError(
      `sentence model: trained for features "${file.featureSet}", this code computes "${FEATURE_SET}"`,
    );
  const { scale, mix } = file;
  if (typeof scale !== 'number' || !(scale > 0)) throw new TypeError('sentence model: scale must be a positive number');
  if (typeof mix !== 'number' || !(mix >= 0 && mix <= 1)) throw new TypeError('sentence model: mix must be in [0, 1]');
  const table = new SymbolTable();
  const model = (part: LinearModelJson | undefined, name: string, classes: readonly string[]): LinearModel => {
    if (typeof part !== 'object' || part === null) throw new TypeError(`sentence model: ${name} is missing`);
    const built = new LinearModel(part, scale, table, `sentence model: ${name}`);
    if (!sameList(built.classes, classes))
      throw new TypeError(`sentence model: ${name}.classes must be ${classes.join(', ')}`);
    return built;
  };
  return {
    table,
    common: commonSymbols(table),
    clause: model(file.clause, 'clause', CLAUSE_CLASSES),
    sentence: model(file.sentence, 'sentence', SENTENCE_STRUCTURES),
    voice: model(file.voice, 'voice', SENTENCE_VOICES),
    mix,
    buffers: {
      context: new ContextBuffers(),
      clause: new Float64Array(3),
      counts: new Float64Array(6),
      next: new Float64Array(6),
      sentence: new Float64Array(5),
      mixed: new Float64Array(5),
      voice: new Float64Array(2),
    },
  };
}

/** Reads and checks a weights file (the shipped one by default). */
export function loadSentenceModel(url: URL = SENTENCE_MODEL_URL): SentenceModel {
  return parseSentenceModel(JSON.parse(readFileSync(url, 'utf8')));
}

/** The shipped model, read at the first sentence classified (an import of the library stays light). */
let shipped: SentenceModel | undefined;

/** The shipped model. */
export function shippedSentenceModel(): SentenceModel {
  shipped ??= loadSentenceModel();
  return shipped;
}

/**
 * Distribution over (min(I, 2), min(D, 1)) from the clause model: each verb group adds a main
 * clause, a dependent clause or nothing with its own probabilities (a Poisson-binomial, 6 states).
 */
function clauseCountDistribution(model: SentenceModel, context: FeatureContext): Float64Array {
  const { counts, next, clause: p } = model.buffers;
  counts.fill(0);
  counts[0] = 1;
  for (let index = 0; index < context.rule.readings.length; index += 1) {
    model.clause.reset();
    clauseFeatures(context, index, model.clause);
    model.clause.probabilities(p);
    addClauseToStates(counts, p, next);
    counts.set(next);
  }
  return counts;
}

/**
 * The structure class with the highest mixed probability (ties: the first in SENTENCE_STRUCTURES).
 * Without verb groups the clause model is certain of a fragment, and with a mix ≤ 0.5 no sentence
 * model can outweigh that: `decideSentence` then skips this.
 */
function mixedStructure(model: SentenceModel, context: FeatureContext): SentenceStructure {
  const fromClauses = clauseCountDistribution(model, context);
  model.sentence.reset();
  sentenceFeatures(context, model.sentence);
  const fromSentence = model.sentence.probabilities(model.buffers.sentence);
  const mixed = model.buffers.mixed;
  mixed.fill(0);
  for (let state = 0; state < CLAUSE_STATES; state += 1) {
    const k = STRUCTURE_OF_STATE[state] ?? 4;
    mixed[k] = (mixed[k] ?? 0) + (1 - model.mix) * (fromClauses[state] ?? 0);
  }
  let best = 0;
  for (let k = 0; k < 5; k += 1) {
    mixed[k] = (mixed[k] ?? 0) + model.mix * (fromSentence[k] ?? 0);
    if ((mixed[k] ?? 0) > (mixed[best] ?? 0)) best = k;
  }
  return SENTENCE_STRUCTURES[best] ?? 'fragment/unknown';
}

/** Clause counts that agree with the chosen structure, as close to the rules' counts as the class allows. */
function countsFor(structure: SentenceStructure, independent: number, dependent: number): [number, number] {
  switch (structure) {
    case 'fragment/unknown':
      return [0, dependent];
    case 'simple':
      return [1, 0];
    case 'compound':
      return [Math.max(2, independent), 0];
    case 'complex':
      return [1, Math.max(1, dependent)];
    case 'compound-complex':
      return [Math.max(2, independent), Math.max(1, dependent)];
  }
}

/**
 * The learned decision over the rules' reading of one sentence. Structure: the clause model tells
 * per verb group main / dependent / none, which gives a distribution over the structure classes;
 * the sentence model gives another from the whole sentence; the class with the highest mixed
 * probability wins (ties: the first in SENTENCE_STRUCTURES). Voice: the voice model's more probable
 * class. Clause counts are the rules', moved just enough to agree with the class. An empty
 * sentence keeps the rules' answer (a fragment). Deterministic; O(n).
 */
export function decideSentence(
  rule: RuleReading,
  model: SentenceModel = shippedSentenceModel(),
): SentenceClassification {
  if (rule.view.length === 0) {
    return { structure: 'fragment/unknown', voice: 'active', independentClauses: 0, dependentClauses: 0 };
  }
  const context = featureContext(rule, model.table, model.common, false, model.buffers.context);
  const structure =
    rule.readings.length === 0 && model.mix <= 0.5 ? 'fragment/unknown' : mixedStructure(model, context);
  model.voice.reset();
  voiceFeatures(context, model.voice);
  const voice = model.voice.probabilities(model.buffers.voice);
  const [independentClauses, dependentClauses] = countsFor(structure, rule.independentClauses, rule.dependentClauses);
  return {
    structure,
    voice: (voice[1] ?? 0) > (voice[0] ?? 0) ? 'passive' : 'active',
    independentClauses,
    dependentClauses,
  };
}
