/**
 * The exact shape of `quality_analytics` (contract/quality-analytics.schema.json), defined once: a
 * TypeBox schema, which is plain JSON Schema at run time (the service publishes and validates with
 * it) and gives the TypeScript types below (Static), so the two cannot drift apart.
 */
import { Type, type Static, type TNumber, type TObject, type TProperties } from '@sinclair/typebox';

const closed = <T extends TProperties>(properties: T, options: object = {}): TObject<T> =>
  Type.Object(properties, { additionalProperties: false, ...options });
const numbers = <K extends string>(...keys: K[]): TObject<Record<K, TNumber>> =>
  closed(Object.fromEntries(keys.map((key) => [key, Type.Number()])) as Record<K, TNumber>);

const PrecisionRecallFSchema = numbers('precision', 'recall', 'fmeasure');
const RougeComparisonSchema = closed({
  personalized: PrecisionRecallFSchema,
  unpersonalized: PrecisionRecallFSchema,
  personalization_improvement: PrecisionRecallFSchema,
});
const GroundedComparisonSchema = numbers(
  'personalized',
  'unpersonalized',
  'ground_truth',
  'personalization_improvement',
);
const DistanceComparisonSchema = numbers('personalized', 'unpersonalized', 'personalization_improvement');
const ThreeWayValueSchema = numbers('personalized', 'unpersonalized', 'ground_truth');
const LengthStatsSchema = closed({
  mean: GroundedComparisonSchema,
  median: GroundedComparisonSchema,
  std_dev: GroundedComparisonSchema,
});

/** Per-category three-way values and the Jensen–Shannon distance of the distributions. */
type WithDistance<K extends string> = {
  [P in K | 'jensen_shannon_distance']: P extends 'jensen_shannon_distance'
    ? typeof DistanceComparisonSchema
    : typeof ThreeWayValueSchema;
};
const withDistance = <K extends string>(keys: readonly K[]): TObject<WithDistance<K>> =>
  closed(
    Object.fromEntries([
      ...keys.map((key) => [key, ThreeWayValueSchema]),
      ['jensen_shannon_distance', DistanceComparisonSchema],
    ]) as WithDistance<K>,
  );

/** The quality_analytics object as JSON Schema (2020-12): the one definition of its shape. */
export const QualityAnalyticsSchema = closed({
  rouge: Type.Optional(
    closed(
      { rouge1: RougeComparisonSchema, rouge2: RougeComparisonSchema, rougeL: RougeComparisonSchema },
      { description: 'Only with include_rouge.' },
    ),
  ),
  sentence_length_stats: LengthStatsSchema,
  word_length_stats: LengthStatsSchema,
  readability: closed({
    flesch_reading_ease: GroundedComparisonSchema,
    flesch_kincaid_grade: GroundedComparisonSchema,
  }),
  function_word_frequency: closed({ jensen_shannon_distance: DistanceComparisonSchema }),
  pos_frequency: closed({ jensen_shannon_distance: DistanceComparisonSchema }),
  lexical_density: GroundedComparisonSchema,
  sentence_structure_frequency: withDistance([
    'simple',
    'compound',
    'complex',
    'compound-complex',
    'fragment/unknown',
  ] as const),
  sentence_voice_frequency: withDistance(['active', 'passive'] as const),
  punctuation: withDistance([
    'comma_density',
    'semicolon_density',
    'colon_density',
    'period_density',
    'question_mark_density',
    'exclamation_mark_density',
    'parenthetical_density',
  ] as const),
});

export type QualityAnalytics = Static<typeof QualityAnalyticsSchema>;
export type PrecisionRecallF = Static<typeof PrecisionRecallFSchema>;
export type RougeComparison = Static<typeof RougeComparisonSchema>;
/** A value measured on all three texts, with the improvement of personalized over unpersonalized. */
export type GroundedComparison = Static<typeof GroundedComparisonSchema>;
/** A distance to the ground truth, measured for the two candidate texts. */
export type DistanceComparison = Static<typeof DistanceComparisonSchema>;
/** A proportion or density measured on all three texts (no improvement of its own). */
export type ThreeWayValue = Static<typeof ThreeWayValueSchema>;
export type LengthStats = Static<typeof LengthStatsSchema>;
