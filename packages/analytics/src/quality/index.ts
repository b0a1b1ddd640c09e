export { buildGroundTruth, qualityAnalytics, type QualityAnalyticsInput } from './quality.js';
export { assertGroundTruth, assertString, assertStringArray } from './validate.js';
