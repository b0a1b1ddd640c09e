import { CONNECTIVES, DROPPABLE_CONCEPTS } from '../lexicon/connectives.js';
import type { Token } from '../text/token.js';
import { findOpeningConnective } from '../ops/connectives.js';
import { openingFillerEnd } from '../ops/fillers.js';
import { findContractible } from '../ops/contractions.js';
import { findGeneric } from '../ops/generic.js';
import { serialSpotAt } from '../ops/punctuation.js';
import { tokenHabit } from '../ops/token-habit.js';
import { dashStyleAt } from '../habits/punctuation-habits.js';
import type { EditContext } from '../edits/context.js';

/** Weight of a quote mark in the wrong form (curly vs straight): a small habit. */
const QUOTE_WEIGHT = 0.25;

/** Uses of the author's favourite opener of a relation from which a rarer one counts as a mismatch. */
const OPENER_EVIDENCE = 3;

/**
 * The habit points of a sentence's opening connective: one when the author never opens with it
 * (and writes another form of its relation, or the relation may go unsaid); for a form the author
 * uses, the share by which it trails the author's favourite of the relation ("Moreover" once
 * against "And" 48 times is nearly a point), in eighths so that sums stay exact.
 */
export function openerScore(tokens: readonly Token[], context: EditContext): number {
  const connective = findOpeningConnective(tokens);
  if (connective === undefined) return 0;
  const concept = connective.match.concept;
  const counts = context.connectiveCounts;
  let favourite = 0;
  for (const form of CONNECTIVES[concept]) if (form.writable) favourite = Math.max(favourite, counts[form.text] ?? 0);
  const own = counts[connective.match.form.text] ?? 0;
  if (own === 0) return favourite > 0 || DROPPABLE_CONCEPTS.has(concept) ? 1 : 0;
  if (own >= favourite || favourite < OPENER_EVIDENCE) return 0;
  return Math.round((1 - own / favourite) * 8) / 8;
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
  score += openerScore(tokens, context);
  // Fillers and hedges the author never writes count only where they may be removed.
  if (context.allowShortening && openingFillerEnd(tokens) > 0) score += 1;
  const { dash, oxfordComma } = context;
  let contracted = 0;
  let ellipses = 0;
  let generic = false;
  quoteCounts.length = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const piece = tokens[i] as Token;
    if (piece.kind === 'space' || piece.kind === 'markup') continue;
    if (piece.kind === 'punct' && dash !== undefined) {
      const style = dashStyleAt(tokens, i);
      if (style !== undefined && style !== dash) score += 1;
    }
    const own = tokenHabit(piece, context);
    score += own.points;
    if (own.conjunction && oxfordComma !== undefined) {
      const spot = serialSpotAt(tokens, i);
      if (spot !== undefined && oxfordComma !== spot.comma >= 0) score += 1;
    }
    if (own.contracted) contracted += 1;
    if (own.quotes > 0) quoteCounts.push(own.quotes);
    if (own.ellipsis) ellipses += 1;
    if (own.startsGeneric) generic = true;
  }
  // Generic forms start only at a few words: most sentences have none to look for.
  if (generic) for (const match of findGeneric(tokens)) if (context.avoided.has(match.form)) score += 1;
  score += context.contractionPull * (context.contractionRate < 0.5 ? contracted : findContractible(tokens).length);
  for (const count of quoteCounts) score += QUOTE_WEIGHT * count;
  for (let k = 0; k < ellipses; k += 1) score += 1;
  return score;
}

/** Reused between calls (habitScore is not re-entrant and runs synchronously). */
const quoteCounts: number[] = [];
