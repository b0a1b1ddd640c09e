/** One ROUGE score, as rouge-score's `Score` tuple. Each value is a fraction in [0, 1]. */
export interface RougeScore {
  /** Matches / prediction units (n-grams or tokens). */
  precision: number;
  /** Matches / target units. */
  recall: number;
  /** 2PR / (P + R), or 0 when P + R is 0 (rouge-score's F1; no beta weighting). */
  fmeasure: number;
}

/** rouge1, rouge2 and rougeL: what a multi-reference comparison against prepared references gives. */
export interface RougeNLScores {
  /** Unigram overlap, counts clipped. */
  rouge1: RougeScore;
  /** Bigram overlap, counts clipped. */
  rouge2: RougeScore;
  /** Longest common subsequence of the whole token lists. */
  rougeL: RougeScore;
}

/** All four rouge-score types. */
export interface RougeScores extends RougeNLScores {
  /** Summary-level LCS over '\n'-separated lines (union LCS, ROUGE paper section 3.2). */
  rougeLsum: RougeScore;
}

/** The ROUGE type names, in rouge-score's output order. */
export const ROUGE_TYPES = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const;
export type RougeType = (typeof ROUGE_TYPES)[number];

/** Options for scoring raw texts. */
export interface RougeOptions {
  /** Porter-stem tokens longer than 3 characters (rouge-score's `use_stemmer`). Default false. */
  useStemmer?: boolean;
}
