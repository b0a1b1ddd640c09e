import type { TaggedToken } from './tagged-token.js';

/** A word by the METRICS.md rule, built from one or more adjacent wink tokens. */
export interface Word {
  /** The word as written (tokens joined). */
  text: string;
  /** Letters and digits in the word. */
  letters: number;
  /** URLs and e-mail addresses: one word of zero syllables. */
  isAddress: boolean;
  /** Index of the word's first and last token in the sentence. */
  firstToken: number;
  lastToken: number;
}

// Any token with a letter or digit is word-like unless wink typed it as one of these (e.g. `:-D`, `$`).
const NON_WORD_TYPES = new Set(['punctuation', 'emoji', 'emoticon', 'symbol', 'currency', 'tabCRLF']);
/** Token types of URLs and e-mail addresses: one word of zero syllables. */
export const ADDRESS_TYPES: ReadonlySet<string> = new Set(['url', 'email']);
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

/**
 * Groups a sentence's tokens into words: adjacent word-like tokens with no space between them
 * ("ca" + "n't", "can" + "not") are one word, and so are word-like tokens joined by an internal
 * hyphen with no spaces ("well" + "-" + "known"). Tokens without letters or digits are never words.
 */
export function groupWords(tokens: readonly TaggedToken[]): Word[] {
  const words: Word[] = [];
  let current: Word | undefined;
  // Letters of the next token, carried over so each token is counted once.
  let nextLetters = tokens.length > 0 ? letterCountIfWordlike(tokens[0]) : 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    const letters = nextLetters;
    nextLetters = letterCountIfWordlike(tokens[i + 1]);
    if (token === undefined) continue;
    if (letters > 0) {
      if (current && !token.spaceBefore && current.lastToken === i - 1) {
        current.text += token.text;
        current.letters += letters;
        current.isAddress ||= ADDRESS_TYPES.has(token.type);
        current.lastToken = i;
        continue;
      }
      current = {
        text: token.text,
        letters,
        isAddress: ADDRESS_TYPES.has(token.type),
        firstToken: i,
        lastToken: i,
      };
      words.push(current);
      continue;
    }
    const next = tokens[i + 1];
    const joinsHyphenated =
      current !== undefined &&
      current.lastToken === i - 1 &&
      INTERNAL_HYPHENS.has(token.text) &&
      !token.spaceBefore &&
      next !== undefined &&
      !next.spaceBefore &&
      nextLetters > 0;
    if (joinsHyphenated && current) {
      current.text += token.text;
      current.lastToken = i;
      continue;
    }
    current = undefined;
  }
  return words;
}
