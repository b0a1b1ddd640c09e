/** The analytics library's pool tasks (loaded by every pool thread of createAnalyticsPool). */
import { analyzeText } from '../nlp/index.js';
import { buildGroundTruth, qualityAnalytics } from '../quality/index.js';
import { attribute, styleDistance } from '../analytics/authorship/index.js';
import type { TaskTable } from './protocol.js';

export const tasks: TaskTable = { analyzeText, buildGroundTruth, qualityAnalytics, attribute, styleDistance };
