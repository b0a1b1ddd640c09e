import { buildGroundTruth } from '../quality/index.js';
import { STYLE_DEFAULTS } from './defaults.js';
import { measureHabits } from './habits/measure.js';
import type { FitStyleOptions, StyleModel } from './types.js';
import { assertDocuments, assertFitOptions } from './validate.js';

/**
 * Learns an author's style from sample documents: the ground truth of the analytics (pooled
 * counts, ROUGE tokens) plus the measured habits, as plain JSON. Throws a TypeError for arguments
 * of the wrong type and a RangeError for an empty list or documents without any prose sentence.
 */
export function fitStyle(documents: string[], options?: FitStyleOptions): StyleModel {
  assertDocuments(documents);
  assertFitOptions(options);
  const groundTruth = buildGroundTruth(documents);
  if (groundTruth.features.sentences === 0 || groundTruth.features.words === 0) {
    throw new RangeError(
      'documents hold no prose: at least one sentence of text (not only headings, code or tables) is needed',
    );
  }
  return {
    version: 1,
    groundTruth,
    matchOutputLength: options?.matchOutputLength ?? STYLE_DEFAULTS.matchOutputLength,
    habits: measureHabits(documents, groundTruth.features),
  };
}
