import type { Upos } from '@styler-dev/analytics/metrics';
import { memoOf, token, type Token } from '../text/token.js';
import { lookupIndex } from '../wordnet/database.js';

/** Helpers the edit operations share: finding words and marks in a sentence and building new tokens. */

/** A new word token with its tags. */
export function word(text: string, tags: Upos[]): Token {
  return token(text, 'word', tags);
}

/** A new punctuation token (tagged PUNCT). */
export function punct(text: string): Token {
  return token(text, 'punct', ['PUNCT']);
}

/** A new single space. */
export function space(): Token {
  return token(' ', 'space');
}

/** Words, spaces and tags for a phrase ("make sure" with tags VERB ADJ → word, space, word). */
export function phraseTokens(phrase: string, tags: readonly Upos[]): Token[] {
  const out: Token[] = [];
  phrase.split(' ').forEach((part, i) => {
    if (i > 0) out.push(space());
    out.push(word(part, [tags[i] ?? tags[tags.length - 1] ?? 'X']));
  });
  return out;
}

/** `tokens` with [from, to) replaced by `replacement` (a new array). */
export function splice(tokens: readonly Token[], from: number, to: number, replacement: readonly Token[]): Token[] {
  // Offsets as Array.prototype.slice reads them (negative ones count from the end).
  const at = (offset: number): number =>
    offset < 0 ? Math.max(tokens.length + offset, 0) : Math.min(offset, tokens.length);
  const head = at(from);
  const out: Token[] = [];
  for (let i = 0; i < head; i += 1) out.push(tokens[i] as Token);
  for (const piece of replacement) out.push(piece);
  for (let i = at(to); i < tokens.length; i += 1) out.push(tokens[i] as Token);
  return out;
}

/** Indices of word tokens, in order. */
export function wordIndices(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  tokens.forEach((piece, i) => {
    if (piece.kind === 'word') out.push(i);
  });
  return out;
}

/** Index of the next token after `index` that is not a space, or -1. */
export function nextSolid(tokens: readonly Token[], index: number): number {
  for (let i = index + 1; i < tokens.length; i += 1) if (tokens[i]?.kind !== 'space') return i;
  return -1;
}

/** Indices of the words after token `index` whose key (keyOf) is one of `keys`, in order. */
export function laterWords(tokens: readonly Token[], index: number, keys: ReadonlySet<string>): number[] {
  const out: number[] = [];
  for (let at = index + 1; at < tokens.length; at += 1) {
    const piece = tokens[at] as Token;
    if (piece.kind === 'word' && keys.has(keyOf(piece))) out.push(at);
  }
  return out;
}

/** Index of the previous token before `index` that is not a space, or -1. */
export function previousSolid(tokens: readonly Token[], index: number): number {
  for (let i = index - 1; i >= 0; i -= 1) if (tokens[i]?.kind !== 'space') return i;
  return -1;
}

/** Index of the sentence's first word when only markup precedes it (no quote or bracket), else -1. */
export function openingWord(tokens: readonly Token[]): number {
  for (let i = 0; i < tokens.length; i += 1) {
    const piece = tokens[i];
    if (piece === undefined) break;
    if (piece.kind === 'markup' || piece.kind === 'space') continue;
    return piece.kind === 'word' ? i : -1;
  }
  return -1;
}

/** Index just past the last solid token (trailing spaces and line breaks come after it). */
export function solidEnd(tokens: readonly Token[]): number {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]?.kind === 'space') end -= 1;
  return end;
}

/** Index of the final end mark (. ! ?) when it is the sentence's last solid token and unlocked, else -1. */
export function finalMark(tokens: readonly Token[], marks = /^[.!?]$/): number {
  const end = solidEnd(tokens) - 1;
  const piece = tokens[end];
  return piece !== undefined && piece.kind === 'punct' && piece.lock === undefined && marks.test(piece.text) ? end : -1;
}

/** Lower-cased text with straight apostrophes. */
export function lowerKey(text: string): string {
  let key = lowerCache.get(text);
  if (key === undefined) {
    const lower = text.toLowerCase();
    key = lower.includes('’') ? lower.replace(/’/g, "'") : lower;
    if (lowerCache.size > 50_000) lowerCache.clear();
    lowerCache.set(text, key);
  }
  return key;
}

// Candidates share most of their words: their lower-case keys are computed once.
const lowerCache = new Map<string, string>();

/** lowerKey of a token's text, kept in the token's memo (tokens never change their text). */
export function keyOf(piece: Token): string {
  const memo = piece.memo;
  if (memo !== undefined && memo.owner === piece && memo.key !== undefined) return memo.key;
  const fresh = memoOf(piece);
  fresh.key = lowerKey(piece.text);
  return fresh.key;
}

/**
 * The first word of a stretch when it is a bare verb: the head of a command ("Mention the
 * mission") or of a verb phrase in a series ("…, loosen the soil"); not a gerund or participle,
 * which opens a statement as its subject ("Staying hydrated is …"). Else undefined.
 */
export function leadingBareVerb(tokens: readonly Token[]): Token | undefined {
  const at = tokens.findIndex((piece) => piece.kind === 'word');
  const first = tokens[at];
  if (first === undefined || first.tags.includes('AUX') || /(?:ing|ed)$/i.test(first.text)) return undefined;
  if (first.tags.includes('VERB')) return first;
  // The tagger often reads a command's verb as a noun ("Aim for three paragraphs", "Plan your
  // route"). A word that is a verb's base form in WordNet, followed by what follows a verb (an
  // object's determiner, a pronoun, a preposition, an adverb), opens a command; followed by a verb
  // or a noun it is a subject ("Research shows", "Time management helps").
  // (A capital at the sentence's start also makes it read a command's verb as a name: "Aim/PROPN for".)
  const nameAtStart = first.tags.includes('PROPN') && first.lock === undefined;
  if (!first.tags.includes('NOUN') && !first.tags.includes('ADJ') && !nameAtStart) return undefined;
  const next = tokens[nextSolid(tokens, at)];
  if (next === undefined || next.kind !== 'word' || !next.tags.some((tag) => AFTER_VERB_TAGS.has(tag)))
    return undefined;
  return lookupIndex(keyOf(first), 'verb') === undefined ? undefined : first;
}

/** Tags of a word that may follow a verb but not a subject noun (the start of an object or adjunct). */
const AFTER_VERB_TAGS: ReadonlySet<string> = new Set(['DET', 'PRON', 'ADP', 'ADV', 'PART', 'NUM']);

/**
 * True for a gerund ("caring", "reading"), whatever the tagger calls it: after "and" it reads as
 * the next item of a series of actions, not as the subject of a new clause.
 */
export function isGerund(piece: Token): boolean {
  return /ing$/i.test(piece.text) && !piece.tags.includes('PRON') && !piece.tags.includes('DET');
}

/** True for a token tagged as a verb or an auxiliary ("go", "is", "can"). */
export function isVerbal(piece: Token): boolean {
  return piece.tags.includes('VERB') || piece.tags.includes('AUX');
}
