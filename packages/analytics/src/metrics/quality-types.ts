/** The exact shape of `quality_analytics` (contract/quality-analytics.schema.json). */

export interface PrecisionRecallF {
  precision: number;
  recall: number;
  fmeasure: number;
}

export interface RougeComparison {
  personalized: PrecisionRecallF;
  unpersonalized: PrecisionRecallF;
  personalization_improvement: PrecisionRecallF;
}

/** A value measured on all three texts, with the improvement of personalized over unpersonalized. */
export interface GroundedComparison {
  personalized: number;
  unpersonalized: number;
  ground_truth: number;
  personalization_improvement: number;
}

/** A distance to the ground truth, measured for the two candidate texts. */
export interface DistanceComparison {
  personalized: number;
  unpersonalized: number;
  personalization_improvement: number;
}

/** A proportion or density measured on all three texts (no improvement of its own). */
export interface ThreeWayValue {
  personalized: number;
  unpersonalized: number;
  ground_truth: number;
}

export interface LengthStats {
  mean: GroundedComparison;
  median: GroundedComparison;
  std_dev: GroundedComparison;
}

export interface QualityAnalytics {
  rouge?: {
    rouge1: RougeComparison;
    rouge2: RougeComparison;
    rougeL: RougeComparison;
  };
  sentence_length_stats: LengthStats;
  word_length_stats: LengthStats;
  readability: {
    flesch_reading_ease: GroundedComparison;
    flesch_kincaid_grade: GroundedComparison;
  };
  function_word_frequency: { jensen_shannon_distance: DistanceComparison };
  pos_frequency: { jensen_shannon_distance: DistanceComparison };
  lexical_density: GroundedComparison;
  sentence_structure_frequency: {
    simple: ThreeWayValue;
    compound: ThreeWayValue;
    complex: ThreeWayValue;
    'compound-complex': ThreeWayValue;
    'fragment/unknown': ThreeWayValue;
    jensen_shannon_distance: DistanceComparison;
  };
  sentence_voice_frequency: {
    active: ThreeWayValue;
    passive: ThreeWayValue;
    jensen_shannon_distance: DistanceComparison;
  };
  punctuation: {
    comma_density: ThreeWayValue;
    semicolon_density: ThreeWayValue;
    colon_density: ThreeWayValue;
    period_density: ThreeWayValue;
    question_mark_density: ThreeWayValue;
    exclamation_mark_density: ThreeWayValue;
    parenthetical_density: ThreeWayValue;
    jensen_shannon_distance: DistanceComparison;
  };
}
