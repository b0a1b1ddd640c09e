/**
 * Words for the keys of quality_analytics (the analytics library's QualityAnalyticsSchema): chart
 * titles for its groups, row labels for its measures. A key not listed here (a newer server's) is
 * shown as its words: underscores to spaces, and a title capitalised like a sentence.
 */

const GROUP_TITLES: Readonly<Record<string, string>> = Object.freeze({
  rouge: 'ROUGE overlap (F-measure)',
  sentence_length_stats: 'Sentence length (words)',
  word_length_stats: 'Word length',
  readability: 'Readability',
  function_word_frequency: 'Function-word frequency',
  pos_frequency: 'Part-of-speech frequency',
  lexical_density: 'Lexical density',
  sentence_structure_frequency: 'Sentence structure',
  sentence_voice_frequency: 'Active and passive voice',
  punctuation: 'Punctuation',
});

const MEASURE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  rouge1: 'ROUGE-1',
  rouge2: 'ROUGE-2',
  rougeL: 'ROUGE-L',
  std_dev: 'standard deviation',
  flesch_reading_ease: 'Flesch reading ease',
  flesch_kincaid_grade: 'Flesch–Kincaid grade',
  jensen_shannon_distance: 'Jensen–Shannon distance',
  lexical_density: 'lexical density',
  'fragment/unknown': 'fragment or unknown',
  comma_density: 'commas',
  semicolon_density: 'semicolons',
  colon_density: 'colons',
  period_density: 'periods',
  question_mark_density: 'question marks',
  exclamation_mark_density: 'exclamation marks',
  parenthetical_density: 'parentheticals',
});

const words = (key: string) => key.replace(/_/g, ' ');

/** The title of a quality_analytics group's chart, e.g. pos_frequency → "Part-of-speech frequency". */
export function groupTitle(group: string): string {
  const title = GROUP_TITLES[group] ?? words(group);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The row label of a measure, e.g. std_dev → "standard deviation". */
export function measureLabel(measure: string): string {
  return MEASURE_LABELS[measure] ?? words(measure);
}
