import type { CountFeatures } from '../vocabulary/features.js';

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
  /**
   * The documents' most frequent word forms (lower-cased; at most WORD_FORMS_KEPT) with the count of
   * all their word forms, for authorship distance (styleDistance, attribute). Absent in ground
   * truths built before it existed.
   */
  wordForms?: { total: number; counts: Record<string, number> };
}

/** Word forms a ground truth keeps: far more than Delta's usual 100–1,000 most frequent words need. */
export const WORD_FORMS_KEPT = 2_000;
