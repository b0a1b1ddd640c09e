import { qualityFromFeatures, sumCounts } from '../analytics/index.js';
import type { GroundTruth, QualityAnalytics } from '../analytics/index.js';
import { prepareRougeReference, rougeAgainstReferencesMany } from '../analytics/rouge/index.js';
import { analyzeText } from '../nlp/index.js';
import { assertGroundTruth, assertString, assertStringArray } from './validate.js';

/**
 * Pooled features of a set of documents (counts summed, never averaged) plus each document's
 * ROUGE tokens. JSON-serialisable: a trained model stores it.
 */
export function buildGroundTruth(documents: string[]): GroundTruth {
  assertStringArray(documents, 'documents');
  return {
    version: 1,
    documentCount: documents.length,
    features: sumCounts(documents.map((document) => analyzeText(document))),
    rouge: documents.map((document) => prepareRougeReference(document)),
  };
}

export interface QualityAnalyticsInput {
  personalized: string;
  unpersonalized: string;
  groundTruth: GroundTruth;
  includeRouge?: boolean;
}

/**
 * The quality_analytics object of the interface: the styled and unstyled texts measured against the
 * ground truth. One NLP pass per text; `rouge` only when `includeRouge` is true.
 */
export function qualityAnalytics(input: QualityAnalyticsInput): QualityAnalytics {
  if (typeof input !== 'object' || input === null) throw new TypeError('input must be an object');
  assertString(input.personalized, 'personalized');
  assertString(input.unpersonalized, 'unpersonalized');
  if (input.includeRouge !== undefined && typeof input.includeRouge !== 'boolean') {
    throw new TypeError('includeRouge must be a boolean');
  }
  assertGroundTruth(input.groundTruth, 'groundTruth', { references: input.includeRouge === true });
  const personalized = analyzeText(input.personalized);
  const unpersonalized = analyzeText(input.unpersonalized);
  const rougeScores = input.includeRouge
    ? rougeAgainstReferencesMany([input.personalized, input.unpersonalized], input.groundTruth.rouge)
    : undefined;
  const rouge = rougeScores && { personalized: rougeScores[0]!, unpersonalized: rougeScores[1]! };
  return qualityFromFeatures(personalized, unpersonalized, input.groundTruth.features, rouge);
}
