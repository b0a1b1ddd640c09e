import { CONFIDENT } from '../edits/context.js';
import type { StyleHabits } from '../types.js';
import { perSentencePhrase } from './phrasing.js';
import type { BriefLine } from './types.js';

/**
 * Pronoun rates are stated on at least this many words: below it one letter's "I" or one speech's
 * "you" decides the rate (2,000 is where the model's rate habits reach their confidence 0.5).
 */
export const PERSON_MIN_WORDS = 2_000;

/**
 * Person and address: how often the author writes as "I" and as "we" and addresses the reader (or
 * the recipient) as "you", per sentence, from the model's pronoun rates per 1,000 words and its
 * mean sentence length. "Never" only for a pronoun with no use at all.
 */
export function personLines(habits: StyleHabits): BriefLine[] {
  if (habits.totals.words < PERSON_MIN_WORDS || habits.sentenceLength.confidence < CONFIDENT) return [];
  const wordsPerSentence = habits.sentenceLength.value.mean;
  const { firstSingularPerThousandWords, firstPluralPerThousandWords, secondPerThousandWords } = habits.person;
  const rate = (perThousand: number): string => perSentencePhrase((perThousand * wordsPerSentence) / 1000);
  const text =
    `Person and address: "I", "me", "my" ${rate(firstSingularPerThousandWords)}; ` +
    `"we", "us", "our" ${rate(firstPluralPerThousandWords)}; ` +
    `"you", "your" (addressing the reader) ${rate(secondPerThousandWords)}.`;
  return [{ topic: 'person', text }];
}
