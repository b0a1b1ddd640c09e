import type { SentenceView } from './sentence-view.js';
import { isClauseBoundary, isGroupBridge, lowerAt, POSSESSIVES, previousContentIndex, tagAt } from './sentence-view.js';
import { canBeParticiple } from './verb-forms.js';
import {
  ADJECTIVAL_PARTICIPLES,
  BE_FORMS,
  DEGREE_ADVERBS,
  GET_ADJECTIVES,
  GET_FORMS,
  INTRANSITIVE_PARTICIPLES,
  SUBJECT_PRONOUNS,
  WH_WORDS,
} from './word-lists.js';

/** Longest subject skipped between an inverted "be" and its participle ("Why is [the city] called"). */
const MAX_INVERTED_SUBJECT = 5;

const CORRELATIVES: ReadonlySet<string> = new Set(['either', 'neither', 'both']);

/** Participles that after "'s" mean "has" ("he's gone", "it's got"), never a passive "is". */
const HAS_PARTICIPLES: ReadonlySet<string> = new Set(['gone', 'got', 'gotten', 'been', 'had', 'come', 'become']);

function isPassiveAuxiliary(view: SentenceView, index: number): boolean {
  const tag = tagAt(view, index);
  if (tag !== 'AUX' && tag !== 'VERB') return false;
  const lower = lowerAt(view, index);
  return BE_FORMS.has(lower) || GET_FORMS.has(lower);
}

function skipBridges(view: SentenceView, from: number): number {
  let i = from;
  // "is either fined or sent": a correlative conjunction may stand between "be" and the participle.
  while (i < view.length && (isGroupBridge(view, i) || CORRELATIVES.has(lowerAt(view, i)))) i += 1;
  return i;
}

/** Index after a short subject noun phrase at `from` (inverted question), or `from` if none. */
function skipInvertedSubject(view: SentenceView, from: number): number {
  let i = from;
  const limit = Math.min(view.length, from + MAX_INVERTED_SUBJECT);
  while (i < limit) {
    const tag = tagAt(view, i);
    const lower = lowerAt(view, i);
    const personal = tag === 'PRON' && SUBJECT_PRONOUNS.has(lower) && i === from;
    const nominal =
      tag === 'DET' ||
      tag === 'NOUN' ||
      tag === 'PROPN' ||
      tag === 'NUM' ||
      tag === 'ADJ' ||
      personal ||
      (tag === 'PRON' && POSSESSIVES.has(lower));
    if (!nominal) break;
    i += 1;
  }
  return i;
}

/** A "be" that can be inverted with its subject: clause-initial, or right after a wh-word. */
function opensQuestion(view: SentenceView, aux: number): boolean {
  if (!BE_FORMS.has(lowerAt(view, aux))) return false;
  const before = previousContentIndex(view, aux);
  return before < 0 || WH_WORDS.has(lowerAt(view, before)) || isClauseBoundary(view, before);
}

/**
 * How the rules read "be/get + participle" at (aux, participle): `by-agent` and `passive` are
 * passive readings; the others name the adjectival or perfect reading that ruled the passive out.
 */
export type PassiveReading =
  | 'by-agent'
  | 'passive'
  | 'adjectival'
  | 'intransitive'
  | 'get-adjective'
  | 'attributive'
  | 'degree'
  | 'used-to'
  | 'perfect';

/** One "be/get … participle" pair the voice rule considered, and how it read it. */
export interface PassiveCandidate {
  aux: number;
  participle: number;
  reading: PassiveReading;
  /** A subject stands between "be" and the participle ("Is it made"). */
  inverted: boolean;
}

function passiveReading(view: SentenceView, aux: number, participle: number): PassiveReading {
  const word = lowerAt(view, participle);
  const next = lowerAt(view, participle + 1);
  if (next === 'by') return 'by-agent';
  if (ADJECTIVAL_PARTICIPLES.has(word)) return 'adjectival';
  if (INTRANSITIVE_PARTICIPLES.has(word)) return 'intransitive';
  if (GET_FORMS.has(lowerAt(view, aux)) && GET_ADJECTIVES.has(word)) return 'get-adjective';
  // An adjective-tagged participle before a noun is attributive ("is coagulated blood").
  if (tagAt(view, participle) === 'ADJ' && tagAt(view, participle + 1) === 'NOUN') return 'attributive';
  if (DEGREE_ADVERBS.has(lowerAt(view, participle - 1))) return 'degree';
  // "be used to it / to working" is the adjective "accustomed"; "is used to make" is a passive.
  if (word === 'used' && next === 'to' && tagAt(view, participle + 2) !== 'VERB') return 'used-to';
  if (lowerAt(view, aux) === "'s") {
    if (HAS_PARTICIPLES.has(word)) return 'perfect';
    const nextTag = tagAt(view, participle + 1);
    // "he's made a mistake": "'s" is "has" when an object follows.
    if (nextTag === 'DET' || nextTag === 'NUM' || nextTag === 'PRON') return 'perfect';
  }
  return 'passive';
}

/** Scans every "be/get" for a participle; records each candidate in `out` when given, else stops at the first passive. */
function scanPassives(view: SentenceView, out: PassiveCandidate[] | undefined): boolean {
  let passive = false;
  for (let aux = 0; aux < view.length; aux += 1) {
    if (!isPassiveAuxiliary(view, aux)) continue;
    let candidate = skipBridges(view, aux + 1);
    let inverted = false;
    const candidateTag = tagAt(view, candidate);
    if (candidateTag !== 'VERB' && candidateTag !== 'ADJ') {
      // "Why is the city called Miramar?": only a question inverts "be" and its subject.
      if (!opensQuestion(view, aux)) continue;
      candidate = skipBridges(view, skipInvertedSubject(view, candidate));
      if (tagAt(view, candidate) !== 'VERB') continue;
      inverted = true;
    }
    if (!canBeParticiple(lowerAt(view, candidate))) continue;
    const reading = passiveReading(view, aux, candidate);
    const isPassive = reading === 'by-agent' || reading === 'passive';
    if (out === undefined && isPassive) return true;
    out?.push({ aux, participle: candidate, reading, inverted });
    passive ||= isPassive;
  }
  return passive;
}

/**
 * True when the sentence has a passive clause: a form of "be" or "get" followed, across adverbs
 * and negation ("was not properly tested") or an inverted subject ("Is it made"), by a past
 * participle with a passive reading. Reduced participles without "be"/"get" ("a guy named Joe")
 * are not passive (METRICS.md: a clause in the passive voice). Linear in sentence length.
 */
export function hasPassiveClause(view: SentenceView): boolean {
  return scanPassives(view, undefined);
}

/**
 * Like `hasPassiveClause`, and appends every "be/get … participle" pair it considered to `out`
 * with its reading (the learned model's voice features). Linear in sentence length.
 */
export function findPassiveCandidates(view: SentenceView, out: PassiveCandidate[]): boolean {
  return scanPassives(view, out);
}
