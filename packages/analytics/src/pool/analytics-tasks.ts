/** The analytics library's pool tasks (loaded by every pool thread of createAnalyticsPool). */
import { analyzeText } from '../nlp/index.js';
import { buildGroundTruth, qualityAnalytics } from '../quality/index.js';
import { attribute, styleDistance } from '../metrics/authorship/index.js';
import type { GroundTruth } from '../metrics/ground-truth-types.js';
import type { QualityAnalyticsInput } from '../quality/index.js';
import type { TaskTable } from './protocol.js';

/** qualityAnalytics with its ground truth as an argument of its own, which threads keep between calls. */
function qualityAgainst(input: Omit<QualityAnalyticsInput, 'groundTruth'>, groundTruth: GroundTruth) {
  return qualityAnalytics({ ...input, groundTruth });
}

export const tasks = {
  analyzeText,
  buildGroundTruth,
  qualityAnalytics,
  qualityAgainst,
  attribute,
  styleDistance,
} satisfies TaskTable;

/** Reads a short text, so the tagger's model, CMUdict and the sentence model are loaded. */
export function warmUp(): void {
  analyzeText('The model was loaded before the first task. It is warm now.');
}

/** The analytics tasks' signatures: what typed pool calls check their arguments against. */
export type AnalyticsTasks = typeof tasks;
