import { UK_TO_US, US_TO_UK } from '../lexicon/spelling.js';
import { VARIANT_SET_OF } from '../lexicon/variants.js';
import { isEditableWord, matchCase, retext, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { keyOf, nextSolid, previousSolid, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

/** The spelling in the author's variety of an editable word (lower-case key `lower`) spelled the other way, or undefined. */
export function spellingMismatch(piece: Token, lower: string, context: EditContext): string | undefined {
  if (context.spelling === undefined || !isEditableWord(piece)) return undefined;
  return (context.spelling === 'UK' ? US_TO_UK : UK_TO_US).get(lower);
}

/** The author's preferred form of an editable function word (key `lower`) written in another form of its set, or undefined. */
export function variantMismatch(piece: Token, lower: string, context: EditContext): string | undefined {
  if (!isEditableWord(piece)) return undefined;
  const preferred = context.variantPreference.get(lower);
  const set = VARIANT_SET_OF.get(lower);
  if (preferred === undefined || preferred === lower || set === undefined) return undefined;
  return piece.tags.some((tag) => set.tags.has(tag)) ? preferred : undefined;
}

/** True for a word (lower-case `key`) lexicalEdits may respell: in the US/UK table or a variant set. */
export function mayRespell(piece: Token, key: string): boolean {
  return (
    piece.kind === 'word' &&
    (US_TO_UK.has(key) || UK_TO_US.has(key) || VARIANT_SET_OF.has(key) || key === 'on' || key === 'upon')
  );
}

/** Index → spelling in the author's variety, for words spelled the other way. */
export function findSpellingMismatches(tokens: readonly Token[], context: EditContext): Array<[number, string]> {
  if (context.spelling === undefined) return [];
  const out: Array<[number, string]> = [];
  tokens.forEach((piece, i) => {
    const other = piece.kind === 'word' ? spellingMismatch(piece, keyOf(piece), context) : undefined;
    if (other !== undefined) out.push([i, other]);
  });
  return out;
}

/** Index → the author's preferred form, for function words written in another form of their set. */
export function findVariantMismatches(tokens: readonly Token[], context: EditContext): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  if (context.variantPreference.size === 0) return out;
  tokens.forEach((piece, i) => {
    const preferred = piece.kind === 'word' ? variantMismatch(piece, keyOf(piece), context) : undefined;
    if (preferred === undefined) return;
    // A preposition or conjunction leads into what follows; one that ends its phrase ("anything like
    // till, but …") is some other word the tagger misread (here Darwin's till, a glacial deposit).
    const set = VARIANT_SET_OF.get(keyOf(piece));
    if (!set?.tags.has('ADV') && tokens[nextSolid(tokens, i)]?.kind !== 'word') return;
    out.push([i, preferred]);
  });
  return out;
}

/**
 * "on" → "upon" after a word the author writes "upon" after more often than "on" ("depend on" →
 * "depend upon"), and "upon" → "on" for an author who never writes "upon" (but "once upon a time").
 */
export function findUponMismatches(tokens: readonly Token[], context: EditContext): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece) || !piece.tags.includes('ADP')) return;
    const key = keyOf(piece);
    if (key !== 'on' && key !== 'upon') return;
    const previous = tokens[previousSolid(tokens, i)];
    if (previous === undefined || previous.kind !== 'word') return;
    const head = keyOf(previous);
    if (key === 'on' && context.uponAfter.has(head)) out.push([i, 'upon']);
    if (key === 'upon' && !context.writesUpon && head !== 'once') out.push([i, 'on']);
  });
  return out;
}

/** Spelling conversions (US ↔ UK) and function-word variants (while → whilst) toward the author. */
export function lexicalEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  const replace = (op: string, index: number, text: string): void => {
    const piece = tokens[index];
    if (piece === undefined) return;
    edits.push({ op, tokens: splice(tokens, index, index + 1, [retext(piece, matchCase(piece.text, text))]) });
  };
  for (const [index, text] of findSpellingMismatches(tokens, context)) replace('spelling', index, text);
  for (const [index, text] of findVariantMismatches(tokens, context)) replace('variant', index, text);
  for (const [index, text] of findUponMismatches(tokens, context)) replace('variant', index, text);
  return edits;
}
