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
} from '@styler-dev/analytics/metrics';
import { analyzeText } from '@styler-dev/analytics/nlp';
import type { StyleModel } from '../types.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';
import { keptParts, lengthRange, type KeepLoss, type KeptParts } from './keep-checks.js';
import { repairDraft, repairSource, type RepairSource, type SentenceRepair } from './repair.js';

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

/** A rewrite's length against the range asked (matching output length): a preference, never a loss. */
export interface LengthCheck {
  /** Word tokens of the draft (after repair) and of the input. */
  words: number;
  inputWords: number;
  /** The range asked, inclusive (lengthRange). */
  min: number;
  max: number;
  inRange: boolean;
}

/** A draft's scores (of its text after repair: what it would return). */
export interface DraftScore {
  /** Burrows' Delta to the model's word profile over the scoring reference (0: the same; lower is closer). */
  delta: number;
  /**
   * True when the draft, repaired, keeps everything (rewrite mode: of the input; always: it is not
   * empty); false when a loss could not be repaired sentence by sentence.
   */
  kept: boolean;
  /** What the draft as written lost or added (rewrite mode; never `length`); empty when nothing. */
  losses: KeepLoss[];
  /** The sentences put back from the input (repair.ts), each with why; empty when none. */
  repairs: SentenceRepair[];
  /** Rewrite mode matching output length: the draft's word count against the range asked. */
  length?: LengthCheck;
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
  /** The input prepared for repairing drafts (rewrite mode). */
  repair?: RepairSource;
  /** What the author never uses, to count in each draft. */
  avoided: AvoidedPatterns;
  /** Rewrite mode: a draft within a tenth of the input's length ranks first (the model matches output length). */
  matchLength: boolean;
}

/** A draft's scores with the measurements feedback is derived from. */
export interface MeasuredDraft {
  /** What the draft would return: the reply, repaired (rewrite mode). */
  text: string;
  /** The model's reply as written (as cleaned by cleanRewrite). */
  reply: string;
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
  const source = options.input !== undefined ? repairSource(options.input) : undefined;
  return {
    model,
    profile,
    reference,
    avoided: avoidedPatterns(model),
    matchLength: options.matchLength ?? false,
    ...(source !== undefined && { input: source.parts, repair: source }),
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

function lengthOf(text: string, input: KeptParts): LengthCheck {
  const { wordCount } = keptParts(text);
  const { min, max } = lengthRange(input.wordCount);
  return { words: wordCount, inputWords: input.wordCount, min, max, inRange: wordCount >= min && wordCount <= max };
}

/**
 * Scores `reply` in `context` (one NLP pass). Rewrite mode: the reply is repaired first
 * (repairDraft), and the repaired text is what is scored and returned.
 */
export function measureDraft(reply: string, context: ScoringContext): MeasuredDraft {
  const repaired =
    context.repair !== undefined
      ? repairDraft(context.repair, reply)
      : {
          text: reply,
          repairs: [],
          kept: reply.trim() !== '',
          losses:
            reply.trim() === '' ? [{ kind: 'text' as const, change: 'missing' as const, text: 'the whole text' }] : [],
        };
  const { text } = repaired;
  const features = analyzeText(text);
  const wordCounts = countWordForms(text);
  const words = Object.values(wordCounts).reduce((sum, count) => sum + count, 0);
  return {
    text,
    reply,
    score: {
      delta: deltaToModel(wordCounts, context),
      kept: repaired.kept,
      losses: repaired.losses,
      repairs: repaired.repairs,
      ...(context.matchLength && context.input !== undefined && { length: lengthOf(text, context.input) }),
      groups: groupsOf(features, context.model),
      words,
      avoided: avoidedUses(text, context.avoided),
    },
    features,
    wordCounts,
  };
}
