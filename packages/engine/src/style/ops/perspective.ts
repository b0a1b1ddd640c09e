/**
 * The opt-in perspective shift (`perspective: "author"`): a text that addresses its reader ("you
 * can", "your goals") is rewritten in the person the author writes in, first person singular ("I
 * can", "my goals") or plural ("we can", "our goals"). Off by default: it changes who is addressed.
 *
 * Only what keeps its grammar and sense changes: a declarative sentence that opens with "you" as
 * its subject and has no other "you" (the verb after it agrees: "you are" → "I am"), in a text that
 * is not a letter (a letter's "you" is its addressee, not any reader). A sentence is left as it is when it
 * addresses the reader in a way a new person would garble: an imperative ("Take your time"), "you"
 * as an object ("thank you", "help you"), or a negated be ("you aren't").
 */
import type { Upos } from '@styler/analytics/metrics';
import { retext, type Token } from '../text/token.js';
import { keyOf, nextSolid, previousSolid } from './tokens.js';
import type { StyleModel } from '../types.js';

export type Person = 'first-singular' | 'first-plural';

const FORMS: Readonly<Record<Person, Readonly<Record<string, string>>>> = {
  'first-singular': {
    you: 'I',
    your: 'my',
    yours: 'mine',
    yourself: 'myself',
    "you're": "I'm",
    "you've": "I've",
    "you'll": "I'll",
    "you'd": "I'd",
  },
  'first-plural': {
    you: 'we',
    your: 'our',
    yours: 'ours',
    yourself: 'ourselves',
    yourselves: 'ourselves',
    "you're": "we're",
    "you've": "we've",
    "you'll": "we'll",
    "you'd": "we'd",
  },
};

/** Be after "you" as "I" needs it ("you are" → "I am", "are you" → "am I"). */
const BE_FOR_I: Readonly<Record<string, string>> = { are: 'am', were: 'was' };
const NEGATED_BE = new Set(["aren't", "weren't"]);
const SUBJECTS = new Set(['you', "you're", "you've", "you'll", "you'd"]);
const SECOND_PERSON = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  "you're",
  "you've",
  "you'll",
  "you'd",
]);
const FIRST_SINGULAR = ['i', 'me', 'my', 'mine', 'myself'];
const FIRST_PLURAL = ['we', 'us', 'our', 'ours', 'ourselves'];
const SECOND = ['you', 'your', 'yours', 'yourself', 'yourselves'];

/**
 * The person an author writes in, from the function words of their ground truth: first person
 * singular or plural when it is used more than the second person, else undefined (keep).
 */
export function authorPerson(model: StyleModel): Person | undefined {
  const words = model.groundTruth.features.functionWords;
  const sum = (forms: readonly string[]): number => forms.reduce((total, form) => total + (words[form] ?? 0), 0);
  const singular = sum(FIRST_SINGULAR);
  const plural = sum(FIRST_PLURAL);
  if (Math.max(singular, plural) <= sum(SECOND)) return undefined;
  return singular >= plural ? 'first-singular' : 'first-plural';
}

const has = (piece: Token | undefined, tags: readonly Upos[]): boolean =>
  piece !== undefined && piece.kind === 'word' && tags.some((tag) => piece.tags.includes(tag));

/** The sentence in `person`, or undefined when it does not address the reader or cannot change safely. */
/** True for a letter or e-mail: a salutation ("Dear Ann,", "Hi Jordan,") opens one of its first lines. */
export function isLetter(text: string): boolean {
  return text
    .split('\n')
    .slice(0, 5)
    .some((line) => /^\s*(?:dear|hi|hello|hey|my dear)\b.{0,60},\s*$/i.test(line));
}

export function shiftPerspective(tokens: readonly Token[], person: Person): Token[] | undefined {
  const words = tokens.map((piece, index) => ({ piece, index })).filter(({ piece }) => piece.kind === 'word');
  if (!words.some(({ piece }) => SECOND_PERSON.has(keyOf(piece)))) return undefined;
  if (words.some(({ piece }) => piece.lock !== undefined && SECOND_PERSON.has(keyOf(piece)))) return undefined;
  const first = words[0]?.piece;
  // The sentence speaks of its reader as its subject, first ("You can track …"); an imperative, a
  // sentence about the reader's things ("Check your dates") or a "you" inside a clause ("the effort
  // you've put") has a speaker and an addressee a new person would mix up.
  if (first === undefined || !SUBJECTS.has(keyOf(first))) return undefined;
  const out = tokens.slice();
  for (const { piece, index } of words) {
    const key = keyOf(piece);
    if (!SECOND_PERSON.has(key)) continue;
    const before = tokens[previousSolid(tokens, index)];
    const after = tokens[nextSolid(tokens, index)];
    if (key === 'you') {
      if (piece !== first) return undefined;
      // "thank you", "help you", "for you": an object, which the new person would garble.
      const object = has(before, ['VERB', 'ADP']) && !has(after, ['VERB', 'AUX']);
      if (object || (after !== undefined && NEGATED_BE.has(keyOf(after)))) return undefined;
      if (person === 'first-singular') {
        const be = after === undefined ? undefined : BE_FOR_I[keyOf(after)];
        if (be !== undefined && after !== undefined) out[tokens.indexOf(after)] = retext(after, be);
        const inverted = before === undefined ? undefined : BE_FOR_I[keyOf(before)];
        if (inverted !== undefined && before !== undefined) {
          out[tokens.indexOf(before)] = retext(before, /^[A-Z]/.test(before.text) ? capital(inverted) : inverted);
        }
      }
    }
    const replacement = FORMS[person][key];
    if (replacement === undefined) return undefined;
    const atStart = piece === first;
    out[index] = retext(piece, atStart || replacement.startsWith('I') ? capital(replacement) : replacement);
  }
  return out;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
