import { wordsOf } from '../text/sentences.js';
import type { Token } from '../text/token.js';

/**
 * Which sentences may stand in an example of the author's voice. Rules about form and position,
 * never lists of phrases: salutations, sign-offs, headers, datelines and boilerplate are recognised
 * by where they sit and how they are built, so the rules hold for any author.
 */

/**
 * Fewest words a sentence of an excerpt holds: one- and two-word "sentences" are mostly labels run
 * into the text (a dateline, "P.S.", a header), not the author's prose.
 */
export const SENTENCE_MIN_WORDS = 3;

/** Largest share of an excerpt's words that may stand inside quotation marks: quoted words are someone else's voice. */
export const QUOTED_SHARE_MAX = 0.25;

const STARTS_SENTENCE = /^["“‘'(]?[\p{Lu}\p{N}]/u;
// A sentence ends with . ! ? or an ellipsis, then closing quotes or brackets; a colon or comma
// ending introduces something the excerpt would lack (a list, code, a quotation) or is a salutation.
const ENDS_SENTENCE = /(?:[.!?…])["”’')\]]*$/u;

/** The sentence as plain text: Markdown markup (emphasis, link brackets and targets) dropped, white space folded. */
export function sentenceText(tokens: readonly Token[]): string {
  let out = '';
  for (const piece of tokens) if (piece.kind !== 'markup') out += piece.text;
  return out.replace(/\s+/g, ' ').trim();
}

/** A key under which the same sentence in two documents is recognised: its lower-cased words. */
export function sentenceKey(tokens: readonly Token[]): string {
  return wordsOf(tokens).join(' ');
}

/**
 * True when a sentence is built like prose of the author's own: at least SENTENCE_MIN_WORDS words,
 * starting with a capital, a digit or an opening quote, ending with terminal punctuation, and
 * holding no URL or e-mail address (a link's target belongs to the page, not the voice).
 */
export function isProseSentence(tokens: readonly Token[]): boolean {
  if (tokens.some((piece) => piece.address === true)) return false;
  if (wordsOf(tokens).length < SENTENCE_MIN_WORDS) return false;
  const text = sentenceText(tokens);
  return STARTS_SENTENCE.test(text) && ENDS_SENTENCE.test(text);
}

/**
 * The keys of sentences that occur in two or more documents: boilerplate (a standing sign-off, a
 * repeated call to action, a series' fixed opening) rather than writing.
 */
export function repeatedSentences(documents: ReadonlyArray<ReadonlyArray<readonly Token[]>>): Set<string> {
  const documentsOf = new Map<string, number>();
  for (const sentences of documents) {
    for (const key of new Set(sentences.map(sentenceKey))) documentsOf.set(key, (documentsOf.get(key) ?? 0) + 1);
  }
  return new Set([...documentsOf].filter(([key, count]) => key.length > 0 && count >= 2).map(([key]) => key));
}
