import { qualityFromFeatures, type CountFeatures, type QualityAnalytics } from '@styler-dev/analytics/metrics';
import { DISTANCE_FLOOR, relativeFloor } from './objective.js';

/** One compared number of quality_analytics: a value with a ground truth, or a distance to it. */
interface Comparison {
  personalized: number;
  unpersonalized: number;
  ground_truth?: number;
  personalization_improvement: number;
}

/** How one compared number counts as an improvement. */
type ImprovementOf = (comparison: Comparison) => number;

const reported: ImprovementOf = (comparison) => comparison.personalization_improvement;

/**
 * One number per analytics group, as the benchmark summarises them: the JS-distance improvement
 * for distribution groups, the mean of the mean/median/std-dev improvements for length stats, the
 * mean of the two readability improvements, and lexical density's own improvement.
 */
export function groupImprovements(
  quality: QualityAnalytics,
  improvementOf: ImprovementOf = reported,
): Record<string, number> {
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const stats = (group: QualityAnalytics['sentence_length_stats']): number =>
    mean([improvementOf(group.mean), improvementOf(group.median), improvementOf(group.std_dev)]);
  return {
    sentence_length_stats: stats(quality.sentence_length_stats),
    word_length_stats: stats(quality.word_length_stats),
    readability: mean([
      improvementOf(quality.readability.flesch_reading_ease),
      improvementOf(quality.readability.flesch_kincaid_grade),
    ]),
    function_word_frequency: improvementOf(quality.function_word_frequency.jensen_shannon_distance),
    pos_frequency: improvementOf(quality.pos_frequency.jensen_shannon_distance),
    lexical_density: improvementOf(quality.lexical_density),
    sentence_structure_frequency: improvementOf(quality.sentence_structure_frequency.jensen_shannon_distance),
    sentence_voice_frequency: improvementOf(quality.sentence_voice_frequency.jensen_shannon_distance),
    punctuation: improvementOf(quality.punctuation.jensen_shannon_distance),
  };
}

/**
 * An improvement measured against the objective's floors (objective.ts groupFloors): (du − dp) /
 * max(du, floor), du and dp the input's and the output's gaps to the author. Where the input's gap
 * is above the floor this is personalization_improvement itself; where the input already sits on
 * the author's value (a readability 0.01 points from the author's), a move of a tenth of a point
 * counts as the small loss it is, not as −10 (a ratio over a gap near 0).
 */
const flooredImprovement: ImprovementOf = (comparison) => {
  const grounded = comparison.ground_truth !== undefined;
  const truth = comparison.ground_truth ?? 0;
  const du = Math.abs(comparison.unpersonalized - truth);
  const dp = Math.abs(comparison.personalized - truth);
  const floor = grounded ? relativeFloor(truth) : DISTANCE_FLOOR;
  return (du - dp) / Math.max(du, floor);
};

/**
 * The group improvements of an edited text over its input, from their counts and the ground truth,
 * each number measured against the objective's floors (see flooredImprovement): what restyle's
 * final check adds up.
 */
export function improvementsOf(
  output: CountFeatures,
  input: CountFeatures,
  truth: CountFeatures,
): Record<string, number> {
  return groupImprovements(qualityFromFeatures(output, input, truth), flooredImprovement);
}
