import { INNER_FILLERS, OPENING_FILLERS } from '../lexicon/generic.js';
import { capitalize, isEditableWord, retext, type Token } from '../text/token.js';
import { usage, type EditContext } from '../edits/context.js';
import { keyOf, openingWord, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

const FILLER_WORDS: ReadonlyArray<readonly string[]> = OPENING_FILLERS.map((filler) =>
  filler.replace(/,$/, ' ,').split(' '),
);

/** Token index just past an opening filler (and the space after it), or -1. */
export function openingFillerEnd(tokens: readonly Token[]): number {
  const start = openingWord(tokens);
  if (start < 0) return -1;
  for (const parts of FILLER_WORDS) {
    let at = start;
    let ok = true;
    for (const part of parts) {
      while (tokens[at]?.text === ' ') at += 1;
      const piece = tokens[at];
      if (piece === undefined || piece.lock !== undefined || keyOf(piece) !== part) {
        ok = false;
        break;
      }
      at += 1;
    }
    if (ok && tokens[at]?.text === ' ' && isEditableWord(tokens[at + 1])) return at + 1;
  }
  return -1;
}

/**
 * Removal of filler and hedges: an opening filler ("It is important to note that"), or an
 * intensifier the author never uses ("truly"). Only when the output may be shorter than the input.
 */
export function fillerEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  if (!context.allowShortening) return [];
  const edits: TokenEdit[] = [];
  const end = openingFillerEnd(tokens);
  const start = openingWord(tokens);
  const next = tokens[end];
  if (end > 0 && next !== undefined) {
    edits.push({ op: 'filler', tokens: splice(tokens, start, end + 1, [retext(next, capitalize(next.text))]) });
  }
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece) || i === start) return;
    const lower = keyOf(piece);
    if (!INNER_FILLERS.has(lower) || usage(context, lower) > 0 || !piece.tags.includes('ADV')) return;
    if (tokens[i - 1]?.text === ' ' && tokens[i + 1]?.text === ' ')
      edits.push({ op: 'hedge', tokens: splice(tokens, i - 1, i + 1, []) });
  });
  return edits;
}
