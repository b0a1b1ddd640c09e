import type { Upos } from '@styler-dev/analytics/metrics';
import { GENERIC_ENTRIES, type GenericEntry } from '../lexicon/generic.js';
import { isEditableWord, matchCase, type Token } from '../text/token.js';
import { usage, type EditContext } from '../edits/context.js';
import { isVerbal, keyOf, laterWords, nextSolid, phraseTokens, previousSolid, splice, word } from './tokens.js';
import type { TokenEdit } from './types.js';

interface IndexedForm {
  entry: GenericEntry;
  slot: number;
  words: string[];
}

const BY_FIRST_WORD: ReadonlyMap<string, IndexedForm[]> = (() => {
  const map = new Map<string, IndexedForm[]>();
  for (const entry of GENERIC_ENTRIES) {
    entry.forms.forEach((form, slot) => {
      const words = form.split(' ');
      const first = words[0] ?? '';
      map.set(first, [...(map.get(first) ?? []), { entry, slot, words }]);
    });
  }
  return map;
})();

/** True when a word (lower-case `key`) starts a generic form: findGeneric matches start only there. */
export function startsGeneric(piece: Token, key: string): boolean {
  return piece.kind === 'word' && BY_FIRST_WORD.has(key);
}

/** A generic form found in a sentence: tokens [start, end), the entry and the inflection slot. */
export interface GenericMatch {
  start: number;
  end: number;
  entry: GenericEntry;
  slot: number;
  form: string;
}

/** Every generic form of the lexicon in the tokens (editable words separated by single spaces). */
export function findGeneric(tokens: readonly Token[]): GenericMatch[] {
  const out: GenericMatch[] = [];
  tokens.forEach((piece, start) => {
    if (!isEditableWord(piece)) return;
    const candidates = BY_FIRST_WORD.get(keyOf(piece));
    if (candidates === undefined) return;
    for (const candidate of candidates) {
      let at = start;
      let ok = true;
      candidate.words.forEach((expected, k) => {
        if (!ok) return;
        if (k > 0) {
          if (tokens[at + 1]?.text !== ' ') ok = false;
          at += 2;
        }
        const current = tokens[at];
        if (!isEditableWord(current) || keyOf(current) !== expected) ok = false;
      });
      if (!ok) continue;
      const pos = candidate.entry.pos;
      // Participles are often tagged ADJ, and "regarding" ADP; a noun never passes for a verb. Nor
      // does a participle standing as an adjective ("an optimized plan" is no "improved plan",
      // "even empowering" no "even helping": in the labelled swaps every such swap changed the sense).
      const fits =
        pos === undefined ||
        ((piece.tags.includes(pos) || (pos === 'VERB' && (piece.tags.includes('ADJ') || piece.tags.includes('ADP')))) &&
          !(pos === 'VERB' && /(?:ed|ing)$/.test(keyOf(piece)) && adjectival(tokens, start, at)));
      if (candidate.words.length === 1 && !fits) continue;
      // A verb is replaced only with its object after it: "if the principles could so far obtain as
      // to become the creed" (obtain = prevail, no object) is no "get as to become".
      if (pos === 'VERB' && candidate.words.length === 1 && !beforeObject(tokens, at)) continue;
      // A phrase that ends in the infinitive's "to" ("in order to") stands for "to" only before a
      // verb: older prose writes "in order to the maintenance of …", where "to" is a preposition.
      if (candidate.words[candidate.words.length - 1] === 'to' && !beforeVerb(tokens, at)) continue;
      // Nor when a later infinitive leans on the same phrase ("is able to slow, and finally to stop,
      // the flood"): "can slow, and finally to stop" leaves the second "to" hanging.
      if (candidate.words[candidate.words.length - 1] === 'to' && sharedInfinitiveAfter(tokens, at)) continue;
      out.push({ start, end: at + 1, entry: candidate.entry, slot: candidate.slot, form: candidate.words.join(' ') });
    }
  });
  return out;
}

/** True when a word of `text` (or its inflection's stem) stands in the sentence outside the match. */
function alreadyHolds(tokens: readonly Token[], match: GenericMatch, text: string): boolean {
  const stems = new Set(
    text
      .split(' ')
      .filter((part) => part.length > 3)
      .map(stemOf),
  );
  if (stems.size === 0) return false;
  return tokens.some(
    (piece, i) => (i < match.start || i >= match.end) && piece.kind === 'word' && stems.has(stemOf(keyOf(piece))),
  );
}

