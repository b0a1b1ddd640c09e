/**
 * Scores a draft against a style model with the library's measures: Burrows' Delta to the model's
 * word profile, the nine quality_analytics groups against the model's ground truth, and (rewrite
 * mode) what it kept of the input.
 */
import { avoidedPatterns, avoidedUses, type AvoidedPatterns } from './avoided-uses.js';
import {
  countWordForms,
  deltaReference,
  profileOfGroundTruth,
  qualityFromFeatures,
  styleDistance,
  type DeltaReference,
  type TextFeatures,
  type WordProfile,
} from '@styler/analytics/metrics';
import { analyzeText } from '@styler/analytics/nlp';
import type { StyleModel } from '../types.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';
import { checkKept, keptParts, type KeepLoss, type KeptParts } from './keep-checks.js';

/**
 * How far a draft is from the author in each quality_analytics group (0: the same; METRICS.md
 * defines the measures): sentenceLength and wordLength, the absolute difference of the means (words
 * per sentence, characters per word); readability, of the Flesch Reading Ease scores; lexicalDensity,
 * of the shares of content words; the others the Jensen-Shannon distance of the distributions
 * (function words, POS tags, sentence structures, voices, punctuation marks), in [0, 1].
 */
export interface QualityGroups {
  sentenceLength: number;
  wordLength: number;
  readability: number;
  functionWords: number;
  pos: number;
  lexicalDensity: number;
  sentenceStructure: number;
  voice: number;
  punctuation: number;
}

/** A draft's scores. */
export interface DraftScore {
  /** Burrows' Delta to the model's word profile over the scoring reference (0: the same; lower is closer). */
  delta: number;
  /** True when the draft kept everything (rewrite mode: of the input; always: it is not empty). */
  kept: boolean;
  /** What it lost; empty when kept. */
  losses: KeepLoss[];
  groups: QualityGroups;
  /** Word forms of the draft (Delta's count). */
  words: number;
  /** Uses of the AI-typical words and openers the author never uses (avoided-uses.ts). */
  avoided: number;
}

/** What scoring needs, made once per choice so that every draft is measured on the same reference. */
export interface ScoringContext {
  model: StyleModel;
  profile: WordProfile;
  reference: DeltaReference;
  /** The input's parts to keep (rewrite mode). */
  input?: KeptParts;
  /** What the author never uses, to count in each draft. */
  avoided: AvoidedPatterns;
  /** Rewrite mode: a draft must keep the input's length within a tenth (the model matches output length). */
  matchLength: boolean;
}

/** A draft's scores with the measurements feedback is derived from. */
export interface MeasuredDraft {
  text: string;
  score: DraftScore;
  features: TextFeatures;
  wordCounts: Record<string, number>;
}

/**
 * The scoring context. The Delta reference (the words compared, with their mean and spread) is
 * `reference` when given (e.g. deltaReference of the profiles of several authors). Otherwise it is
 * made from the texts at hand, each weighing the same: the model's pooled word profile, the input
 * and the drafts, so the reference is that of the very texts being compared (as attribute's is of
 * the candidate authors). With fewer than three of them (full mode, one draft) the author's stored
 * passages join, so that a spread exists. A context without drafts, input or passages has no
 * reference (RangeError). Why the texts at hand: on the development corpora (five authors, a model
 * of eight documents each, held-out excerpts of the author against AI prose of 120–300 words, the
 * input another AI text) this reference ranked the author's excerpt closer in 82–95 % of pairs, a
 * reference of the author's passages alone in 54–82 %. Its limit: with k texts no z-score exceeds
 * √(k − 1), so a draft far off in some words counts less far than it is; the keep-checks, not Delta,
 * guard against drafts that are wrong rather than unstylish.
 */
export function scoringContext(
  model: StyleModel,
  options: { input?: string; drafts?: readonly string[]; reference?: DeltaReference; matchLength?: boolean } = {},
): ScoringContext {
  const profile = profileOfGroundTruth(model.groundTruth, 'model.groundTruth');
  let reference = options.reference;
  if (reference === undefined) {
    const population: (string | WordProfile)[] = [profile];
    if (options.input !== undefined) population.push(options.input);
    population.push(...(options.drafts ?? []));
    if (population.length < 3) population.push(...model.habits.passages);
    reference = deltaReference(population, CANDIDATE_DEFAULTS.mostFrequentWords);
  }
  return {
    model,
    profile,
    reference,
    avoided: avoidedPatterns(model),
    matchLength: options.matchLength ?? false,
    ...(options.input !== undefined && { input: keptParts(options.input) }),
  };
}

function groupsOf(features: TextFeatures, model: StyleModel): QualityGroups {
  const quality = qualityFromFeatures(features, features, model.groundTruth.features);
  const gap = (value: { personalized: number; ground_truth: number }): number =>
    Math.abs(value.personalized - value.ground_truth);
  const distance = (value: { jensen_shannon_distance: { personalized: number } }): number =>
    value.jensen_shannon_distance.personalized;
  return {
    sentenceLength: gap(quality.sentence_length_stats.mean),
    wordLength: gap(quality.word_length_stats.mean),
    readability: gap(quality.readability.flesch_reading_ease),
    functionWords: distance(quality.function_word_frequency),
    pos: distance(quality.pos_frequency),
    lexicalDensity: gap(quality.lexical_density),
    sentenceStructure: distance(quality.sentence_structure_frequency),
    voice: distance(quality.sentence_voice_frequency),
    punctuation: distance(quality.punctuation),
  };
}

/** Burrows' Delta of a text (or its word-form counts) to the model's word profile in `context`. */
export function deltaToModel(text: string | Record<string, number>, context: ScoringContext): number {
  return styleDistance(typeof text === 'string' ? countWordForms(text) : text, context.profile, context.reference);
}

/** Scores `text` in `context` (one NLP pass). */
export function measureDraft(text: string, context: ScoringContext): MeasuredDraft {
  const features = analyzeText(text);
  const wordCounts = countWordForms(text);
  const losses: KeepLoss[] =
    context.input !== undefined
      ? checkKept(context.input, text, { matchLength: context.matchLength }).losses
      : text.trim() === ''
        ? [{ kind: 'text', change: 'missing', text: 'the whole text' }]
        : [];
  const words = Object.values(wordCounts).reduce((sum, count) => sum + count, 0);
  return {
    text,
    score: {
      delta: deltaToModel(wordCounts, context),
      kept: losses.length === 0,
      losses,
      groups: groupsOf(features, context.model),
      words,
      avoided: avoidedUses(text, context.avoided),
    },
    features,
    wordCounts,
  };
}
