import type { Upos } from '../../analytics/index.js';
import { FUNCTION_WORDS } from '../../nlp/index.js';
import { isCapitalized, isEditableWord, type Token } from '../text/token.js';
import { usage, type EditContext } from '../engine/context.js';
import type { WordNetPos } from '../wordnet/database.js';
import { synonymForms } from '../wordnet/synonyms.js';
import { lowerKey, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

// Adjectives and -ly adverbs only: noun and verb synonyms too often change a term or a verb's frame.
const POS_OF_TAG: Readonly<Partial<Record<Upos, WordNetPos>>> = { ADJ: 'adj', ADV: 'adv' };
/** A synonym must occur at least this often in the author's documents. */
export const MIN_SYNONYM_USES = 2;
/** Synonyms offered per word. */
const MAX_PER_WORD = 3;

/**
 * WordNet synonyms for words the author never uses, limited to words the author does use
 * (at least MIN_SYNONYM_USES times, in the same inflected form): the author's words for the same
 * sense. Only lower-case, unambiguous-enough adjectives and -ly adverbs (see synonymForms).
 */
export function synonymEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece) || isCapitalized(piece.text) || piece.tags.length !== 1) return;
    const lower = lowerKey(piece.text);
    const pos = POS_OF_TAG[piece.tags[0] as Upos];
    if (
      pos === undefined ||
      lower.length < 3 ||
      // Participial adjectives ("refreshed", "amazing") keep a verb's sense a synonym may lose.
      /(?:ed|ing)$/.test(lower) ||
      FUNCTION_WORDS.has(lower) ||
      usage(context, lower) > 0 ||
      !/^[a-z-]+$/.test(lower)
    )
      return;
    const options = synonymForms(lower, pos)
      .filter((form) => usage(context, form) >= MIN_SYNONYM_USES && !context.avoided.has(form))
      .filter((form) => pos !== 'adv' || (lower.endsWith('ly') && form.endsWith('ly')))
      .sort((a, b) => usage(context, b) - usage(context, a) || (a < b ? -1 : 1))
      .slice(0, MAX_PER_WORD);
    for (const option of options)
      edits.push({ op: 'synonym', tokens: splice(tokens, i, i + 1, [{ ...piece, text: option }]) });
  });
  return edits;
}
