export {
  buildGroundTruth,
  qualityAnalytics,
  type AnalysedTexts,
  type QualityAnalyticsInput,
  type QualityAnalyticsWithRouge,
} from './quality.js';
export { assertGroundTruth, assertString, assertStringArray } from './validate.js';
