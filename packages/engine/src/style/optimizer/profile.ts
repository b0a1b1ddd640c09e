import { CONTENT_TAGS, UPOS_TAGS, type Upos } from '@styler-dev/analytics/metrics';
import { countSyllables, forEachPunctuationMark, FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { memoOf, type Token } from '../text/token.js';
import { keyOf, lowerKey } from '../ops/tokens.js';
import { FUNCTION_WORD_INDEX, FUNCTION_WORD_LIST, MARK_INDEX, MAX_WORD_LETTERS, UPOS_INDEX } from './indices.js';

/**
 * What one token adds to a text's surface counts, computed from the token alone (no tagger):
 * what the analytics count, so that a sentence's contribution to the text's features is the sum of
 * its tokens' and an edit's is the difference of the tokens it removes and adds. Tags come from the
 * one tagger pass over the input, or from the edit that made a token. Spaces and markup add nothing.
 */
export interface TokenCounts {
  words: number;
  syllables: number;
  contentWords: number;
  /** Word-length histogram bin (letters and digits, capped at MAX_WORD_LETTERS) of each word. */
  letters: readonly number[];
  /** FUNCTION_WORD_LIST index of each function word. */
  functionWords: readonly number[];
  /** UPOS_TAGS index of each tag. */
  pos: readonly number[];
  /** PUNCTUATION_MARKS index of each mark. */
  marks: readonly number[];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const WORD_IN_CODE = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
const NON_WORD_EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

const NOTHING: TokenCounts = Object.freeze({
  words: 0,
  syllables: 0,
  contentWords: 0,
  letters: [],
  functionWords: [],
  pos: [],
  marks: [],
});

interface MutableCounts {
  words: number;
  syllables: number;
  contentWords: number;
  letters: number[];
  functionWords: number[];
  pos: number[];
  marks: number[];
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Letters and digits (code points of \p{L} or \p{N}) in a word; a plain loop for ASCII words. */
function lettersOf(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128) return text.match(LETTER_OR_DIGIT)?.length ?? 0;
    if (isAsciiLetterOrDigit(code)) count += 1;
  }
  return count;
}

/** The word without leading and trailing characters that are neither letters nor digits. */
function trimmed(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return isAsciiLetterOrDigit(first) && isAsciiLetterOrDigit(last) ? text : text.replace(NON_WORD_EDGE, '');
}

function addWord(counts: MutableCounts, text: string, tags: readonly Upos[], address: boolean): void {
  const letters = lettersOf(text);
  if (letters === 0) return;
  counts.words += 1;
  counts.letters.push(Math.min(letters, MAX_WORD_LETTERS));
  if (!address) counts.syllables += countSyllables(trimmed(text));
  const key = lowerKey(text);
  // FUNCTION_WORD_LIST holds every function word, so the index exists whenever the set has the key.
  if (FUNCTION_WORDS.has(key)) counts.functionWords.push(FUNCTION_WORD_INDEX.get(key) ?? 0);
  if (tags.some((tag) => CONTENT_TAGS.has(tag))) counts.contentWords += 1;
}

function addMarks(counts: MutableCounts, text: string): void {
  forEachPunctuationMark(text, (mark) => counts.marks.push(MARK_INDEX.get(mark) ?? 0));
}

const NONE: readonly number[] = Object.freeze([]);

function shared(list: number[]): readonly number[] {
  return list.length === 0 ? NONE : list;
}

/** Shared one-element lists [0], [1], ... (counts never change, so tokens may share them). */
const SINGLE: ReadonlyArray<readonly number[]> = Array.from({ length: FUNCTION_WORD_LIST.length }, (_, i) =>
  Object.freeze([i]),
);

function single(index: number): readonly number[] {
  return SINGLE[index] ?? [index];
}

function measure(piece: Token): TokenCounts {
  const tags = piece.tags;
  const pos =
    tags.length === 0
      ? NONE
      : tags.length === 1
        ? single(UPOS_INDEX.get(tags[0] as Upos) ?? UPOS_TAGS.length - 1)
        : tags.map((tag) => UPOS_INDEX.get(tag) ?? UPOS_TAGS.length - 1);
  if (piece.kind === 'word' && piece.lock !== 'code') {
    const letters = lettersOf(piece.text);
    if (letters === 0) return { ...NOTHING, pos };
    const key = keyOf(piece);
    return {
      words: 1,
      syllables: piece.address === true ? 0 : countSyllables(trimmed(piece.text)),
      contentWords: tags.some((tag) => CONTENT_TAGS.has(tag)) ? 1 : 0,
      letters: single(Math.min(letters, MAX_WORD_LETTERS)),
      // FUNCTION_WORD_LIST holds every function word, so the index exists whenever the set has the key.
      functionWords: FUNCTION_WORDS.has(key) ? single(FUNCTION_WORD_INDEX.get(key) ?? 0) : NONE,
      pos,
      marks: NONE,
    };
  }
  const counts: MutableCounts = {
    words: 0,
    syllables: 0,
    contentWords: 0,
    letters: [],
    functionWords: [],
    pos: [],
    marks: [],
  };
  if (piece.kind === 'punct') addMarks(counts, piece.text);
  else if (piece.kind === 'word') {
    // Inline code reads as text to the analytics: its words and marks count.
    const inner = piece.text.replace(/^`+|`+$/g, '');
    for (const word of inner.match(WORD_IN_CODE) ?? []) addWord(counts, word, piece.tags, false);
    addMarks(counts, inner.replace(WORD_IN_CODE, ' '));
  }
  return {
    words: counts.words,
    syllables: counts.syllables,
    contentWords: counts.contentWords,
    letters: shared(counts.letters),
    functionWords: shared(counts.functionWords),
    pos,
    marks: shared(counts.marks),
  };
}

/** What one token adds to the counts (cached in the token's memo; spaces and markup add nothing). */
export function tokenCounts(piece: Token): TokenCounts {
  if (piece.kind === 'space' || piece.kind === 'markup') return NOTHING;
  const memo = piece.memo;
  // Tokens never change once tagged, so counts made for this very token stay right.
  if (memo !== undefined && memo.owner === piece && memo.counts !== undefined) return memo.counts as TokenCounts;
  const counts = measure(piece);
  memoOf(piece).counts = counts;
  return counts;
}

/** Words of a run of tokens (one sentence), as the analytics count them. */
export function wordsOf(tokens: readonly Token[]): number {
  let words = 0;
  for (let i = 0; i < tokens.length; i += 1) words += tokenCounts(tokens[i] as Token).words;
  return words;
}
