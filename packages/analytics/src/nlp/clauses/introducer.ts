import type { SentenceView } from './sentence-view.js';
import { lowerAt, tagAt } from './sentence-view.js';
import { CLAUSE_PUNCTUATION, COMPLEMENT_TAKERS, COORDINATORS, SUBORDINATORS, WH_WORDS } from './word-lists.js';

/** What kind of token opens a clause (the token right before its subject, or its verb). */
export type IntroducerKind =
  /** Nothing: the sentence starts here. */
  | 'start'
  /** Punctuation: a run-on or paratactic clause, or the main clause after a fronted one. */
  | 'punct'
  /** A coordinator ("and", "but", "so"). */
  | 'coord'
  /** A subordinator or complementizer ("because", "if", "that"). */
  | 'subordinator'
  /** A wh-word ("what", "where", "how"). */
  | 'wh'
  /** A verb or a complement-taking adjective: an unmarked complement clause ("I think [he left]"). */
  | 'verb'
  /** A noun, pronoun, preposition or anything else. */
  | 'other';

/** Classifies the token at `index` (-1 = sentence start) as a clause introducer. */
export function introducerKind(view: SentenceView, index: number): IntroducerKind {
  if (index < 0) return 'start';
  const lower = lowerAt(view, index);
  const tag = tagAt(view, index);
  if (tag === 'CCONJ' || COORDINATORS.has(lower)) return 'coord';
  if (tag === 'PUNCT' || CLAUSE_PUNCTUATION.has(lower)) return 'punct';
  if (WH_WORDS.has(lower)) return 'wh';
  if (SUBORDINATORS.has(lower) && !(lower === 'like' && tag === 'VERB')) return 'subordinator';
  if (tag === 'VERB' || tag === 'AUX') return 'verb';
  if (tag === 'ADJ' && COMPLEMENT_TAKERS.has(lower)) return 'verb';
  if (tag === 'INTJ') return 'start';
  return 'other';
}
