import { qualityFromFeatures, type CountFeatures, type QualityAnalytics } from '@styler-dev/analytics/metrics';

/**
 * One number per analytics group, as the benchmark summarises them: the JS-distance improvement
 * for distribution groups, the mean of the mean/median/std-dev improvements for length stats, the
 * mean of the two readability improvements, and lexical density's own improvement.
 */
export function groupImprovements(quality: QualityAnalytics): Record<string, number> {
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const stats = (group: QualityAnalytics['sentence_length_stats']): number =>
    mean([
      group.mean.personalization_improvement,
      group.median.personalization_improvement,
      group.std_dev.personalization_improvement,
    ]);
  return {
    sentence_length_stats: stats(quality.sentence_length_stats),
    word_length_stats: stats(quality.word_length_stats),
    readability: mean([
      quality.readability.flesch_reading_ease.personalization_improvement,
      quality.readability.flesch_kincaid_grade.personalization_improvement,
    ]),
    function_word_frequency: quality.function_word_frequency.jensen_shannon_distance.personalization_improvement,
    pos_frequency: quality.pos_frequency.jensen_shannon_distance.personalization_improvement,
    lexical_density: quality.lexical_density.personalization_improvement,
    sentence_structure_frequency:
      quality.sentence_structure_frequency.jensen_shannon_distance.personalization_improvement,
    sentence_voice_frequency: quality.sentence_voice_frequency.jensen_shannon_distance.personalization_improvement,
    punctuation: quality.punctuation.jensen_shannon_distance.personalization_improvement,
  };
}

/** The group improvements of an edited text over its input, from their counts and the ground truth. */
export function improvementsOf(
  output: CountFeatures,
  input: CountFeatures,
  truth: CountFeatures,
): Record<string, number> {
  return groupImprovements(qualityFromFeatures(output, input, truth));
}
