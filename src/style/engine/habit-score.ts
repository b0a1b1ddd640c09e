import { CONNECTIVES, DROPPABLE_CONCEPTS } from '../lexicon/connectives.js';
import type { Token } from '../text/token.js';
import { findOpeningConnective } from '../ops/connectives.js';
import { openingFillerEnd } from '../ops/fillers.js';
import { INNER_FILLERS } from '../lexicon/generic.js';
import { lowerKey } from '../ops/tokens.js';
import { findContractible, findContracted } from '../ops/contractions.js';
import { findGeneric } from '../ops/generic.js';
import { findSpellingMismatches, findVariantMismatches } from '../ops/lexical.js';
import { findDashes, findSerialSpots } from '../ops/punctuation.js';
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
  let score = 0;
  for (const match of findGeneric(tokens)) if (context.avoided.has(match.form)) score += 1;
  if (context.spelling !== undefined) score += findSpellingMismatches(tokens, context).length;
  if (context.variantPreference.size > 0) score += findVariantMismatches(tokens, context).length;
  if (context.dash !== undefined) for (const dash of findDashes(tokens)) if (dash.style !== context.dash) score += 1;
  if (context.oxfordComma !== undefined) {
    for (const spot of findSerialSpots(tokens)) if (context.oxfordComma !== spot.comma >= 0) score += 1;
  }
  score += openerScore(tokens, context);
  if (context.allowShortening) {
    // Fillers and hedges the author never writes count only where they may be removed.
    if (openingFillerEnd(tokens) > 0) score += 1;
    for (const piece of tokens) {
      const lower = lowerKey(piece.text);
      if (piece.kind === 'word' && INNER_FILLERS.has(lower) && (context.vocabulary[lower] ?? 0) === 0) score += 0.5;
    }
  }
  const rate = context.contractionRate;
  if (rate < 0.5) score += context.contractionPull * findContracted(tokens).length;
  else score += context.contractionPull * findContractible(tokens).length;
  if (context.curlyQuotes !== undefined) {
    const wrong = context.curlyQuotes ? /["']/g : /[“”‘’]/g;
    for (const piece of tokens) {
      if (piece.kind === 'markup' || piece.lock !== undefined) continue;
      score += QUOTE_WEIGHT * (piece.text.match(wrong)?.length ?? 0);
    }
  }
  if (context.ellipsis !== undefined) {
    const wanted = { character: '…', three_dots: '...', spaced_dots: '. . .' }[context.ellipsis];
    for (const piece of tokens)
      if (piece.kind === 'punct' && /^(?:…|\.\.\.|\. \. \.)$/.test(piece.text) && piece.text !== wanted) score += 1;
  }
  return score;
}
