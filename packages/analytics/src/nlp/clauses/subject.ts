import type { SentenceView } from './sentence-view.js';
import { LOOKBACK_LIMIT, lowerAt, POSSESSIVES, previousContentIndex, tagAt } from './sentence-view.js';
import type { VerbGroup } from './verb-groups.js';
import { OBJECT_PRONOUNS, RELATIVE_PRONOUNS, SUBJECT_PRONOUNS, SUBORDINATORS, WH_WORDS } from './word-lists.js';

/** What stands in subject position before a verb group. */
export type SubjectKind =
  | 'none'
  /** A personal, demonstrative or indefinite pronoun ("he", "this", "someone"). */
  | 'pronoun'
  /** A noun phrase headed by a noun, name or number ("the first bridge"). */
  | 'noun'
  /** A relative or interrogative pronoun right before the verb ("who", "which", "what", "that"). */
  | 'wh'
  /** A subject after an initial auxiliary ("Did you", "Is the city"). */
  | 'inverted';

/** The subject of one verb group and the token that introduces its clause. */
export interface SubjectInfo {
  kind: SubjectKind;
  /** Index of the subject's head word (pronoun or last noun), or -1 when there is none. */
  head: number;
  /**
   * Index of the token right before the subject (or before the verb when there is no subject):
   * a subordinator, coordinator, punctuation, verb, noun ... ; -1 at the sentence start.
   */
  introducer: number;
}

const PERSONAL_SUBJECTS: ReadonlySet<string> = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'u']);

const NOMINAL_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM']);

/** Index of the "(" matching the ")" at `close`, within the look-back limit; `close` if none. */
function openingParenthesis(view: SentenceView, close: number): number {
  for (let i = close - 1; i >= 0 && i >= close - LOOKBACK_LIMIT; i -= 1) {
    if (lowerAt(view, i) === '(') return i;
  }
  return close;
}

const PREDETERMINERS: ReadonlySet<string> = new Set(['all', 'both', 'half', 'such']);

function isNounPhraseInternal(view: SentenceView, index: number): boolean {
  const tag = tagAt(view, index);
  if (tag === 'NOUN' || tag === 'PROPN' || tag === 'NUM' || tag === 'ADJ') return true;
  if (tag === 'PRON') return POSSESSIVES.has(lowerAt(view, index));
  if (tag === 'PART') return lowerAt(view, index) === "'s" || lowerAt(view, index) === "'";
  return false;
}

/** Leftmost index of the noun phrase ending at `head`, including postmodifying "of"/"in" phrases. */
function nounPhraseStart(view: SentenceView, head: number): number {
  let start = head;
  const stop = Math.max(0, head - LOOKBACK_LIMIT);
  while (start > stop) {
    const before = start - 1;
    const tag = tagAt(view, before);
    if (tag === 'DET') {
      start = before;
      if (!PREDETERMINERS.has(lowerAt(view, before - 1))) break;
      start = before - 1;
      break;
    }
    if (isNounPhraseInternal(view, before)) {
      start = before;
      continue;
    }
    // "the man [in the car]", "hundreds [of demonstrators]": keep walking left past the preposition.
    const object = before - 1;
    const objectTag = tagAt(view, object);
    if (
      tag === 'ADP' &&
      !SUBORDINATORS.has(lowerAt(view, before)) &&
      (objectTag === 'NOUN' || objectTag === 'PROPN' || objectTag === 'NUM')
    ) {
      start = object;
      continue;
    }
    break;
  }
  return start;
}

/**
 * Finds the subject of a verb group by looking left of its first verbal token, and the token that
 * introduces the clause. Bounded look-back (`LOOKBACK_LIMIT`), so linear over a sentence.
 */
export function findSubject(view: SentenceView, group: VerbGroup): SubjectInfo {
  if (group.invertedSubject >= 0) {
    return { kind: 'inverted', head: group.invertedSubject, introducer: previousContentIndex(view, group.first) };
  }
  let before = previousContentIndex(view, group.first);
  // "The Center (GNOFHAC) filed": look past a parenthesis between subject and verb.
  if (lowerAt(view, before) === ')') before = previousContentIndex(view, openingParenthesis(view, before));
  if (before < 0) return { kind: 'none', head: -1, introducer: -1 };
  const lower = lowerAt(view, before);
  const tag = tagAt(view, before);
  if ((RELATIVE_PRONOUNS.has(lower) || WH_WORDS.has(lower)) && (tag === 'PRON' || tag === 'DET' || lower === 'that')) {
    return { kind: 'wh', head: before, introducer: previousContentIndex(view, before) };
  }
  // "u" and "i" tagged as adjectives or nouns are still the pronouns.
  const personal = PERSONAL_SUBJECTS.has(lower) && tag !== 'PRON' && tag !== 'DET';
  if (tag === 'PRON' || personal) {
    if (SUBJECT_PRONOUNS.has(lower) && !OBJECT_PRONOUNS.has(lower)) {
      return { kind: 'pronoun', head: before, introducer: previousContentIndex(view, before) };
    }
    return { kind: 'none', head: -1, introducer: before };
  }
  // "NASA's astronaut's may not fly": a possessive-looking "'s" can end a subject.
  if (tag === 'PART' && lower === "'s" && NOMINAL_TAGS.has(tagAt(view, before - 1))) {
    return {
      kind: 'noun',
      head: before - 1,
      introducer: previousContentIndex(view, nounPhraseStart(view, before - 1)),
    };
  }
  const determinerPronoun = tag === 'DET' && SUBJECT_PRONOUNS.has(lower);
  // "its military withdrew", "the wounded were": an adjective after a determiner heads the phrase.
  const beforeAdjective = tagAt(view, before - 1);
  const adjectiveHead = tag === 'ADJ' && (beforeAdjective === 'DET' || POSSESSIVES.has(lowerAt(view, before - 1)));
  if (tag === 'NOUN' || tag === 'PROPN' || tag === 'NUM' || tag === 'X' || determinerPronoun || adjectiveHead) {
    const start = determinerPronoun ? before : nounPhraseStart(view, before);
    return { kind: 'noun', head: before, introducer: previousContentIndex(view, start) };
  }
  return { kind: 'none', head: -1, introducer: before };
}
