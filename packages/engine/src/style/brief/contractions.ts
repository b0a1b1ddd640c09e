import { CONFIDENT } from '../edits/context.js';
import { EXPANSIONS } from '../lexicon/contractions.js';
import type { StyleHabits } from '../types.js';
import { quotedList } from './phrasing.js';
import type { BriefLine } from './types.js';

/** At or below this share of contractible places contracted, the author writes full forms. */
export const FULL_FORMS_RATE = 0.05;
/** At or above this share the author contracts freely. */
export const CONTRACTS_FREELY_RATE = 0.8;
/** Contracted forms named as examples (the author's most used). */
const EXAMPLES_NAMED = 3;

/** "I'm" for "i'm": the pronoun I capitalised. */
function written(form: string): string {
  return form.replace(/^i'/, "I'").replace(/^i /, 'I ');
}

/**
 * Contractions, stated when the share rests on enough places where one fits (the habit's
 * confidence at least CONFIDENT: 20 places): full forms, freely, or a share, with the author's most
 * used contracted forms as examples.
 */
export function contractionLines(habits: StyleHabits): BriefLine[] {
  const { value, evidence, confidence } = habits.contractions;
  if (confidence < CONFIDENT) return [];
  const examples = [...EXPANSIONS.keys()]
    .map((form) => [form, habits.vocabulary[form] ?? 0] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, EXAMPLES_NAMED)
    .map(([form]) => written(form));
  const percent = Math.round(value.rate * 100);
  const text =
    value.rate <= FULL_FORMS_RATE
      ? `Writes full forms ("do not", "it is", "I am"), not contractions (contracted in ${Math.round(value.rate * evidence)} of ${evidence} places where one fits).`
      : value.rate >= CONTRACTS_FREELY_RATE
        ? `Uses contractions freely${examples.length > 0 ? ` (${quotedList(examples)})` : ''}: ${percent} % of the places where one fits.`
        : `Contracts in about ${percent} % of the places where one fits${examples.length > 0 ? ` (${quotedList(examples)})` : ''}, writing the full form otherwise.`;
  return [{ topic: 'contractions', text }];
}
