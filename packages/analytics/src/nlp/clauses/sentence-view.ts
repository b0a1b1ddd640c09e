import type { Upos } from '../../vocabulary/features.js';
import type { TaggedToken } from '../tagged-token.js';
import { CLAUSE_PUNCTUATION, COORDINATORS, NEGATORS, SUBORDINATORS, WH_WORDS } from './word-lists.js';

/** One sentence as parallel arrays, read by every clause rule (built once, O(n)). */
export interface SentenceView {
  /** Number of tokens. */
  length: number;
  /** Lower-cased token texts, clitics split ("i", "'m"). */
  lower: readonly string[];
  /** UPOS tags, parallel to `lower`, after the repairs of `sentenceView`. */
  tag: readonly Upos[];
}

/** Clitics wink leaves attached to a pronoun or "here" ("I'm", "here's"), with the tag of each part. */
const UNSPLIT_CLITICS: ReadonlyArray<readonly [string, Upos]> = [
  ["'m", 'AUX'],
  ["'re", 'AUX'],
  ["'s", 'AUX'],
  ["'ve", 'AUX'],
  ["'ll", 'AUX'],
  ["'d", 'AUX'],
];
const CLITIC_HOSTS: ReadonlyMap<string, Upos> = new Map<string, Upos>([
  ['i', 'PRON'],
  ['you', 'PRON'],
  ['we', 'PRON'],
  ['they', 'PRON'],
  ['he', 'PRON'],
  ['she', 'PRON'],
  ['it', 'PRON'],
  ['that', 'PRON'],
  ['there', 'PRON'],
  ['here', 'ADV'],
  ['what', 'PRON'],
  ['who', 'PRON'],
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

/** Pronouns that are only ever subjects: a "noun" right after one is its verb ("he dances"). */
const NOMINATIVE_PRONOUNS: ReadonlySet<string> = new Set(['i', 'he', 'she', 'we', 'they', 'who', 'whoever']);

/**
 * Tagger slips that grammar rules out: the word after a clause-initial "please" is an imperative
 * verb ("Please forward a copy"), and a noun cannot follow a nominative pronoun ("who lives").
 * `lower` and `tag` hold the tokens before the current one.
 */
function readsAsVerb(lower: readonly string[], tag: readonly Upos[], pos: Upos): boolean {
  const previous = lower.length - 2;
  const previousWord = lower[previous] ?? '';
  if (previousWord === 'please' && (previous === 0 || tag[previous - 1] === 'PUNCT')) {
    return pos === 'ADJ' || pos === 'ADV' || pos === 'NOUN' || pos === 'PROPN';
  }
  return pos === 'NOUN' && tag[previous] === 'PRON' && NOMINATIVE_PRONOUNS.has(previousWord);
}

/**
 * Builds the view in O(n). Tolerates malformed tokens (missing fields read as `X`), normalises
 * curly apostrophes, splits clitics the tagger left attached ("I'm"), and repairs tags that
 * grammar rules out (`readsAsVerb`).
 */
export function sentenceView(tokens: readonly TaggedToken[]): SentenceView {
  const lower: string[] = [];
  const tag: Upos[] = [];
  let mayNeedRepair = false;
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
    lower.push(text);
    tag.push(readsAsVerb(lower, tag, pos) ? 'VERB' : pos);
    if (text === 'its' || text === "'s") mayNeedRepair = true;
  }
  // repairTags only changes "its", a possessive "'s" and a sentence-initial noun or name; most
  // sentences have none of them and keep their arrays (a copy per sentence was a fifth of the rules' time).
  const view = { length: lower.length, lower, tag };
  return mayNeedRepair || tag[0] === 'NOUN' || tag[0] === 'PROPN' ? repairTags(view) : view;
}

/** Tags after which "its" or a noun's "'s" is a verb, not a possessive ("its a reel", "the food's okay"). */
const NON_NOUN_AFTER_COPULA: ReadonlySet<string> = new Set(['DET', 'PART', 'INTJ', 'AUX']);

/** Whether the words from index `at` on rule out a possessive reading of the "'s"/"its" before them. */
function copulaFollows(lower: readonly string[], tag: readonly Upos[], at: number): boolean {
  let i = at;
  // At most two adverbs ("it's really very good"): bounded to keep the pass linear.
  while (tag[i] === 'ADV' && i < at + 2) i += 1;
  const nextTag = tag[i] ?? 'PUNCT';
  if (NON_NOUN_AFTER_COPULA.has(nextTag)) return true;
  if (nextTag !== 'ADJ' || lower[i] === 'own') return false;
  const after = tag[i + 1];
  return after !== 'NOUN' && after !== 'PROPN' && after !== 'ADJ' && after !== 'NUM';
}

/** Words that open an object: after a sentence-initial word they show it is a verb. */
const OBJECT_OPENERS: ReadonlySet<string> = new Set([
  'me',
  'us',
  'him',
  'them',
  'it',
  'my',
  'your',
  'our',
  'his',
  'their',
  'the',
  'a',
  'an',
  'this',
  'these',
  'those',
]);

/**
 * Web text writes "its" for "it's", and the tagger reads some copular "'s" as possessive. Both are
 * a copula when no noun phrase follows: "its a reel" → it + 's, "The food's okay" → 's AUX. A
 * name's "'s" stays possessive: "we go to Japaneiro's all the time" names a shop. Also reads a
 * sentence-initial "name" before an object as the imperative it is. One pass, O(n).
 */
function repairTags(view: SentenceView): SentenceView {
  const { lower, tag } = view;
  const outLower: string[] = [];
  const outTag: Upos[] = [];
  for (let i = 0; i < lower.length; i += 1) {
    const word = lower[i] ?? '';
    const pos = tag[i] ?? 'X';
    if (word === 'its' && (copulaFollows(lower, tag, i + 1) || tag[i + 1] === 'VERB' || tag[i + 1] === 'ADP')) {
      outLower.push('it', "'s");
      outTag.push('PRON', 'AUX');
      continue;
    }
    const possessiveTagged = word === "'s" && pos === 'PART' && (tag[i - 1] === 'NOUN' || tag[i - 1] === 'PRON');
    // "Call me", "Open the window": a sentence-initial "noun" directly followed by an object
    // pronoun or a determiner is an imperative verb the tagger read as a name.
    const imperative = i === 0 && (pos === 'NOUN' || pos === 'PROPN') && OBJECT_OPENERS.has(lower[1] ?? '');
    outLower.push(word);
    outTag.push(possessiveTagged && copulaFollows(lower, tag, i + 1) ? 'AUX' : imperative ? 'VERB' : pos);
  }
  return { length: outLower.length, lower: outLower, tag: outTag };
}

/** Lower-cased token at `index`; '' outside the sentence. */
export function lowerAt(view: SentenceView, index: number): string {
  return view.lower[index] ?? '';
}

/** UPOS tag at `index`; '' outside the sentence. */
export function tagAt(view: SentenceView, index: number): Upos | '' {
  return view.tag[index] ?? '';
}

/** Most tokens any backward scan inspects: keeps the classifier linear in sentence length. */
export const LOOKBACK_LIMIT = 12;

/** Possessive determiners: they open a noun phrase and are never a subject themselves. */
export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'ur']);

const SPLIT_MODALS: ReadonlySet<string> = new Set(['ca', 'wo', 'sha']);

/** A verb or auxiliary that can belong to a verb group (the tagger's "AM" after a time is not). */
export function isVerbal(view: SentenceView, index: number): boolean {
  const tag = tagAt(view, index);
  if (tag !== 'VERB' && tag !== 'AUX') return false;
  const lower = lowerAt(view, index);
  if (lower === 'please') return false;
  if (lower === 'am' && tagAt(view, index - 1) === 'NUM') return false;
  // "ca", "wo", "sha" are modals only as the first half of "can't", "won't", "shan't" ("Ca" = California).
  if (SPLIT_MODALS.has(lower) && lowerAt(view, index + 1) !== "n't") return false;
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
