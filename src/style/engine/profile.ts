import { PUNCTUATION_MARKS, UPOS_TAGS, type PunctuationMark, type Upos } from '../../analytics/index.js';
import { countSyllables, FUNCTION_WORDS } from '../../nlp/index.js';
import type { Token } from '../text/token.js';

/**
 * The surface counts of one sentence, computed from its tokens alone (no tagger): what the
 * analytics count, so that a sentence's contribution to the text's features can be added and
 * removed cheaply while edits are tried. Tags come from the one tagger pass over the input, or
 * from the edit that made a token.
 */
export interface SentenceProfile {
  words: number;
  syllables: number;
  contentWords: number;
  /** Letters and digits of each word. */
  wordLetters: number[];
  /** Function-word keys, one entry per occurrence. */
  functionWords: string[];
  /** UPOS index (UPOS_TAGS order) → tokens with that tag. */
  pos: Int32Array;
  /** Punctuation mark index (PUNCTUATION_MARKS order) → occurrences. */
  punctuation: Int32Array;
}

export const UPOS_INDEX: ReadonlyMap<Upos, number> = new Map(UPOS_TAGS.map((tag, i) => [tag, i]));
const MARK_INDEX: ReadonlyMap<PunctuationMark, number> = new Map(PUNCTUATION_MARKS.map((mark, i) => [mark, i]));
const CONTENT: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);
const MARK_OF_CHAR: Readonly<Record<string, PunctuationMark>> = {
  ',': 'comma',
  ';': 'semicolon',
  ':': 'colon',
  '.': 'period',
  '?': 'question_mark',
  '!': 'exclamation_mark',
  '(': 'parenthetical',
  '[': 'parenthetical',
};
const ELLIPSIS = /^(?:\.{2,}|…)$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const WORD_IN_CODE = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
const NON_WORD_EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

function bump(values: Int32Array, index: number): void {
  values[index] = (values[index] ?? 0) + 1;
}

function emptyProfile(): SentenceProfile {
  return {
    words: 0,
    syllables: 0,
    contentWords: 0,
    wordLetters: [],
    functionWords: [],
    pos: new Int32Array(UPOS_TAGS.length),
    punctuation: new Int32Array(PUNCTUATION_MARKS.length),
  };
}

function addWord(profile: SentenceProfile, text: string, tags: readonly Upos[], address: boolean): void {
  const letters = text.match(LETTER_OR_DIGIT)?.length ?? 0;
  if (letters === 0) return;
  profile.words += 1;
  profile.wordLetters.push(letters);
  if (!address) profile.syllables += countSyllables(text.replace(NON_WORD_EDGE, ''));
  const key = text.toLowerCase().replace(/’/g, "'");
  if (FUNCTION_WORDS.has(key)) profile.functionWords.push(key);
  if (tags.some((tag) => CONTENT.has(tag))) profile.contentWords += 1;
}

function addMarks(profile: SentenceProfile, text: string): void {
  if (ELLIPSIS.test(text)) {
    bump(profile.punctuation, MARK_INDEX.get('period') ?? 3);
    return;
  }
  for (const char of text) {
    const mark = MARK_OF_CHAR[char];
    if (mark !== undefined) bump(profile.punctuation, MARK_INDEX.get(mark) ?? 0);
  }
}

/** What one token adds to a profile; cached per token object, since candidates share their tokens. */
const contributions = new WeakMap<Token, SentenceProfile>();

function contributionOf(piece: Token): SentenceProfile {
  let profile = contributions.get(piece);
  if (profile !== undefined) return profile;
  profile = emptyProfile();
  for (const tag of piece.tags) bump(profile.pos, UPOS_INDEX.get(tag) ?? UPOS_TAGS.length - 1);
  if (piece.kind === 'punct') addMarks(profile, piece.text);
  else if (piece.kind === 'word') {
    if (piece.lock === 'code') {
      // Inline code reads as text to the analytics: its words and marks count.
      const inner = piece.text.replace(/^`+|`+$/g, '');
      for (const word of inner.match(WORD_IN_CODE) ?? []) addWord(profile, word, piece.tags, false);
      addMarks(profile, inner.replace(WORD_IN_CODE, ' '));
    } else addWord(profile, piece.text, piece.tags, piece.address === true);
  }
  contributions.set(piece, profile);
  return profile;
}

/** The surface counts of a run of tokens (one sentence): the sum of its tokens' contributions. */
export function profileTokens(tokens: readonly Token[]): SentenceProfile {
  const profile = emptyProfile();
  for (const piece of tokens) {
    if (piece.kind === 'space' || piece.kind === 'markup') continue;
    const part = contributionOf(piece);
    profile.words += part.words;
    profile.syllables += part.syllables;
    profile.contentWords += part.contentWords;
    for (const letters of part.wordLetters) profile.wordLetters.push(letters);
    for (const key of part.functionWords) profile.functionWords.push(key);
    for (let i = 0; i < part.pos.length; i += 1) profile.pos[i] = (profile.pos[i] ?? 0) + (part.pos[i] ?? 0);
    for (let i = 0; i < part.punctuation.length; i += 1)
      profile.punctuation[i] = (profile.punctuation[i] ?? 0) + (part.punctuation[i] ?? 0);
  }
  return profile;
}
