import { CONNECTIVES, DROPPABLE_CONCEPTS } from '../lexicon/connectives.js';
import type { Token } from '../text/token.js';
import { findOpeningConnective } from '../ops/connectives.js';
import { openingFillerEnd } from '../ops/fillers.js';
import { INNER_FILLERS } from '../lexicon/generic.js';
import { keyOf } from '../ops/tokens.js';
import { findContractible, isExpandable } from '../ops/contractions.js';
import { findGeneric } from '../ops/generic.js';
import { spellingMismatch, variantMismatch } from '../ops/lexical.js';
import { serialSpotAt } from '../ops/punctuation.js';
import { dashStyleAt } from '../habits/punctuation-habits.js';
import type { EditContext } from './context.js';

/** Weight of a quote mark in the wrong form (curly vs straight): a small habit. */
const QUOTE_WEIGHT = 0.25;

/** The habit points of a sentence's opening connective: one when the author would not open with it. */
export function openerScore(tokens: readonly Token[], context: EditContext): number {
  const connective = findOpeningConnective(tokens);
  if (connective === undefined || (context.connectiveCounts[connective.match.form.text] ?? 0) > 0) return 0;
  const concept = connective.match.concept;
  const alternatives = CONNECTIVES[concept].some(
    (form) => form.writable && (context.connectiveCounts[form.text] ?? 0) > 0,
  );
  return alternatives || DROPPABLE_CONCEPTS.has(concept) ? 1 : 0;
}

/**
 * How far one sentence is from the author's mechanical habits: one point per generic phrase the
 * author never uses, per word in the other spelling variety, per function-word variant the author
 * does not use, per dash or ellipsis in another form, per serial comma written the other way, per
 * opener the author would not use; contractions score by the author's rate (a contraction costs
 * pull × (1 − 2·rate) when the author rarely contracts, a full form pull × (2·rate − 1) when the
 * author usually does); quote marks in the other form a quarter point each; when the output may be
 * shorter, an opening filler one point and an unused hedge half a point. Lower is closer.
 */
export function habitScore(tokens: readonly Token[], context: EditContext): number {
  // Whole and half points first: their sum is exact in any order. The fractional weights come
  // after, in a fixed order, so that a sentence's score is the same float wherever it is computed.
  let score = 0;
  for (const match of findGeneric(tokens)) if (context.avoided.has(match.form)) score += 1;
  score += openerScore(tokens, context);
  // Fillers and hedges the author never writes count only where they may be removed.
  if (context.allowShortening && openingFillerEnd(tokens) > 0) score += 1;
  const { dash, oxfordComma } = context;
  const variants = context.variantPreference.size > 0;
  const countContracted = context.contractionRate < 0.5;
  let contractions = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const piece = tokens[i] as Token;
    if (piece.kind === 'punct') {
      if (dash !== undefined) {
        const style = dashStyleAt(tokens, i);
        if (style !== undefined && style !== dash) score += 1;
      }
      continue;
    }
    if (piece.kind !== 'word') continue;
    const lower = keyOf(piece);
    if (spellingMismatch(piece, lower, context) !== undefined) score += 1;
    if (variants && variantMismatch(piece, lower, context) !== undefined) score += 1;
    if (context.allowShortening && INNER_FILLERS.has(lower) && (context.vocabulary[lower] ?? 0) === 0) score += 0.5;
    if (oxfordComma !== undefined && (lower === 'and' || lower === 'or')) {
      const spot = serialSpotAt(tokens, i);
      if (spot !== undefined && oxfordComma !== spot.comma >= 0) score += 1;
    }
    if (countContracted && isExpandable(piece, lower)) contractions += 1;
  }
  if (!countContracted) contractions = findContractible(tokens).length;
  score += context.contractionPull * contractions;
  if (context.curlyQuotes !== undefined) {
    const wrong = context.curlyQuotes ? STRAIGHT_MARKS : CURLY_MARKS;
    for (const piece of tokens) {
      if (piece.kind === 'markup' || piece.lock !== undefined) continue;
      const count = countOf(piece.text, wrong);
      if (count > 0) score += QUOTE_WEIGHT * count;
    }
  }
  if (context.ellipsis !== undefined) {
    const wanted = ELLIPSIS_TEXT[context.ellipsis];
    for (const piece of tokens) if (piece.kind === 'punct' && ELLIPSES.has(piece.text) && piece.text !== wanted) score += 1;
  }
  return score;
}

const STRAIGHT_MARKS = '"\'';
const CURLY_MARKS = '“”‘’';
const ELLIPSES: ReadonlySet<string> = new Set(['…', '...', '. . .']);
const ELLIPSIS_TEXT = { character: '…', three_dots: '...', spaced_dots: '. . .' } as const;

/** How many characters of `text` are among `marks` (single UTF-16 units). */
function countOf(text: string, marks: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (marks.includes(text.charAt(i))) count += 1;
  return count;
}
