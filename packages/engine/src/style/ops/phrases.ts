import { decapitalize, isCapitalized, isEditableWord, retext, type Token } from '../text/token.js';
import { structureFromCounts } from '@styler-dev/analytics/nlp';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';
import { keyOf, laterWords, space, splice, word } from './tokens.js';
import type { StructureEdit } from './types.js';
import { NOUN_PHRASE_DETERMINERS } from '../lexicon/determiners.js';

const RELATIVE_WORDS = new Set(['that', 'which', 'who']);
/** Conjunctions that may join a second relative clause to a first. */
const JOINING_CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'or', 'but']);
const BE_WORDS = new Set(['is', 'are', 'was', 'were']);

function isNoun(piece: Token | undefined): boolean {
  return piece !== undefined && piece.kind === 'word' && (piece.tags.includes('NOUN') || piece.tags.includes('PROPN'));
}

function isParticiple(piece: Token | undefined): boolean {
  return (
    isEditableWord(piece) && piece.tags.length === 1 && piece.tags[0] === 'VERB' && /[a-z](?:ed|en)$/.test(piece.text)
  );
}

function reclass(
  classes: SentenceClassCounts,
  dependentDelta: number,
  voice: SentenceClassCounts['voice'],
): SentenceClassCounts {
  const dependentClauses = Math.max(0, classes.dependentClauses + dependentDelta);
  return sentenceClass(
    structureFromCounts(classes.independentClauses, dependentClauses),
    voice,
    classes.independentClauses,
    dependentClauses,
  );
}

/** True for a word relativeClauseEdits may act on: that/which/who (a full relative clause reduced). */
export function mayEditRelative(piece: Token, key: string): boolean {
  return piece.kind === 'word' && RELATIVE_WORDS.has(key);
}

/** True for a word possessiveEdits may rewrite: a noun with an apostrophe. */
export function mayEditPossessive(piece: Token): boolean {
  return piece.kind === 'word' && piece.tags.includes('NOUN') && /['’]/.test(piece.text);
}

/**
 * Full relative clauses reduced: "a bottle that is designed to" → "a bottle designed to" (removes
 * a dependent passive clause). The expansion the other way is not proposed: on real prose it
 * turned verbs into participles and lost tense ("while the rate dropped" → "while the rate which
 * is dropped", "points which are compared with"), and gained almost nothing in the measures
 * (docs/BENCHMARKS.md, "Harm by reading").
 */
export function relativeClauseEdits(tokens: readonly Token[], classes: SentenceClassCounts): StructureEdit[] {
  const edits: StructureEdit[] = [];
  tokens.forEach((piece, i) => {
    if (!isNoun(piece) || tokens[i + 1]?.text !== ' ') return;
    const relative = tokens[i + 2];
    const be = tokens[i + 4];
    if (!isEditableWord(relative) || !RELATIVE_WORDS.has(keyOf(relative)) || tokens[i + 3]?.text !== ' ') return;
    if (!isEditableWord(be) || !BE_WORDS.has(keyOf(be)) || tokens[i + 5]?.text !== ' ' || !isParticiple(tokens[i + 6]))
      return;
    // "the lands which were ungranted then, and which went by another name": a second relative
    // joined to the first needs the first written out, or its "and which" has nothing to pair with.
    if (pairedRelativeAfter(tokens, i + 6)) return;
    const reduced = splice(tokens, i + 2, i + 6, []);
    const stillPassive = reduced.some(
      (p, k) => p.kind === 'word' && BE_WORDS.has(keyOf(p)) && isParticiple(reduced[k + 2]),
    );
    edits.push({
      op: 'relative-reduce',
      sentences: [{ tokens: reduced, classes: reclass(classes, -1, stillPassive ? classes.voice : 'active') }],
    });
  });
  return edits;
}

/**
 * True when "and/or/but" + a relative word follows token `index` in the sentence. Any relative word:
 * another edit may have made the first one "that" while the second stays "which".
 */
function pairedRelativeAfter(tokens: readonly Token[], index: number): boolean {
  return laterWords(tokens, index, JOINING_CONJUNCTIONS).some((conjunction) => {
    const next = tokens[conjunction + 2];
    return tokens[conjunction + 1]?.text === ' ' && next?.kind === 'word' && RELATIVE_WORDS.has(keyOf(next));
  });
}

/**
 * Possessive to of-phrase: "this quarter's strong performance" → "the strong performance of this
 * quarter" (common nouns with a determiner only; names keep their possessive).
 */
export function possessiveEdits(tokens: readonly Token[], classes: SentenceClassCounts): StructureEdit[] {
  const edits: StructureEdit[] = [];
  tokens.forEach((piece, i) => {
    if (!piece.tags.includes('NOUN') || !isEditableWord(piece) || !/^[a-z]+(?:['’]s|s['’])$/i.test(piece.text)) return;
    const owner = piece.text.replace(/['’]s$/, '').replace(/['’]$/, '');
    const determiner = tokens[i - 2];
    // Only a particular owner ("this quarter's results"): without a determiner the possessive
    // usually classifies ("children's titles" are titles for children, not titles of children).
    if (tokens[i - 1]?.text !== ' ' || !isEditableWord(determiner) || !NOUN_PHRASE_DETERMINERS.has(keyOf(determiner)))
      return;
    const start = i - 2;
    // The possessed phrase: adjectives then one or more nouns, all editable words.
    let end = i + 1;
    let nouns = 0;
    while (tokens[end]?.text === ' ' && isEditableWord(tokens[end + 1])) {
      const next = tokens[end + 1] as Token;
      if (next.tags.includes('NOUN')) nouns += 1;
      else if (nouns > 0 || !next.tags.includes('ADJ')) break;
      end += 2;
    }
    // "the team's resilience and adaptability": the possessive spans a coordination; leave it.
    const afterPhrase = tokens[end + 1];
    if (
      nouns === 0 ||
      // So may a comma: "the company's mission, values and culture" lists what it owns.
      tokens[end]?.text === ',' ||
      (tokens[end]?.text === ' ' && afterPhrase !== undefined && /^(?:and|or|nor)$/i.test(afterPhrase.text))
    )
      return;
    const sentenceStart =
      isCapitalized(tokens[start]?.text ?? '') && tokens.slice(0, start).every((p) => p.kind !== 'word');
    const possessed = tokens.slice(i + 2, end);
    const ownerPhrase = [retext(determiner, sentenceStart ? decapitalize(determiner.text) : determiner.text), space()];
    const ownerWord = retext(
      piece,
      owner,
      piece.tags.filter((tag) => tag !== 'PART'),
    );
    const the = word(sentenceStart ? 'The' : 'the', ['DET']);
    const replacement = [the, space(), ...possessed, space(), word('of', ['ADP']), space(), ...ownerPhrase, ownerWord];
    edits.push({ op: 'possessive', sentences: [{ tokens: splice(tokens, start, end, replacement), classes }] });
  });
  return edits;
}
