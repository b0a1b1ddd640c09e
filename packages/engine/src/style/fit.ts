import { buildGroundTruth } from '@styler-dev/analytics/quality';
import { STYLE_DEFAULTS } from './defaults.js';
import { StyleError } from './style-error.js';
import { measureHabits } from './habits/measure.js';
import { measureRunningProse } from './optimizer/running-prose-habits.js';
import type { FitStyleOptions, StyleModel } from './types.js';
import { assertDocuments, assertFitOptions } from './validate.js';

/**
 * Learns an author's style from sample documents: the ground truth of the analytics (pooled
 * counts, ROUGE tokens) plus the measured habits, as plain JSON. Throws a TypeError for arguments
 * of the wrong type, a RangeError for an empty list, and a StyleError `invalid_training_data` for
 * documents without any prose sentence (a fact about the data, not the call).
 */
export function fitStyle(documents: string[], options?: FitStyleOptions): StyleModel {
  assertDocuments(documents);
  assertFitOptions(options);
  const groundTruth = buildGroundTruth(documents);
  if (groundTruth.features.sentences === 0 || groundTruth.features.words === 0) {
    throw new StyleError(
      'invalid_training_data',
      'The documents hold no prose: at least one sentence of text (not only headings, code or tables) is needed.',
    );
  }
  return {
    version: 1,
    groundTruth,
    matchOutputLength: options?.matchOutputLength ?? STYLE_DEFAULTS.matchOutputLength,
    habits: { ...measureHabits(documents, groundTruth.features), runningProse: measureRunningProse(documents) },
  };
}
