import type { TaggedToken } from './tagged-token.js';
import { OPAQUE_TYPE } from './long-runs.js';

/** A word by the METRICS.md rule, built from one or more adjacent wink tokens. */
export interface Word {
  /** The word as written (tokens joined). */
  text: string;
  /** Letters and digits in the word. */
  letters: number;
  /** URLs, e-mail addresses and opaque runs (long-runs.ts): one word of zero syllables. */
  isAddress: boolean;
  /** Index of the word's first and last token in the sentence. */
  firstToken: number;
  lastToken: number;
}

// Any token with a letter or digit is word-like unless wink typed it as one of these (e.g. `:-D`, `$`).
const NON_WORD_TYPES = new Set(['punctuation', 'emoji', 'emoticon', 'symbol', 'currency', 'tabCRLF']);
/**
 * Token types of URLs, e-mail addresses and opaque runs (base64, hashes, minified code: long-runs.ts):
 * one word of zero syllables, since none is read aloud as words.
 */
export const ADDRESS_TYPES: ReadonlySet<string> = new Set(['url', 'email', OPAQUE_TYPE]);
/** Hyphens that join two word-like tokens written without spaces into one word. */
export const INTERNAL_HYPHENS: ReadonlySet<string> = new Set(['-', '\u2010', '\u2011']);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** Letters and digits in `text`; an ASCII fast path, since this runs on every token. */
function letterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return text.match(LETTER_OR_DIGIT)?.length ?? 0;
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) count += 1;
  }
  return count;
}

/** Letters and digits of a token of wink type `type` when it is word-like; 0 for any other token. */
export function letterCountIfWordlikeType(text: string, type: string): number {
  return NON_WORD_TYPES.has(type) ? 0 : letterCount(text);
}

/** Letters and digits of a word-like token; 0 for any other token (or none). */
function letterCountIfWordlike(token: TaggedToken | undefined): number {
  return token !== undefined ? letterCountIfWordlikeType(token.text, token.type) : 0;
}

/** What the word rule reads of a token. */
export type WordToken = Pick<TaggedToken, 'text' | 'type' | 'spaceBefore'>;

/** Receives one word: its first and last token, its letters and digits, whether it is an address. */
export type WordVisitor<S> = (state: S, first: number, last: number, letters: number, isAddress: boolean) => void;

/**
 * Walks tokens `first`..`last` of a sentence as words, building nothing: adjacent word-like tokens
 * with no space between them ("ca" + "n't", "can" + "not") are one word, and so are word-like tokens
 * joined by an internal hyphen with no spaces ("well" + "-" + "known"); tokens without letters or
 * digits are never words. `lettersAt(state, i)` gives token i's letters and digits when word-like,
 * else 0 (so a caller can read them from a cache). Calls `visit` for each word in order; returns how
 * many. `state` is handed to both, so a hot caller passes module functions rather than closures.
 */
export function forEachWord<S>(
  tokens: readonly WordToken[],
  first: number,
  last: number,
  state: S,
  lettersAt: (state: S, index: number) => number,
  visit: WordVisitor<S>,
): number {
  let words = 0;
  // The word being read: its first and last token, letters and whether it is an address.
  let inWord = false;
  let wordFirst = 0;
  let wordLast = 0;
  let wordLetters = 0;
  let wordIsAddress = false;
  // Letters of the next token, carried over so each token is counted once.
  let nextLetters = first <= last ? lettersAt(state, first) : 0;
  for (let i = first; i <= last; i += 1) {
    const token = tokens[i]!;
    const letters = nextLetters;
    nextLetters = i < last ? lettersAt(state, i + 1) : 0;
    if (letters > 0) {
      if (inWord && !token.spaceBefore && wordLast === i - 1) {
        wordLetters += letters;
        wordIsAddress ||= ADDRESS_TYPES.has(token.type);
        wordLast = i;
        continue;
      }
      if (inWord) visit(state, wordFirst, wordLast, wordLetters, wordIsAddress);
      words += 1;
      inWord = true;
      wordFirst = i;
      wordLast = i;
      wordLetters = letters;
      wordIsAddress = ADDRESS_TYPES.has(token.type);
      continue;
    }
    const next = i < last ? tokens[i + 1] : undefined;
    const joinsHyphenated =
      inWord &&
      wordLast === i - 1 &&
      INTERNAL_HYPHENS.has(token.text) &&
      !token.spaceBefore &&
      next !== undefined &&
      !next.spaceBefore &&
      nextLetters > 0;
    if (joinsHyphenated) {
      wordLast = i;
      continue;
    }
    if (inWord) visit(state, wordFirst, wordLast, wordLetters, wordIsAddress);
    inWord = false;
  }
  if (inWord) visit(state, wordFirst, wordLast, wordLetters, wordIsAddress);
  return words;
}

/** A sentence's tokens grouped into words by the rule of `forEachWord`. */
export function groupWords(tokens: readonly TaggedToken[]): Word[] {
  const words: Word[] = [];
  forEachWord(
    tokens,
    0,
    tokens.length - 1,
    tokens,
    (all, i) => letterCountIfWordlike(all[i]),
    (all, first, last, letters, isAddress) => {
      let text = '';
      for (let i = first; i <= last; i += 1) text += all[i]!.text;
      words.push({ text, letters, isAddress, firstToken: first, lastToken: last });
    },
  );
  return words;
}
