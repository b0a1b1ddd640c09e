/** Corpus stylometry (as R's stylo): MFW tables, Delta matrices, attribution, PCA, Ward clustering. */
export {
  analyzeCorpus,
  type Attributed,
  type CorpusAnalysis,
  type CorpusDocument,
  type CorpusOptions,
} from './corpus.js';
export { pca, symmetricEigen, type PcaResult } from './pca.js';
export { newick, wardClustering, type Merge } from './ward.js';
export { bootstrapConsensus, type Clade, type ConsensusOptions, type ConsensusTree } from './consensus.js';
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
