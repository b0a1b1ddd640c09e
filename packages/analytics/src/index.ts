/** @styler-dev/analytics: the stylometry analytics library's public API. */
export { analyzeText } from './nlp/index.js';
export { classifySentence } from './nlp/index.js';
export {
  buildGroundTruth,
  qualityAnalytics,
  type AnalysedTexts,
  type QualityAnalyticsInput,
  type QualityAnalyticsWithRouge,
} from './quality/index.js';
export {
  rouge,
  scoreMulti,
  tokenizeRouge,
  porterStem,
  type MultiRougeScores,
  type RougeOptions,
  type RougeScore,
  type RougeScores,
} from './metrics/rouge/index.js';
export { createAnalyticsPool, createTaskPool } from './pool/index.js';
export type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, TaskPool, TaskPoolOptions } from './pool/index.js';
export {
  featureProfile,
  fleschKincaidGrade,
  fleschReadingEase,
  histogramStats,
  jensenShannonDistance,
  styleDistance,
  attribute,
  deltaReference,
  countWordForms,
  PROFILE_COLUMNS,
  PUNCTUATION_MARKS,
  SENTENCE_STRUCTURES,
  SENTENCE_VOICES,
  UPOS_TAGS,
} from './metrics/index.js';
export { QualityAnalyticsSchema } from './metrics/quality-types.js';
export type {
  Attribution,
  AttributeOptions,
  DeltaInput,
  DeltaMethod,
  DeltaReference,
  WordProfile,
  CountFeatures,
  GroundTruth,
  QualityAnalytics,
  SentenceClass,
  SentenceStructure,
  SentenceVoice,
  TextFeatures,
  Upos,
} from './metrics/index.js';
export { AnalyticsError, StylerError, type AnalyticsErrorCode, type CodedErrorClass } from './errors.js';
