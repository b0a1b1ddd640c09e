/** Pure analytics: features in, numbers out. Nothing here tokenizes. */
export * from '../vocabulary/features.js';
export type { GroundTruth, RougeReference } from './ground-truth-types.js';
export { WORD_FORMS_KEPT } from './ground-truth-types.js';
export * from './authorship/index.js';
// The schema's run-time value (TypeBox, 200 modules) is its own subpath, @styler-dev/analytics/schema:
// the formulas load without it.
export type * from './quality-types.js';
export { addCounts, emptyCounts, sumCounts } from '../vocabulary/counts.js';
export { denseHistogramStats, histogramStats, type LengthSummary } from './stats/histogram-stats.js';
export { fleschKincaidGrade, fleschReadingEase, type ReadabilityCounts } from './readability/flesch.js';
export { jensenShannonDistance, jsDistance, JsDistanceMemo } from './distance/jensen-shannon.js';
export { distanceImprovement, gapImprovement, scoreImprovement } from './improvement/improvement.js';
export { lexicalDensity, punctuationDensities, structureProportions, voiceProportions } from './density/densities.js';
export { qualityFromFeatures, type RougeTriple } from './quality-from-features.js';
export { featureProfile, PROFILE_COLUMNS } from './profile.js';
