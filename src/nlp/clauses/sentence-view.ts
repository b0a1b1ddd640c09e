import type { Upos } from '../../analytics/features.js';
import type { TaggedToken } from '../tagged-token.js';
import {
  CLAUSE_PUNCTUATION, COORDINATORS, NEGATORS, SUBORDINATORS, WH_WORDS,
} from './word-lists.js';

/** One sentence as parallel arrays, read by every clause rule (built once, O(n)). */
export interface SentenceView {
  /** Number of tokens. */
  length: number;
  lower: readonly string[];
  tag: readonly Upos[];
}

/** Clitics wink leaves attached to a pronoun or "here" ("I'm", "here's"), with the tag of each part. */
const UNSPLIT_CLITICS: ReadonlyArray<readonly [string, Upos]> = [
  ["'m", 'AUX'], ["'re", 'AUX'], ["'s", 'AUX'], ["'ve", 'AUX'], ["'ll", 'AUX'], ["'d", 'AUX'],
];
const CLITIC_HOSTS: ReadonlyMap<string, Upos> = new Map<string, Upos>([
  ['i', 'PRON'], ['you', 'PRON'], ['we', 'PRON'], ['they', 'PRON'], ['he', 'PRON'], ['she', 'PRON'],
  ['it', 'PRON'], ['that', 'PRON'], ['there', 'PRON'], ['here', 'ADV'], ['what', 'PRON'], ['who', 'PRON'],
]);

function tokenLower(token: TaggedToken | undefined): string {
  if (typeof token?.lower === 'string') return token.lower;
  return typeof token?.text === 'string' ? token.text.toLowerCase() : '';
}

/** Splits "i'm" into "i" + "'m" when the tagger kept them together; null when not a clitic pair. */
function splitClitic(lower: string): [string, Upos, string, Upos] | null {
  for (const [clitic, cliticTag] of UNSPLIT_CLITICS) {
    if (lower.length <= clitic.length || !lower.endsWith(clitic)) continue;
    const host = lower.slice(0, lower.length - clitic.length);
    const hostTag = CLITIC_HOSTS.get(host);
    if (hostTag !== undefined) return [host, hostTag, clitic, cliticTag];
  }
  return null;
}

/**
 * Builds the view in O(n). Tolerates malformed tokens (missing fields read as `X`), normalises
 * curly apostrophes, splits clitics the tagger left attached ("I'm"), and reads the word after a
 * clause-initial "please" as the imperative verb it is even when the tagger missed it.
 */
export function sentenceView(tokens: readonly TaggedToken[]): SentenceView {
  const lower: string[] = [];
  const tag: Upos[] = [];
  for (const token of tokens) {
    let text = tokenLower(token);
    // Curly apostrophes arrive from real text; the word lists use the ASCII one.
    if (text.includes('\u2019')) text = text.replaceAll('\u2019', "'");
    const pos: Upos = typeof token?.pos === 'string' ? token.pos : 'X';
    const split = text.includes("'") ? splitClitic(text) : null;
    if (split !== null) {
      lower.push(split[0], split[2]);
      tag.push(split[1], split[3]);
      continue;
    }
    const previous = lower.length - 1;
    if (lower[previous] === 'please' && (previous === 0 || tag[previous - 1] === 'PUNCT')
      && (pos === 'ADJ' || pos === 'ADV' || pos === 'NOUN' || pos === 'PROPN')) {
      lower.push(text);
      tag.push('VERB');
      continue;
    }
    lower.push(text);
    tag.push(pos);
  }
  return { length: lower.length, lower, tag };
}

export function lowerAt(view: SentenceView, index: number): string {
  return view.lower[index] ?? '';
}

export function tagAt(view: SentenceView, index: number): Upos | '' {
  return view.tag[index] ?? '';
}

/** Most tokens any backward scan inspects: keeps the classifier linear in sentence length. */
export const LOOKBACK_LIMIT = 12;

/** Possessive determiners: they open a noun phrase and are never a subject themselves. */
export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'ur']);

/** A verb or auxiliary that can belong to a verb group (the tagger's "AM" after a time is not). */
export function isVerbal(view: SentenceView, index: number): boolean {
  const tag = tagAt(view, index);
  if (tag !== 'VERB' && tag !== 'AUX') return false;
  const lower = lowerAt(view, index);
  if (lower === 'please') return false;
  if (lower === 'am' && tagAt(view, index - 1) === 'NUM') return false;
  return true;
}

/** Adverbs and negators that may sit inside a verb group ("has not yet been"). */
export function isGroupBridge(view: SentenceView, index: number): boolean {
  const lower = lowerAt(view, index);
  if (NEGATORS.has(lower)) return true;
  if (tagAt(view, index) !== 'ADV') return false;
  return !WH_WORDS.has(lower) && !SUBORDINATORS.has(lower) && !COORDINATORS.has(lower);
}

/** A token that closes off the clause before it: clause punctuation or a coordinator. */
export function isClauseBoundary(view: SentenceView, index: number): boolean {
  const lower = lowerAt(view, index);
  if (tagAt(view, index) === 'CCONJ') return true;
  return CLAUSE_PUNCTUATION.has(lower) || COORDINATORS.has(lower);
}

/**
 * Index of the nearest token before `index` that is not a plain adverb, negator, interjection or
 * "please"; -1 at the sentence start. Used to ask what precedes a verb or a subject.
 */
export function previousContentIndex(view: SentenceView, index: number): number {
  let i = index - 1;
  // Bounded so that every rule stays linear in sentence length.
  const stop = index - 1 - LOOKBACK_LIMIT;
  while (i >= 0 && i > stop) {
    const lower = lowerAt(view, i);
    if (lower === 'please' || tagAt(view, i) === 'INTJ' || isGroupBridge(view, i)) i -= 1;
    else break;
  }
  return i;
}

/** True when nothing but adverbs separates `index` from the sentence start, punctuation or a coordinator. */
export function isClauseInitial(view: SentenceView, index: number): boolean {
  const before = previousContentIndex(view, index);
  return before < 0 || isClauseBoundary(view, before);
}
