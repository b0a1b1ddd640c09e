import { CONTRACTED, EXPANSIONS } from '../lexicon/contractions.js';
import { GENERIC_FORMS } from '../lexicon/generic.js';
import { FIRST_PLURAL_FORMS, FIRST_SINGULAR_FORMS, SECOND_PERSON_FORMS } from '../lexicon/person.js';
import { UK_TO_US, US_TO_UK } from '../lexicon/spelling.js';
import type { StyleHabits } from '../types.js';
import { measured, perThousand, share } from './confidence.js';

/** Most frequent words kept in a model's vocabulary. */
export const VOCABULARY_LIMIT = 20_000;

const SMALL_NUMBER_WORDS = new Set(['zero', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']);
const SMALL_NUMBER_DIGITS = /^(?:[02-9]|10)$/;
const FIRST_SINGULAR = new Set(FIRST_SINGULAR_FORMS);
const FIRST_PLURAL = new Set(FIRST_PLURAL_FORMS);
const SECOND = new Set(SECOND_PERSON_FORMS);
const NEGATED_FORM = /^[a-z]+n't$/;

/** Lower-cased words of every prose sentence, one array per sentence. */
export type SentenceWords = readonly string[][];

/** Contracted spots and spots that could have been contracted (full forms of the lexicon). */
export function contractionCounts(sentences: SentenceWords): { contracted: number; full: number } {
  let contracted = 0;
  let full = 0;
  for (const words of sentences) {
    words.forEach((word, i) => {
      if (EXPANSIONS.has(word) || NEGATED_FORM.test(word)) contracted += 1;
      const next = words[i + 1];
      // A full form counts only inside a clause (something follows), where a contraction would fit.
      if (next !== undefined && words[i + 2] !== undefined && CONTRACTED.has(`${word} ${next}`)) full += 1;
      if (word === 'cannot') full += 1;
    });
  }
  return { contracted, full };
}

/** How often each phrase (lower-case words joined by spaces) occurs in the sentences. */
export function phraseCounts(sentences: SentenceWords, phrases: readonly string[]): Record<string, number> {
  const byFirstWord = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const parts = phrase.split(' ');
    const first = parts[0] ?? '';
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), parts]);
  }
  const counts: Record<string, number> = {};
  for (const words of sentences) {
    words.forEach((word, start) => {
      for (const parts of byFirstWord.get(word) ?? []) {
        if (parts.every((part, k) => words[start + k] === part)) {
          const key = parts.join(' ');
          counts[key] = (counts[key] ?? 0) + 1;
        }
      }
    });
  }
  return counts;
}

/** Word habits: contractions, spelling variety, vocabulary, generic phrasing, numerals, person. */
export function measureLexical(
  sentences: SentenceWords,
  words: number,
): Pick<
  StyleHabits,
  'contractions' | 'spelling' | 'vocabulary' | 'avoidedGeneric' | 'usedGeneric' | 'numerals' | 'person'
> {
  const { contracted, full } = contractionCounts(sentences);
  const counts = new Map<string, number>();
  let us = 0;
  let uk = 0;
  let numberWords = 0;
  let numberDigits = 0;
  const person = { firstSingular: 0, firstPlural: 0, second: 0 };
  for (const sentence of sentences) {
    for (const word of sentence) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      if (US_TO_UK.has(word)) us += 1;
      if (UK_TO_US.has(word)) uk += 1;
      if (SMALL_NUMBER_WORDS.has(word)) numberWords += 1;
      if (SMALL_NUMBER_DIGITS.test(word)) numberDigits += 1;
      if (FIRST_SINGULAR.has(word)) person.firstSingular += 1;
      if (FIRST_PLURAL.has(word)) person.firstPlural += 1;
      if (SECOND.has(word)) person.second += 1;
    }
  }
  // Most frequent first, ties by the word itself, so the model is deterministic.
  const vocabulary = Object.fromEntries(
    [...counts.entries()]
      .filter(([word]) => !/\p{N}/u.test(word))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, VOCABULARY_LIMIT),
  );
  const generic = phraseCounts(sentences, GENERIC_FORMS);
  const spellingEvidence = us + uk;
  const variety = spellingEvidence === 0 ? 'unknown' : us >= 4 * uk ? 'US' : uk >= 4 * us ? 'UK' : 'mixed';
  return {
    contractions: measured(
      { rate: share(contracted, contracted + full), perThousandWords: perThousand(contracted, words) },
      contracted + full,
      20,
    ),
    spelling: measured({ variety, us, uk }, spellingEvidence, 5),
    vocabulary,
    avoidedGeneric: GENERIC_FORMS.filter((form) => (generic[form] ?? 0) === 0),
    usedGeneric: Object.fromEntries(Object.entries(generic).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    numerals: measured(
      { smallAsWordsRate: share(numberWords, numberWords + numberDigits), digits: numberDigits, words: numberWords },
      numberWords + numberDigits,
      10,
    ),
    person: {
      firstSingularPerThousandWords: perThousand(person.firstSingular, words),
      firstPluralPerThousandWords: perThousand(person.firstPlural, words),
      secondPerThousandWords: perThousand(person.second, words),
    },
  };
}
