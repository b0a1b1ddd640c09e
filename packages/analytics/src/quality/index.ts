export { buildGroundTruth, qualityAnalytics, type AnalysedTexts, type QualityAnalyticsInput } from './quality.js';
export { assertGroundTruth, assertString, assertStringArray } from './validate.js';
