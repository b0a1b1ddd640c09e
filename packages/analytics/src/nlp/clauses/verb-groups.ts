import type { SentenceView } from './sentence-view.js';
import {
  isClauseInitial,
  isGroupBridge,
  isVerbal,
  lowerAt,
  POSSESSIVES,
  previousContentIndex,
  tagAt,
} from './sentence-view.js';
import { VerbFormFlag, verbFormFlags } from './verb-forms.js';
import { BE_FORMS, FINITE_BE, FINITE_DO_HAVE, GET_FORMS, MODALS, SUBJECT_PRONOUNS, WH_WORDS } from './word-lists.js';

/** A verb group: an optional auxiliary chain plus its lexical verb ("could not be killed"). */
export interface VerbGroup {
  /** Index of the first verbal token: the one that carries tense when the group is finite. */
  first: number;
  /** Index of the last verbal token: the lexical verb, or the last auxiliary of a copula. */
  last: number;
  /** Index of the subject between an initial auxiliary and the verb ("Did [you] see"), else -1. */
  invertedSubject: number;
}

/** Lexical verbs after an inverted subject that the tagger may tag AUX. */
const INVERTED_MAIN_VERBS: ReadonlySet<string> = new Set(['have', 'do', 'be', 'get']);

/** Longest noun phrase accepted between an inverted auxiliary and its verb. */
const MAX_INVERTED_SUBJECT = 6;

function isAuxiliaryLike(lower: string): boolean {
  return BE_FORMS.has(lower) || MODALS.has(lower) || FINITE_DO_HAVE.has(lower);
}

/** Whether the verbal token at `next` continues the group whose latest verbal token is `prev`. */
function continuesGroup(view: SentenceView, prev: number, next: number): boolean {
  const prevLower = lowerAt(view, prev);
  const nextLower = lowerAt(view, next);
  const flags = verbFormFlags(nextLower);
  if (tagAt(view, prev) === 'AUX' || isAuxiliaryLike(prevLower)) {
    // After an auxiliary only non-finite forms follow ("has lost", "will be", "is being done").
    if (MODALS.has(nextLower) || FINITE_BE.has(nextLower)) return false;
    if (nextLower === 'has' || nextLower === 'does' || nextLower === 'did') return false;
    return (flags & (VerbFormFlag.base | VerbFormFlag.ing | VerbFormFlag.participle)) !== 0 || BE_FORMS.has(nextLower);
  }
  if (GET_FORMS.has(prevLower) && (flags & (VerbFormFlag.participle | VerbFormFlag.ing)) !== 0) return true;
  // Catenative -ing ("love walking") and serial bare verbs ("go get", "help make") stay in the clause.
  if (flags === VerbFormFlag.ing) return true;
  return flags === VerbFormFlag.base && tagAt(view, next) === 'VERB';
}

/** An auxiliary that can open a question: clause-initial, or after a clause-initial wh-phrase. */
function opensQuestion(view: SentenceView, index: number): boolean {
  if (isClauseInitial(view, index)) return true;
  const before = previousContentIndex(view, index);
  // "What do you think", "How long have you been", "Which one do you want".
  for (let i = before; i >= 0 && i >= before - 2; i -= 1) {
    if (WH_WORDS.has(lowerAt(view, i))) return isClauseInitial(view, i);
  }
  return false;
}

function skipBridges(view: SentenceView, from: number): number {
  let i = from;
  while (i < view.length && isGroupBridge(view, i)) i += 1;
  return i;
}

/** A short noun phrase starting at `from` followed by the rest of an inverted verb group. */
function invertedVerbAfter(view: SentenceView, from: number): number {
  const first = lowerAt(view, from);
  const firstTag = tagAt(view, from);
  let i = from;
  if (firstTag === 'PRON' && SUBJECT_PRONOUNS.has(first)) {
    i += 1;
  } else {
    const limit = Math.min(view.length, from + MAX_INVERTED_SUBJECT);
    while (i < limit) {
      const tag = tagAt(view, i);
      const nominal =
        tag === 'NOUN' ||
        tag === 'PROPN' ||
        tag === 'NUM' ||
        tag === 'ADJ' ||
        tag === 'DET' ||
        (tag === 'PRON' && POSSESSIVES.has(lowerAt(view, i)));
      if (!nominal) break;
      i += 1;
    }
    if (i === from) return -1;
  }
  i = skipBridges(view, i);
  // "Do you have", "Can it be": lexical have/do/be often carry the AUX tag.
  const lexical = tagAt(view, i) === 'VERB' || INVERTED_MAIN_VERBS.has(lowerAt(view, i));
  if (!isVerbal(view, i) || !lexical) return -1;
  const flags = verbFormFlags(lowerAt(view, i));
  return (flags & (VerbFormFlag.base | VerbFormFlag.ing | VerbFormFlag.participle)) !== 0 ? i : -1;
}

/**
 * Splits a sentence into verb groups, left to right, in one pass (O(n)). An auxiliary at the start
 * of a clause followed by a noun phrase and a non-finite verb is one inverted group ("Can you post").
 */
export function findVerbGroups(view: SentenceView): VerbGroup[] {
  const groups: VerbGroup[] = [];
  let i = 0;
  while (i < view.length) {
    if (!isVerbal(view, i)) {
      i += 1;
      continue;
    }
    let last = i;
    for (;;) {
      const next = skipBridges(view, last + 1);
      if (next < view.length && isVerbal(view, next) && continuesGroup(view, last, next)) last = next;
      else break;
    }
    let invertedSubject = -1;
    if (tagAt(view, last) === 'AUX' && isAuxiliaryLike(lowerAt(view, last)) && opensQuestion(view, i)) {
      const subjectStart = skipBridges(view, last + 1);
      const verb = invertedVerbAfter(view, subjectStart);
      if (verb >= 0) {
        invertedSubject = subjectStart;
        last = verb;
        for (;;) {
          const next = skipBridges(view, last + 1);
          if (next < view.length && isVerbal(view, next) && continuesGroup(view, last, next)) last = next;
          else break;
        }
      }
    }
    groups.push({ first: i, last, invertedSubject });
    i = last + 1;
  }
  return groups;
}
