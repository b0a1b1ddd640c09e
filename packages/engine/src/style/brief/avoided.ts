import { AI_OPENERS } from '../lexicon/ai-openers.js';
import { GENERIC_ENTRIES } from '../lexicon/generic.js';
import type { StyleHabits } from '../types.js';
import type { AvoidedForms } from './types.js';

/**
 * Absence says something only about enough text: below this many words an author has simply not
 * had the occasion for most words (2,000 is where the model's rate habits reach their confidence 0.5).
 */
export const ABSENCE_MIN_WORDS = 2_000;
/** "Almost never": at most one use per this many words (a slip in a long corpus, not a habit). */
export const ALMOST_NEVER_WORDS = 10_000;
/** Sentences needed before the absence of an opener says something (as words for words). */
export const ABSENCE_MIN_SENTENCES = 100;
/** "Almost never" for openers: at most one sentence in this many. */
export const ALMOST_NEVER_SENTENCES = 1_000;

/**
 * The generic, AI-typical words and phrases (lexicon/generic.ts, by each entry's base form) and
 * sentence openers (lexicon/ai-openers.ts) that the author never or almost never uses: all forms of
 * an entry together at most once per ALMOST_NEVER_WORDS words, an opener at most once per
 * ALMOST_NEVER_SENTENCES sentences. Empty below ABSENCE_MIN_WORDS words (or ABSENCE_MIN_SENTENCES
 * sentences for openers). In the lexicons' order.
 */
export function avoidedForms(habits: StyleHabits): AvoidedForms {
  const { words, sentences } = habits.totals;
  const avoidedWords =
    words < ABSENCE_MIN_WORDS
      ? []
      : GENERIC_ENTRIES.filter(
          (entry) =>
            entry.forms.reduce((sum, form) => sum + (habits.usedGeneric[form] ?? 0), 0) <=
            Math.floor(words / ALMOST_NEVER_WORDS),
        ).map((entry) => entry.forms[0] as string);
  const openers =
    sentences < ABSENCE_MIN_SENTENCES
      ? []
      : AI_OPENERS.filter(
          (opener) => (habits.openers.counts[opener] ?? 0) <= Math.floor(sentences / ALMOST_NEVER_SENTENCES),
        );
  return { words: avoidedWords, openers };
}