/** A crude stem for spotting a repeated word across inflections (show, shows, showed, showing). */
function stemOf(word: string): string {
  return word.toLowerCase().replace(/(?:ing|ed|es|s)$/, '');
}

/** Tags of a word that opens a verb's object. */
const OBJECT_TAGS = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ']);

/** True when the word after token `index` opens an object (a determiner, noun, pronoun, number or adjective). */
function beforeObject(tokens: readonly Token[], index: number): boolean {
  const next = tokens[nextSolid(tokens, index)];
  return next?.kind === 'word' && next.tags.some((tag) => OBJECT_TAGS.has(tag));
}

/** Words that may stand between a conjunction and the infinitive it coordinates ("and finally to"). */
const SHARED_INFINITIVE_GAP = 2;

const AND_OR: ReadonlySet<string> = new Set(['and', 'or']);

/** True when a coordinated "to" + verb follows token `index` in the sentence ("…, and then to stop"). */
function sharedInfinitiveAfter(tokens: readonly Token[], index: number): boolean {
  return laterWords(tokens, index, AND_OR).some((conjunction) => {
    let gap = 0;
    for (
      let next = nextSolid(tokens, conjunction);
      next >= 0 && gap <= SHARED_INFINITIVE_GAP;
      next = nextSolid(tokens, next)
    ) {
      const word = tokens[next] as Token;
      if (word.kind !== 'word') return false;
      if (keyOf(word) === 'to') return beforeVerb(tokens, next);
      gap += 1;
    }
    return false;
  });
}

/**
 * Nouns of a degree or an amount: to "enhance" them is to raise them, and "improve" (make better)
 * does not take them ("improves the importance of the soldier").
 */
const DEGREE_NOUNS = new Set(
  (
    'importance significance effect effects likelihood probability chance chances risk risks danger dangers ' +
    'influence power weight intensity size amount level levels degree extent'
  ).split(' '),
);
/** Words looked past for the object's noun ("enhances the growing importance of"). */
const OBJECT_LOOKAHEAD = 4;

/** True when the first noun after token `index`, within a few words, is a noun of degree. */
function degreeObject(tokens: readonly Token[], index: number): boolean {
  let seen = 0;
  for (let at = nextSolid(tokens, index); at >= 0 && seen < OBJECT_LOOKAHEAD; at = nextSolid(tokens, at)) {
    const piece = tokens[at] as Token;
    if (piece.kind !== 'word') return false;
    if (piece.tags.includes('NOUN')) return DEGREE_NOUNS.has(keyOf(piece));
    seen += 1;
  }
  return false;
}

/** True when the word after token `index` is a verb. */
function beforeVerb(tokens: readonly Token[], index: number): boolean {
  const next = tokens[nextSolid(tokens, index)];
  return next?.kind === 'word' && isVerbal(next);
}

/** Quantifiers that take "of" before a determiner ("most of the", "many of these"). */
const OF_QUANTIFIERS = new Set(['most', 'many']);

/** True for a word that opens a definite phrase after which a quantifier needs "of" (the, these, my, them). */
function beginsDefinite(piece: Token): boolean {
  return piece.tags.includes('DET') || piece.tags.includes('PRON');
}

/** Quantifiers that stand only before their noun ("so numerous." is no "so many."). */
const PRENOMINAL = new Set(['many', 'more', 'few', 'fewer', 'much', 'several']);

/**
 * True when `text` may stand where the words from `start` to `end` are: after "a"/"an" only a word
 * the article fits ("an additional security" is no "an more security"), and a quantifier only before
 * a noun and not after a determiner.
 */
function fitsPlace(tokens: readonly Token[], start: number, end: number, text: string): boolean {
  const before = tokens[previousSolid(tokens, start)];
  const article = before?.kind === 'word' ? keyOf(before) : '';
  const first = text.split(' ')[0]?.toLowerCase() ?? '';
  // After a determiner a quantifier reads wrong ("lose the more security").
  if (PRENOMINAL.has(first) && before?.kind === 'word' && before.tags.includes('DET')) return false;
  if ((article === 'a' || article === 'an') && (article === 'an') !== /^[aeiou]/.test(first)) return false;
  if (PRENOMINAL.has(first)) {
    const after = tokens[nextSolid(tokens, end)];
    if (!(after?.kind === 'word' && after.tags.includes('NOUN'))) return false;
  }
  return true;
}

