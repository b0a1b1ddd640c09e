/**
 * Texts of known stylometric distance for the candidate tests: a style model of Charles Darwin's
 * letters (fixtures 01–07), a draft in his own words from a letter the model never saw (08), and a
 * draft in generic AI prose; plus a sentence of facts that a rewrite must keep, and variants of it
 * that each lose one kind of fact.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fitStyle } from '../../../src/style/index.js';
import { keptParts } from '../../../src/style/candidates/keep-checks.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/darwin-letters/', import.meta.url));

function letter(number: number): string {
  return readFileSync(`${FIXTURES}${String(number).padStart(2, '0')}.txt`, 'utf8');
}

/** The author's model: seven of Darwin's letters. */
export const DARWIN_MODEL = fitStyle([1, 2, 3, 4, 5, 6, 7].map(letter));

/** About the words of AI_PROSE, the length Darwin's prose is cut to. */
const AI_PROSE_WORDS = 145;

/**
 * Darwin's own sentences from the held-out letters, in order, about as many words as AI_PROSE,
 * leaving out those with a negation (so that the facts sentence alone decides polarity) and those
 * the keep policy would count as invented (a number or a name; AI_PROSE speaks in the first person).
 */
export const DARWIN_PROSE: string = (() => {
  const sentences = [8, 7, 6].flatMap((number) => letter(number).match(/[^.!?]+[.!?]+["”]?\s*/g) ?? []);
  const kept: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const parts = keptParts(sentence);
    if (parts.clauses.some((clause) => clause.negations > 0)) continue;
    if (parts.numbers.length + parts.names.length > 0) continue;
    kept.push(sentence.trim());
    words += sentence.split(/\s+/).length;
    if (words >= AI_PROSE_WORDS) break;
  }
  return kept.join(' ');
})();

/** Generic AI-assistant prose (written for these tests): contractions, the reader addressed, one "I" and "we". */
export const AI_PROSE =
  'I think we all work better with a plan. ' +
  "Staying organized is one of the simplest ways to boost your productivity. That's why it's worth " +
  'building a routine that works for you. Moreover, a clear plan helps you focus on what matters most. ' +
  'Start each morning by listing your top three priorities. Then, block out time on your calendar so ' +
  "you're able to tackle each one without distractions. It's also important to take short breaks: " +
  "they'll help you recharge and stay motivated. Additionally, you'll want to review your progress " +
  'at the end of each day. This simple habit lets you celebrate your wins and adjust your approach. ' +
  "Over time, you'll notice that your days feel calmer and more productive. Ready to get started? " +
  'Try these tips today and see the difference for yourself.';

/** A sentence of facts: a number, a name, a quotation, a negation and a URL. */
export const FACTS =
  'The survey of 1,250 gardens, led by Dr. Margaret Hale, is "the largest of its kind", and it will never be repeated; the notes are at https://example.org/survey.';

/** FACTS with one kind of fact lost, by the kind, with the items lost. */
export const FACTS_LOSING: Record<'number' | 'name' | 'quotation' | 'negation' | 'address', [string, string[]]> = {
  number: [
    'The survey of many gardens, led by Dr. Margaret Hale, is "the largest of its kind", and it will never be repeated; the notes are at https://example.org/survey.',
    ['1,250'],
  ],
  name: [
    'The survey of 1,250 gardens, led by a doctor, is "the largest of its kind", and it will never be repeated; the notes are at https://example.org/survey.',
    ['Dr', 'Margaret', 'Hale'],
  ],
  quotation: [
    'The survey of 1,250 gardens, led by Dr. Margaret Hale, is the largest of its kind, and it will never be repeated; the notes are at https://example.org/survey.',
    ['the largest of its kind'],
  ],
  negation: [
    'The survey of 1,250 gardens, led by Dr. Margaret Hale, is "the largest of its kind", and it will be repeated; the notes are at https://example.org/survey.',
    ['it will never be repeated'],
  ],
  address: [
    'The survey of 1,250 gardens, led by Dr. Margaret Hale, is "the largest of its kind", and it will never be repeated; the notes are online.',
    ['https://example.org/survey'],
  ],
};

/** The text to rewrite: AI prose and the facts. */
export const INPUT = `${FACTS}\n\n${AI_PROSE}\n`;

/** A draft in the author's words that keeps every fact of INPUT. */
export const AUTHOR_DRAFT = `${FACTS}\n\n${DARWIN_PROSE}\n`;

/** A draft in AI prose that keeps every fact of INPUT (the input reworded a little). */
export const AI_DRAFT = `${FACTS}\n\n${AI_PROSE.replace('Staying organized', 'Keeping organized')}\n`;

/** The messages the tests send (standing in for a style brief). */
export const MESSAGES = [
  { role: 'system' as const, content: "Rewrite the user's text in the author's voice." },
  { role: 'user' as const, content: INPUT },
];
