import { keyOf } from './tokens.js';
import { lookupIndex } from '../wordnet/database.js';
import { lemmatize } from '../wordnet/morphy.js';
import type { Token } from '../text/token.js';

/**
 * Where a new main clause starts: a subject followed directly by its verb. Splits need it on the
 * far side of their conjunction, and a dash pair is no pair when a clause follows its second dash.
 * A tag alone is not enough: "and the strategies that can help" and "and the little inducement it
 * affords him" hold a noun and a verb, but the verb belongs to a relative clause, and the stretch
 * is one more item of a coordination.
 */

/** Pronouns that stand as a subject on their own. */
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set([
  'i',
  'you',
  'he',
  'she',
  'it',
  'we',
  'they',
  'there',
  'this',
  'these',
  'those',
  'one',
  'everyone',
  'everything',
  'someone',
  'something',
  'nobody',
  'nothing',
  'anyone',
  'anything',
]);

/** Contracted pronoun + auxiliary: the subject and its verb in one word. */
const PRONOUN_WITH_VERB = /^(?:i|you|he|she|it|we|they|there)['’](?:m|re|s|ve|ll|d)$/;

/** Words that open a dependent clause or a question, never a main clause's subject. */
const DEPENDENT_OPENERS: ReadonlySet<string> = new Set([
  'which',
  'who',
  'whom',
  'whose',
  'that',
  'what',
  'where',
  'when',
  'why',
  'how',
  'whether',
  'if',
]);

/** Tags a noun phrase's words carry before its head (determiners, numbers, adjectives, possessives). */
const MODIFIER_TAGS = new Set(['DET', 'NUM', 'ADJ', 'PRON']);
const HEAD_TAGS = new Set(['NOUN', 'PROPN', 'NUM']);
/** A noun phrase of a subject stays within this many words (one of-phrase included). */
const MAX_SUBJECT_WORDS = 8;

function hasAny(piece: Token, tags: ReadonlySet<string>): boolean {
  return piece.tags.some((tag) => tags.has(tag));
}

/** The word tokens from `at` on, up to the first mark (a comma ends the stretch a clause start is read in). */
function wordsFrom(tokens: readonly Token[], at: number): Token[] {
  const out: Token[] = [];
  for (let i = at; i < tokens.length; i += 1) {
    const piece = tokens[i] as Token;
    if (piece.kind === 'space' || piece.kind === 'markup') continue;
    if (piece.kind !== 'word') break;
    out.push(piece);
  }
  return out;
}

/** Number of words a noun-phrase subject takes at the start of `words` (an of-phrase included), or 0. */
function nounPhraseLength(words: readonly Token[]): number {
  let at = 0;
  let head = false;
  while (at < words.length && at < MAX_SUBJECT_WORDS) {
    const piece = words[at] as Token;
    if (hasAny(piece, HEAD_TAGS)) head = true;
    else if (!hasAny(piece, MODIFIER_TAGS) && !(piece.tags.includes('ADV') && !head)) break;
    else if (head) break;
    at += 1;
    // "the cost of solar panels has fallen": one of-phrase belongs to the subject.
    if (head && keyOf(words[at] ?? piece) === 'of' && at + 1 < words.length) {
      const rest = nounPhraseLength(words.slice(at + 1));
      if (rest > 0) return at + 1 + rest;
    }
  }
  return head ? at : 0;
}

/**
 * True when the word can be a clause's finite verb or auxiliary: not a gerund, and not a hyphenated
 * compound ("double-walled", "well-known"), which the tagger may call a verb but is an adjective.
 */
export function isFiniteVerb(piece: Token | undefined): boolean {
  if (piece === undefined || piece.kind !== 'word' || piece.text.includes('-')) return false;
  if (piece.tags.includes('AUX')) return true;
  return piece.tags.includes('VERB') && !/ing$/i.test(piece.text);
}

/**
 * True when a main clause opens at token `at`: a subject (a pronoun, or a noun phrase with at most
 * one of-phrase) followed, adverbs aside, by a finite verb or auxiliary.
 */
export function opensClause(tokens: readonly Token[], at: number): boolean {
  const words = wordsFrom(tokens, at);
  const first = words[0];
  if (first === undefined) return false;
  const key = keyOf(first);
  if (DEPENDENT_OPENERS.has(key)) return false;
  if (PRONOUN_WITH_VERB.test(key)) return true;
  const pronoun = SUBJECT_PRONOUNS.has(key);
  const subject = pronoun ? 1 : nounPhraseLength(words);
  if (subject === 0) return false;
  let verb = subject;
  while (words[verb]?.tags.includes('ADV') === true && !words[verb]?.tags.includes('AUX')) verb += 1;
  if (!isFiniteVerb(words[verb])) return false;
  // "and my father follow us afterwards" shares the auxiliary of the clause before ("are to"): a
  // singular noun with a verb's bare form is no clause of its own.
  return pronoun || !bareAfterSingular(words[subject - 1] as Token, words[verb] as Token);
}

const IRREGULAR_PLURALS = new Set([
  'men',
  'women',
  'children',
  'people',
  'folk',
  'police',
  'cattle',
  'clergy',
  'gentry',
]);

/** True for a singular noun head followed by a verb in its bare form (a main verb, not an auxiliary). */
function bareAfterSingular(head: Token, verb: Token): boolean {
  if (verb.tags.includes('AUX') || !head.tags.includes('NOUN')) return false;
  // Plural by its ending, by WordNet's exceptions ("teeth") or as one of the plurals WordNet also
  // lists as lemmas ("men", "people").
  const noun = keyOf(head);
  if (/s$/.test(noun) || IRREGULAR_PLURALS.has(noun) || lemmatize(noun, 'noun').some(({ lemma }) => lemma !== noun))
    return false;
  const form = keyOf(verb);
  return !/(?:s|ed)$/.test(form) && lookupIndex(form, 'verb') !== undefined;
}