/** True where the word(s) from `start` to `end` stand as an adjective: after a determiner, an adverb or "be", or before a noun. */
function adjectival(tokens: readonly Token[], start: number, end: number): boolean {
  const before = tokens[previousSolid(tokens, start)];
  const after = tokens[nextSolid(tokens, end)];
  if (after?.kind === 'word' && after.tags.includes('NOUN')) return true;
  return (
    before?.kind === 'word' &&
    (before.tags.includes('DET') || before.tags.includes('ADV') || before.tags.includes('AUX'))
  );
}

const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'that', 'there']);
/** Words looked ahead for the finite verb of a clause ("ensure the door is locked"). */
const CLAUSE_LOOKAHEAD = 6;

/**
 * True when a clause follows token `index` ("that …", a subject pronoun, or a finite verb within a
 * few words before any punctuation): what "make sure" takes, where "ensure" also takes a bare object
 * ("ensure the survival of the state" is no "make sure the survival of the state").
 */
function clauseFollows(tokens: readonly Token[], index: number): boolean {
  let at = nextSolid(tokens, index);
  const first = tokens[at];
  if (first?.kind !== 'word') return false;
  if (SUBJECT_PRONOUNS.has(keyOf(first))) return true;
  for (let seen = 0; seen < CLAUSE_LOOKAHEAD; seen += 1) {
    const piece = tokens[at];
    if (piece === undefined || piece.kind !== 'word') return false;
    if (seen > 0 && (piece.tags.includes('AUX') || (piece.tags.includes('VERB') && /(?:s|ed)$/.test(piece.text))))
      return true;
    at = nextSolid(tokens, at);
  }
  return false;
}

/**
 * Replacements of generic, AI-typical phrasing. Alternatives the author uses come first; if the
 * author uses none of them, all are offered and the objective chooses.
 */
export function genericEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  for (const match of findGeneric(tokens)) {
    const alternatives = match.entry.alternatives.map((forms, i) => ({
      text: forms[match.slot] ?? forms[0] ?? '',
      index: i,
    }));
    const used = alternatives.filter((alt) => alt.text.split(' ').every((part) => usage(context, part) > 0));
    for (const alternative of used.length > 0 ? used : alternatives) {
      // A plain word the sentence already holds would repeat it ("shows interest and shows that …")
      // or clash with it ("between people … the great body of the people").
      if (alternative.text.length === 0 || alreadyHolds(tokens, match, alternative.text)) continue;
      const original = tokens[match.start];
      if (original === undefined) continue;
      let text = alternative.text;
      const singleSource = match.end - match.start === 1;
      let tags: Upos[] = match.entry.tags?.[alternative.index] ?? (singleSource ? original.tags : (['X'] as Upos[]));
      const next = tokens[nextSolid(tokens, match.end - 1)];
      // "the majority of the people" is "most of the people", not "most the people": before a
      // determiner or pronoun a quantifier keeps the "of" the generic phrase ended in.
      if (match.form.endsWith(' of') && !text.endsWith(' of') && next?.kind === 'word' && beginsDefinite(next)) {
        if (!OF_QUANTIFIERS.has(text)) continue;
        text = `${text} of`;
        tags = [...tags, 'ADP'];
      } else if (!fitsPlace(tokens, match.start, match.end - 1, text)) continue;
      if (/^(?:make|makes|made|making) sure$/i.test(text) && !clauseFollows(tokens, match.end - 1)) continue;
      if (/^improv/i.test(text) && degreeObject(tokens, match.end - 1)) continue;
      const parts = text.split(' ');
      const replacement =
        parts.length === 1 && singleSource
          ? [word(matchCase(original.text, text), tags)]
          : phraseTokens(matchCase(original.text, text), tags);
      edits.push({ op: 'generic', tokens: splice(tokens, match.start, match.end, replacement) });
    }
  }
  return edits;
}
