import type { CountFeatures } from './features.js';

/** What ROUGE needs of one reference document: its rouge-score tokens, Porter-stemmed. */
export interface RougeReference {
  tokens: string[];
}

/**
 * Pooled features of a model's training documents plus what ROUGE needs of each.
 * Plain JSON, stored with a trained model so a transform never re-reads the training files.
 */
export interface GroundTruth {
  version: 1;
  documentCount: number;
  features: CountFeatures;
  rouge: RougeReference[];
}
