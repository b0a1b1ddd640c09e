import { UK_TO_US, US_TO_UK } from '../lexicon/spelling.js';
import { VARIANT_SET_OF } from '../lexicon/variants.js';
import { isEditableWord, matchCase, type Token } from '../text/token.js';
import type { EditContext } from '../engine/context.js';
import { lowerKey, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

/** Index → spelling in the author's variety, for words spelled the other way. */
export function findSpellingMismatches(tokens: readonly Token[], context: EditContext): Array<[number, string]> {
  if (context.spelling === undefined) return [];
  const table = context.spelling === 'UK' ? US_TO_UK : UK_TO_US;
  const out: Array<[number, string]> = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece)) return;
    const other = table.get(lowerKey(piece.text));
    if (other !== undefined) out.push([i, other]);
  });
  return out;
}

/** Index → the author's preferred form, for function words written in another form of their set. */
export function findVariantMismatches(tokens: readonly Token[], context: EditContext): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece)) return;
    const lower = lowerKey(piece.text);
    const preferred = context.variantPreference.get(lower);
    const set = VARIANT_SET_OF.get(lower);
    if (preferred === undefined || preferred === lower || set === undefined) return;
    if (!piece.tags.some((tag) => set.tags.has(tag))) return;
    out.push([i, preferred]);
  });
  return out;
}

/** Spelling conversions (US ↔ UK) and function-word variants (while → whilst) toward the author. */
export function lexicalEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  const replace = (op: string, index: number, text: string): void => {
    const piece = tokens[index];
    if (piece === undefined) return;
    edits.push({ op, tokens: splice(tokens, index, index + 1, [{ ...piece, text: matchCase(piece.text, text) }]) });
  };
  for (const [index, text] of findSpellingMismatches(tokens, context)) replace('spelling', index, text);
  for (const [index, text] of findVariantMismatches(tokens, context)) replace('variant', index, text);
  return edits;
}
