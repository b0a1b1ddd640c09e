// One number per analytics group (docs/style-engine.md): the JS-distance improvement for distribution
// groups, the mean of the mean/median/std-dev improvements for the length stats, the mean of the
// two readability improvements, and lexical density's own improvement.
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const stats = (group) => mean([group.mean, group.median, group.std_dev].map((v) => v.personalization_improvement));

export function groupImprovements(q) {
  return {
    sentence_length_stats: stats(q.sentence_length_stats),
    word_length_stats: stats(q.word_length_stats),
    readability: mean([
      q.readability.flesch_reading_ease.personalization_improvement,
      q.readability.flesch_kincaid_grade.personalization_improvement,
    ]),
    function_word_frequency: q.function_word_frequency.jensen_shannon_distance.personalization_improvement,
    pos_frequency: q.pos_frequency.jensen_shannon_distance.personalization_improvement,
    lexical_density: q.lexical_density.personalization_improvement,
    sentence_structure_frequency: q.sentence_structure_frequency.jensen_shannon_distance.personalization_improvement,
    sentence_voice_frequency: q.sentence_voice_frequency.jensen_shannon_distance.personalization_improvement,
    punctuation: q.punctuation.jensen_shannon_distance.personalization_improvement,
  };
}
