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

const WORDLIKE_TYPES = new Set(['word', 'number', 'decade', 'ordinal', 'url', 'email', 'hashtag', 'mention', 'time', 'date']);
const ADDRESS_TYPES = new Set(['url', 'email']);
const INTERNAL_HYPHENS = new Set(['-', '\u2010', '\u2011']);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

function letterCount(text: string): number {
  return text.match(LETTER_OR_DIGIT)?.length ?? 0;
}

function isWordlike(token: TaggedToken): boolean {
  return WORDLIKE_TYPES.has(token.type) && letterCount(token.text) > 0;
}

/**
 * Groups a sentence's tokens into words: adjacent word-like tokens with no space between them
 * ("ca" + "n't", "can" + "not") are one word, and so are word-like tokens joined by an internal
 * hyphen with no spaces ("well" + "-" + "known"). Tokens without letters or digits are never words.
 */
export function groupWords(tokens: readonly TaggedToken[]): Word[] {
  const words: Word[] = [];
  let current: Word | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token === undefined) continue;
    if (isWordlike(token)) {
      if (current && !token.spaceBefore && current.lastToken === i - 1) {
        current.text += token.text;
        current.letters += letterCount(token.text);
        current.isAddress ||= ADDRESS_TYPES.has(token.type);
        current.lastToken = i;
        continue;
      }
      current = {
        text: token.text,
        letters: letterCount(token.text),
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
      isWordlike(next);
    if (joinsHyphenated && current) {
      current.text += token.text;
      current.lastToken = i;
      continue;
    }
    current = undefined;
  }
  return words;
}
