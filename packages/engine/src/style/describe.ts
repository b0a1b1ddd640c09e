import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { fleschKincaidGrade, fleschReadingEase } from '@styler-dev/analytics/metrics';
import { learnedChoices } from './habits/choices.js';
import type { StyleModel } from './types.js';
import { assertStyleModel } from './validate.js';

function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The author's most frequent content words (not function words, at least 3 letters). */
export function topContentWords(model: StyleModel, count: number): string[] {
  return Object.keys(model.habits.vocabulary)
    .filter((word) => !FUNCTION_WORDS.has(word) && word.length >= 3 && /^\p{L}/u.test(word))
    .slice(0, count);
}

/**
 * A readable JSON summary of a model's learned habits (what GET /models/{name} shows): sizes,
 * sentence and paragraph lengths, readability, contractions, punctuation, spelling, openers,
 * vocabulary highlights, generic phrasing avoided, headings, lists, numerals and person, each
 * with its confidence where one was measured; and `choices`, the author's choices among
 * interchangeable forms with their counts (`learnedChoices`).
 */
export function describeStyle(model: StyleModel): Record<string, unknown> {
  assertStyleModel(model);
  const h = model.habits;
  const features = model.groundTruth.features;
  const p = h.punctuation;
  return {
    documents: h.totals.documents,
    words: h.totals.words,
    sentences: h.totals.sentences,
    matchOutputLength: model.matchOutputLength,
    sentenceLength: { ...h.sentenceLength.value, confidence: h.sentenceLength.confidence },
    paragraphLength: { ...h.paragraphLength.value, confidence: h.paragraphLength.confidence },
    readability: {
      fleschReadingEase: round(fleschReadingEase(features)),
      fleschKincaidGrade: round(fleschKincaidGrade(features)),
      lexicalDensity: round(features.words > 0 ? features.contentWords / features.words : 0, 3),
    },
    contractions: { ...h.contractions.value, confidence: h.contractions.confidence },
    punctuation: {
      oxfordComma: { rate: p.oxfordComma.value, series: p.oxfordComma.evidence, confidence: p.oxfordComma.confidence },
      dash: {
        style: p.dash.value.style,
        perThousandWords: p.dash.value.perThousandWords,
        confidence: p.dash.confidence,
      },
      semicolonsPerThousandWords: p.semicolonPerThousandWords.value,
      colonsPerThousandWords: p.colonPerThousandWords.value,
      exclamationMarksPerThousandWords: p.exclamationPerThousandWords.value,
      questionMarksPerThousandWords: p.questionPerThousandWords.value,
      parenthesesPerThousandWords: p.parenthesesPerThousandWords.value,
      quotes: {
        style: p.curlyQuotes.evidence === 0 ? 'unknown' : p.curlyQuotes.value >= 0.5 ? 'curly' : 'straight',
        confidence: p.curlyQuotes.confidence,
      },
      ellipsis: { style: p.ellipsis.value.style, confidence: p.ellipsis.confidence },
    },
    spelling: { variety: h.spelling.value.variety, confidence: h.spelling.confidence },
    openers: {
      preferred: h.openers.preferred,
      counts: h.openers.counts,
      connectiveRate: h.openers.connectiveRate.value,
    },
    vocabulary: { distinctWords: Object.keys(h.vocabulary).length, frequentContentWords: topContentWords(model, 20) },
    avoidedGenericPhrases: h.avoidedGeneric,
    usedGenericPhrases: h.usedGeneric,
    headings: { case: h.headings.value.case, confidence: h.headings.confidence },
    lists: { ...h.lists.value, items: h.lists.evidence, confidence: h.lists.confidence },
    numerals: { ...h.numerals.value, confidence: h.numerals.confidence },
    person: h.person,
    passages: h.passages.length,
    choices: learnedChoices(h),
  };
}
