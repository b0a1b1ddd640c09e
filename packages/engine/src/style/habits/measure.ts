import { histogramStats, type CountFeatures, type Histogram } from '@styler-dev/analytics/metrics';
import { wordsOf } from '../text/sentences.js';
import type { StyleHabits } from '../types.js';
import { measured } from './confidence.js';
import { proseOf, readCorpus } from './corpus.js';
import { measureLayout } from './layout-habits.js';
import { measureLexical } from './lexical-habits.js';
import { measureOpeners } from './openers.js';
import { pickPassages } from './passages.js';
import { measurePunctuation } from './punctuation-habits.js';
import { measureUpon } from './upon.js';
import { measureVoice } from './voice.js';

/** The value below which `fraction` of a histogram's observations fall (nearest rank). */
export function histogramPercentile(histogram: Histogram, fraction: number): number {
  const buckets = Object.entries(histogram)
    .map(([value, count]) => [Number(value), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (const [value, count] of buckets) {
    seen += count;
    if (seen >= rank) return value;
  }
  return buckets[buckets.length - 1]?.[0] ?? 0;
}

function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * Measures an author's habits on their documents. Sentence lengths come from the ground-truth
 * counts (the tagger's sentences, as the metrics see them); everything else from one tokenizer
 * pass over the Markdown blocks.
 */
export function measureHabits(documents: readonly string[], features: CountFeatures): StyleHabits {
  const corpus = readCorpus(documents);
  const prose = proseOf(corpus);
  const sentences = prose.flatMap((block) => block.sentences);
  const sentenceWords = sentences.map(wordsOf);
  const words = features.words;
  const lengths = histogramStats(features.sentenceLengths);
  const perParagraph = prose.map((block) => block.sentences.length).filter((n) => n > 0);
  const paragraphWords = prose.map((block) => wordsOf(block.tokens).length).filter((n) => n > 0);
  const sortedParagraphs = [...perParagraph].sort((a, b) => a - b);
  const middle = sortedParagraphs.length / 2;
  const medianSentences =
    sortedParagraphs.length === 0
      ? 0
      : sortedParagraphs.length % 2 === 1
        ? (sortedParagraphs[Math.floor(middle)] ?? 0)
        : ((sortedParagraphs[middle - 1] ?? 0) + (sortedParagraphs[middle] ?? 0)) / 2;
  const mean = (values: number[]): number =>
    values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    totals: { documents: documents.length, words, sentences: features.sentences, paragraphs: perParagraph.length },
    sentenceLength: measured(
      {
        mean: round(lengths.mean),
        median: lengths.median,
        stdDev: round(lengths.stdDev),
        p10: histogramPercentile(features.sentenceLengths, 0.1),
        p90: histogramPercentile(features.sentenceLengths, 0.9),
      },
      features.sentences,
      30,
    ),
    paragraphLength: measured(
      {
        meanSentences: round(mean(perParagraph)),
        medianSentences: medianSentences,
        meanWords: round(mean(paragraphWords)),
      },
      perParagraph.length,
      10,
    ),
    ...measureLexical(sentenceWords, words),
    punctuation: measurePunctuation(sentences, words),
    openers: measureOpeners(sentenceWords),
    upon: measureUpon(sentenceWords),
    ...measureLayout(corpus.flat()),
    passages: pickPassages(corpus),
    voice: measureVoice(corpus),
  };
}
