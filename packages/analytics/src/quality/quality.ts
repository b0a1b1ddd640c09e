import {
  countWordForms,
  qualityFromFeatures,
  sumCounts,
  sumWordForms,
  topWordForms,
  WORD_FORMS_KEPT,
} from '../metrics/index.js';
import type { GroundTruth, QualityAnalytics } from '../metrics/index.js';
import { prepareRougeReference, rougeAgainstReferencesMany } from '../metrics/rouge/index.js';
import { analyzeText } from '../nlp/index.js';
import type { TextFeatures } from '../vocabulary/features.js';
import { assertGroundTruth, assertKnownOptions, assertString, assertStringArray } from './validate.js';

/** The pooled word forms of documents, the most frequent WORD_FORMS_KEPT of them, with their total. */
function keptWordForms(documents: string[]): { total: number; counts: Record<string, number> } {
  const pooled = sumWordForms(documents.map((document) => countWordForms(document)));
  let total = 0;
  for (const count of Object.values(pooled)) total += count;
  return { total, counts: topWordForms(pooled, WORD_FORMS_KEPT) };
}

/**
 * Pooled features of a set of documents (counts summed, never averaged), each document's ROUGE
 * tokens and the pooled word forms (authorship). JSON-serialisable: a trained model stores it.
 */
export function buildGroundTruth(documents: string[]): GroundTruth {
  assertStringArray(documents, 'documents');
  if (documents.length === 0) throw new RangeError('documents must hold at least one document');
  return {
    version: 1,
    documentCount: documents.length,
    features: sumCounts(documents.map((document) => analyzeText(document))),
    rouge: documents.map((document) => prepareRougeReference(document)),
    wordForms: keptWordForms(documents),
  };
}

export interface QualityAnalyticsInput {
  personalized: string;
  unpersonalized: string;
  groundTruth: GroundTruth;
  includeRouge?: boolean;
}

const INPUT_KEYS = ['personalized', 'unpersonalized', 'groundTruth', 'includeRouge'] as const satisfies ReadonlyArray<
  keyof QualityAnalyticsInput
>;

/** Quality analytics asked with ROUGE: its `rouge` group is there. */
export type QualityAnalyticsWithRouge = QualityAnalytics & { rouge: NonNullable<QualityAnalytics['rouge']> };

/**
 * What a caller already measured of the very texts it passes (analyzeText's result), so that a text
 * is analysed once per request: the engine's restyle analyses its output anyway.
 */
export interface AnalysedTexts {
  personalized?: TextFeatures;
  unpersonalized?: TextFeatures;
}

/**
 * The quality_analytics object of the interface: the styled and unstyled texts measured against the
 * ground truth. One NLP pass per text (none for a text in `analysed`, and one for both when they are
 * the same text); `rouge` only when `includeRouge` is true.
 */
export function qualityAnalytics(
  input: QualityAnalyticsInput & { includeRouge: true },
  analysed?: AnalysedTexts,
): QualityAnalyticsWithRouge;
export function qualityAnalytics(input: QualityAnalyticsInput, analysed?: AnalysedTexts): QualityAnalytics;
export function qualityAnalytics(input: QualityAnalyticsInput, analysed: AnalysedTexts = {}): QualityAnalytics {
  if (typeof input !== 'object' || input === null) throw new TypeError('input must be an object');
  assertKnownOptions(input, INPUT_KEYS, 'quality input field');
  assertString(input.personalized, 'personalized');
  assertString(input.unpersonalized, 'unpersonalized');
  if (input.includeRouge !== undefined && typeof input.includeRouge !== 'boolean') {
    throw new TypeError('includeRouge must be a boolean');
  }
  assertGroundTruth(input.groundTruth, 'groundTruth', { references: input.includeRouge === true });
  const same = input.personalized === input.unpersonalized;
  const personalized =
    analysed.personalized ?? (same ? analysed.unpersonalized : undefined) ?? analyzeText(input.personalized);
  const unpersonalized = analysed.unpersonalized ?? (same ? personalized : analyzeText(input.unpersonalized));
  const rougeScores = input.includeRouge
    ? rougeAgainstReferencesMany([input.personalized, input.unpersonalized], input.groundTruth.rouge)
    : undefined;
  const rouge = rougeScores && { personalized: rougeScores[0]!, unpersonalized: rougeScores[1]! };
  return qualityFromFeatures(personalized, unpersonalized, input.groundTruth.features, rouge);
}
