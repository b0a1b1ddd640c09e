/**
 * Corpus stylometry (as R's stylo): MFW tables, Delta matrices, attribution, PCA, Ward clustering
 * (the scalable parts: compact counts, condensed matrices, the nearest-neighbour chain);
 * stylo's other distances, features, sampling, classifiers with cross-validation, MDS, Craig's Zeta,
 * the imposters method and rolling Delta; authorship verification with PAN's metrics and calibration.
 */
export {
  analyzeCorpus,
  attributeCorpus,
  DEFAULT_CORPUS_MFW,
  type Attributed,
  type AttributionInput,
  type CorpusAnalysis,
  type CorpusAttribution,
  type CorpusDocument,
  type CorpusOptions,
} from './corpus.js';
export { CorpusCounts, type CountsReference } from './corpus-counts.js';
export {
  addBurrowsSums,
  BurrowsBySize,
  burrowsOfSums,
  condensedDeltas,
  deltaOfRows,
  deltaRows,
  zScoreMatrix,
  type DeltaMatrixOptions,
  type ZScoreMatrix,
} from './delta-matrix.js';
export { matrixParts, partLength, partStart, type MatrixPart } from './matrix-parts.js';
export {
  mergeNearest,
  nearestByTiles,
  nearestInCondensed,
  nearestOfEach,
  type NearestNeighbours,
} from './nearest-neighbours.js';
export { pca, pcaOfMatrix, symmetricEigen, type DataMatrix, type PcaResult } from './pca.js';
export { newick, wardClustering } from './ward.js';
export {
  condensedIndex,
  condensedLength,
  linkage,
  linkageLabel,
  LINKAGE_METHODS,
  type LinkageMethod,
  type Merge,
} from './linkage.js';
export {
  bootstrapConsensus,
  CladeCounter,
  consensusNewick,
  consensusStrength,
  type Clade,
  type ConsensusOptions,
  type ConsensusTree,
} from './consensus.js';
export { bootstrapMeanInterval, quantileSorted, type BootstrapOptions, type MeanInterval } from './bootstrap.js';
export { EXACT_MAX_N, wilcoxonSignedRank, type WilcoxonResult } from './wilcoxon.js';
export { fnv1a, seededRandom, type Random } from './random.js';
export {
  COMPARISON_METRIC,
  EvaluationAccumulator,
  metricOutcomes,
  type AttributionSummary,
  type EvaluationOptions,
  type EvaluationSummary,
  type MetricOutcome,
  type MetricSample,
  type MetricSummary,
  type SystemComparison,
} from './evaluation.js';
export {
  DISTANCES,
  FREQUENCY_DISTANCES,
  distanceBetween,
  distanceMatrix,
  frequencyDistance,
  isDistanceName,
  usesZScores,
  type DistanceName,
  type FeatureVector,
  type FrequencyDistance,
} from './distances.js';
export {
  cullingReport,
  pooledVector,
  selectFeatures,
  spaceVector,
  type CullingReport,
  type SpaceVector,
} from './feature-space.js';
export { featureCounts, featureLabel, featureSequence, WORD_FEATURES, type FeatureSpec } from './features/ngrams.js';
export {
  sampleTexts,
  sampleWords,
  splitWords,
  type NamedSample,
  type SamplingMode,
  type SamplingOptions,
  type TextSamples,
} from './sampling.js';
export {
  CLASSIFIERS,
  decisionValue,
  distanceLabel,
  trainBinarySvm,
  trainCentroid,
  trainClassifier,
  trainKnn,
  trainNearest,
  trainNsc,
  trainSvm,
  usesDistance,
  type Classifier,
  type ClassifierName,
  type ClassifierOptions,
  type LinearMachine,
  type NscModel,
  type NscOptions,
  type Prediction,
  type SvmOptions,
  type TrainingSet,
} from './classifiers/index.js';
export {
  classificationMetrics,
  crossValidate,
  stratifiedFolds,
  type ClassificationMetrics,
  type ClassMetrics,
  type CrossValidation,
} from './cross-validation.js';
export {
  classifyCorpus,
  type ClassifiedDocument,
  type ClassifyCorpusOptions,
  type CorpusClassification,
} from './classify-corpus.js';
export { classicalMds, type MdsResult } from './mds.js';
export {
  craigZeta,
  type NamedWords,
  type SliceMarkers,
  type ZetaOptions,
  type ZetaResult,
  type ZetaWord,
} from './zeta.js';
export {
  CHI_SQUARE_ALPHA,
  ZETA_METHODS,
  zetaLabel,
  zetaScore,
  type ZetaMethod,
  type ZetaScore,
} from './zeta-scores.js';
export {
  impostersScore,
  verifyCorpus,
  type CorpusVerification,
  type ImpostersOptions,
  type ImpostersResult,
} from './imposters.js';
export { rollingDelta, type RollingOptions, type RollingResult, type RollingWindow } from './rolling.js';
export {
  brierLoss,
  cAt1,
  f05u,
  reliabilityBins,
  rocAuc,
  wilsonInterval,
  verificationMetrics,
  type ReliabilityBin,
  type ScoredAnswer,
  type VerificationMetrics,
} from './verification-metrics.js';
export {
  calibratedProbability,
  fitLogisticCalibration,
  type CalibrationSample,
  type LogisticCalibration,
} from './logistic-calibration.js';
export { applyBand, fitUncertainBand, type UncertainBand } from './uncertain-band.js';
export {
  calibrationProblems,
  knownSetSizes,
  type CalibrationPlan,
  type CalibrationProblem,
} from './calibration-problems.js';
export {
  uncalibratedDelta,
  verifyProblems,
  type CalibrationFit,
  type Verification,
  type VerificationOptions,
  type VerificationProblem,
  type VerificationText,
  type VerifiedProblem,
} from './verification.js';
export { attributionProbabilities, type AttributionProbabilities } from './attribution-probabilities.js';
export { MIN_SHARED_FEATURES, minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';
