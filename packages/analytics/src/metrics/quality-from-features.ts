import { lexicalDensity, punctuationDensities, structureProportions, voiceProportions } from './density/densities.js';
import { jensenShannonDistance } from './distance/jensen-shannon.js';
import { type PUNCTUATION_MARKS, type CountFeatures } from '../vocabulary/features.js';
import { distanceImprovement, gapImprovement, scoreImprovement } from './improvement/improvement.js';
import type {
  DistanceComparison,
  GroundedComparison,
  LengthStats,
  PrecisionRecallF,
  QualityAnalytics,
  RougeComparison,
  ThreeWayValue,
} from './quality-types.js';
import { fleschKincaidGrade, fleschReadingEase } from './readability/flesch.js';
import { histogramStats } from './stats/histogram-stats.js';

/** ROUGE-1, ROUGE-2 and ROUGE-L of one text against the ground truth. */
export interface RougeTriple {
  rouge1: PrecisionRecallF;
  rouge2: PrecisionRecallF;
  rougeL: PrecisionRecallF;
}

type Texts = { personalized: CountFeatures; unpersonalized: CountFeatures; groundTruth: CountFeatures };

/** Caches a per-text measure so each text's proportions and densities are computed once per call. */
function once<T>(measure: (features: CountFeatures) => T): (features: CountFeatures) => T {
  const cache = new Map<CountFeatures, T>();
  return (features) => {
    let value = cache.get(features);
    if (value === undefined) {
      value = measure(features);
      cache.set(features, value);
    }
    return value;
  };
}

function grounded(texts: Texts, measure: (features: CountFeatures) => number): GroundedComparison {
  const personalized = measure(texts.personalized);
  const unpersonalized = measure(texts.unpersonalized);
  const ground_truth = measure(texts.groundTruth);
  return {
    personalized,
    unpersonalized,
    ground_truth,
    personalization_improvement: gapImprovement(personalized, unpersonalized, ground_truth),
  };
}

function threeWay(texts: Texts, measure: (features: CountFeatures) => number): ThreeWayValue {
  return {
    personalized: measure(texts.personalized),
    unpersonalized: measure(texts.unpersonalized),
    ground_truth: measure(texts.groundTruth),
  };
}

function distance(texts: Texts, distribution: (features: CountFeatures) => Record<string, number>): DistanceComparison {
  const truth = distribution(texts.groundTruth);
  const personalized = jensenShannonDistance(distribution(texts.personalized), truth);
  const unpersonalized = jensenShannonDistance(distribution(texts.unpersonalized), truth);
  return {
    personalized,
    unpersonalized,
    personalization_improvement: distanceImprovement(personalized, unpersonalized),
  };
}

function lengthStats(texts: Texts, histogram: (features: CountFeatures) => Record<string, number>): LengthStats {
  const stats = {
    personalized: histogramStats(histogram(texts.personalized)),
    unpersonalized: histogramStats(histogram(texts.unpersonalized)),
    groundTruth: histogramStats(histogram(texts.groundTruth)),
  };
  const pick = (key: 'mean' | 'median' | 'stdDev'): GroundedComparison => {
    const personalized = stats.personalized[key];
    const unpersonalized = stats.unpersonalized[key];
    const ground_truth = stats.groundTruth[key];
    return {
      personalized,
      unpersonalized,
      ground_truth,
      personalization_improvement: gapImprovement(personalized, unpersonalized, ground_truth),
    };
  };
  return { mean: pick('mean'), median: pick('median'), std_dev: pick('stdDev') };
}

function rougeComparison(personalized: PrecisionRecallF, unpersonalized: PrecisionRecallF): RougeComparison {
  return {
    personalized,
    unpersonalized,
    personalization_improvement: {
      precision: scoreImprovement(personalized.precision, unpersonalized.precision),
      recall: scoreImprovement(personalized.recall, unpersonalized.recall),
      fmeasure: scoreImprovement(personalized.fmeasure, unpersonalized.fmeasure),
    },
  };
}

/**
 * Every quality_analytics group from the counts of the styled text, the unstyled text and the
 * pooled ground truth (METRICS.md). `rouge` is included only when scores are passed.
 */
export function qualityFromFeatures(
  personalized: CountFeatures,
  unpersonalized: CountFeatures,
  groundTruth: CountFeatures,
  rouge?: { personalized: RougeTriple; unpersonalized: RougeTriple },
): QualityAnalytics {
  const texts: Texts = { personalized, unpersonalized, groundTruth };
  const structureOf = once(structureProportions);
  const voiceOf = once(voiceProportions);
  const densitiesOf = once(punctuationDensities);
  const densities = (mark: (typeof PUNCTUATION_MARKS)[number]) => threeWay(texts, (f) => densitiesOf(f)[mark]);
  const analytics: QualityAnalytics = {
    sentence_length_stats: lengthStats(texts, (f) => f.sentenceLengths),
    word_length_stats: lengthStats(texts, (f) => f.wordLengths),
    readability: {
      flesch_reading_ease: grounded(texts, fleschReadingEase),
      flesch_kincaid_grade: grounded(texts, fleschKincaidGrade),
    },
    function_word_frequency: { jensen_shannon_distance: distance(texts, (f) => f.functionWords) },
    pos_frequency: { jensen_shannon_distance: distance(texts, (f) => f.pos) },
    lexical_density: grounded(texts, lexicalDensity),
    sentence_structure_frequency: {
      simple: threeWay(texts, (f) => structureOf(f).simple),
      compound: threeWay(texts, (f) => structureOf(f).compound),
      complex: threeWay(texts, (f) => structureOf(f).complex),
      'compound-complex': threeWay(texts, (f) => structureOf(f)['compound-complex']),
      'fragment/unknown': threeWay(texts, (f) => structureOf(f)['fragment/unknown']),
      jensen_shannon_distance: distance(texts, (f) => f.structure),
    },
    sentence_voice_frequency: {
      active: threeWay(texts, (f) => voiceOf(f).active),
      passive: threeWay(texts, (f) => voiceOf(f).passive),
      jensen_shannon_distance: distance(texts, (f) => f.voice),
    },
    punctuation: {
      comma_density: densities('comma'),
      semicolon_density: densities('semicolon'),
      colon_density: densities('colon'),
      period_density: densities('period'),
      question_mark_density: densities('question_mark'),
      exclamation_mark_density: densities('exclamation_mark'),
      parenthetical_density: densities('parenthetical'),
      jensen_shannon_distance: distance(texts, (f) => f.punctuation),
    },
  };
  if (rouge !== undefined) {
    analytics.rouge = {
      rouge1: rougeComparison(rouge.personalized.rouge1, rouge.unpersonalized.rouge1),
      rouge2: rougeComparison(rouge.personalized.rouge2, rouge.unpersonalized.rouge2),
      rougeL: rougeComparison(rouge.personalized.rougeL, rouge.unpersonalized.rougeL),
    };
  }
  // Schema key order puts rouge first; keep it first when present.
  return analytics.rouge ? { rouge: analytics.rouge, ...analytics } : analytics;
}
