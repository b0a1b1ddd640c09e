import { lexicalDensity, punctuationDensities, structureProportions, voiceProportions } from './density/densities.js';
import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, type CountFeatures } from '../vocabulary/features.js';
import { fleschKincaidGrade, fleschReadingEase } from './readability/flesch.js';
import { histogramStats } from './stats/histogram-stats.js';

/** Column names of a feature profile, in table order. */
export const PROFILE_COLUMNS = [
  'sentences',
  'words',
  'sentence_length_mean',
  'sentence_length_median',
  'sentence_length_std_dev',
  'word_length_mean',
  'word_length_median',
  'word_length_std_dev',
  'flesch_reading_ease',
  'flesch_kincaid_grade',
  'lexical_density',
  ...SENTENCE_STRUCTURES.map((s) => `structure_${s.replace(/[^a-z]+/g, '_')}`),
  'voice_active',
  'voice_passive',
  ...PUNCTUATION_MARKS.map((mark) => `${mark}_density`),
] as const;

/** One text's headline feature values as a flat row (for researchers' tables). */
export function featureProfile(features: CountFeatures): Record<string, number> {
  const sentenceLength = histogramStats(features.sentenceLengths);
  const wordLength = histogramStats(features.wordLengths);
  const structure = structureProportions(features);
  const voice = voiceProportions(features);
  const punctuation = punctuationDensities(features);
  const row: Record<string, number> = {
    sentences: features.sentences,
    words: features.words,
    sentence_length_mean: sentenceLength.mean,
    sentence_length_median: sentenceLength.median,
    sentence_length_std_dev: sentenceLength.stdDev,
    word_length_mean: wordLength.mean,
    word_length_median: wordLength.median,
    word_length_std_dev: wordLength.stdDev,
    flesch_reading_ease: fleschReadingEase(features),
    flesch_kincaid_grade: fleschKincaidGrade(features),
    lexical_density: lexicalDensity(features),
    voice_active: voice.active,
    voice_passive: voice.passive,
  };
  for (const s of SENTENCE_STRUCTURES) row[`structure_${s.replace(/[^a-z]+/g, '_')}`] = structure[s];
  for (const mark of PUNCTUATION_MARKS) row[`${mark}_density`] = punctuation[mark];
  return Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, row[column] ?? 0]));
}
