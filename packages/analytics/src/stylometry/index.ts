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
