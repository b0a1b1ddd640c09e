/**
 * Running prose: the sentences whose punctuation is the writer's habit. A heading, a list item, a
 * label ("Subject: …", "Launch date: June 3", "**Note:** …"), a greeting or a sign-off ("Hi Sam,",
 * "Best regards,") or lines of an e-mail header folded into one block are structure: their colons,
 * dashes and parentheses follow the layout, not the author. The punctuation edits act only inside
 * running prose, and the habit rates the direction gate steers by and the habit benchmark measures
 * are counted on it alone: one rule, here.
 */
import type { BlockKind } from '@styler-dev/analytics/nlp';
import type { Token } from './token.js';

/** Blocks whose sentences may be running prose (list items are layout, even when they hold a sentence). */
const PROSE_BLOCKS: ReadonlySet<BlockKind> = new Set(['paragraph', 'blockquote']);

/** A label holds at most this many words before its colon ("Expected completion date:"). */
const MAX_LABEL_WORDS = 5;

/** Marks that end a sentence, and what may close after them (a quote, a bracket, emphasis). */
const FINAL_MARK = /^(?:[.!?…]|\.\.\.)$/u;
const CLOSING = /^["'”’)\]*_]+$/u;

/** True for a word that makes its stretch a clause rather than a label: an auxiliary or a verb. */
function isVerbWord(piece: Token): boolean {
  return piece.kind === 'word' && (piece.tags.includes('AUX') || piece.tags.includes('VERB'));
}

/**
 * The index of a label's colon at the start of a sentence ("Subject: …", "Next step: …", "**Risk:**"),
 * or -1: a colon after one to MAX_LABEL_WORDS words, none of them a verb, with no other mark before
 * it. "The answer is simple: …" holds a verb: it is a clause, and its colon the writer's.
 */
export function labelColon(tokens: readonly Token[]): number {
  let words = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const piece = tokens[i];
    if (piece === undefined) break;
    if (piece.kind === 'space' || piece.kind === 'markup' || /^[*_]+$/u.test(piece.text)) continue;
    if (piece.kind === 'word') {
      words += 1;
      if (words > MAX_LABEL_WORDS || isVerbWord(piece)) return -1;
      continue;
    }
    return piece.text === ':' && words > 0 ? i : -1;
  }
  return -1;
}

/** True when the sentence ends in a full stop, question or exclamation mark (closing quotes aside). */
function endsAsSentence(tokens: readonly Token[]): boolean {
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const piece = tokens[i];
    if (piece === undefined || piece.kind === 'space' || CLOSING.test(piece.text)) continue;
    return piece.kind === 'punct' && FINAL_MARK.test(piece.text);
  }
  return false;
}

/**
 * True for a sentence of running prose: in a paragraph or a block quote, on one line (lines of a
 * header or an address folded into one block are not one sentence), ending as a sentence does, and
 * not opening with a label.
 */
export function isRunningProse(kind: BlockKind, tokens: readonly Token[]): boolean {
  if (!PROSE_BLOCKS.has(kind)) return false;
  if (tokens.some((piece) => piece.lock === 'linebreak')) return false;
  return endsAsSentence(tokens) && labelColon(tokens) < 0;
}
