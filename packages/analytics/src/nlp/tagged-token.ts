import type { Upos } from '../vocabulary/features.js';

/**
 * One token as the tagger sees it. Plain data: a wink Doc never leaves src/nlp.
 * Contractions arrive split (`ca` + `n't`, `We` + `'re`), each piece with its own tag.
 */
export interface TaggedToken {
  /** The token exactly as written. */
  text: string;
  /** Lower-cased text. */
  lower: string;
  /** UPOS tag from wink-eng-lite-web-model; whitespace tokens never appear here. */
  pos: Upos;
  /** wink's token type: word, number, punctuation, url, email, emoji, symbol, currency, ... */
  type: string;
  /** True when whitespace separates this token from the previous one. */
  spaceBefore: boolean;
}
