import type { Upos } from '@styler/analytics/metrics';
import { FUNCTION_WORDS } from '@styler/analytics/nlp';
import { isCapitalized, isEditableWord, retext, type Token } from '../text/token.js';
import { usage, type EditContext } from '../edits/context.js';
import type { WordNetPos } from '../wordnet/database.js';
import { synonymForms } from '../wordnet/synonyms.js';
import { keyOf, nextSolid, previousSolid, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

// Adjectives and -ly adverbs only: noun and verb synonyms too often change a term or a verb's frame.
const POS_OF_TAG: Readonly<Partial<Record<Upos, WordNetPos>>> = { ADJ: 'adj', ADV: 'adv' };
/** A synonym must occur at least this often in the author's documents. */
export const MIN_SYNONYM_USES = 2;
/** Synonyms offered per word. */
const MAX_PER_WORD = 3;

/** True for a word synonymEdits may replace: an editable word tagged only ADJ or only ADV. */
export function mayReplaceBySynonym(piece: Token): boolean {
  return piece.tags.length === 1 && isEditableWord(piece) && POS_OF_TAG[piece.tags[0] as Upos] !== undefined;
}

/** The synonyms offered for a word, per edit context (the same words recur in every candidate of a sentence). */
const offered = new WeakMap<EditContext, Map<string, readonly string[]>>();

function optionsFor(lower: string, pos: WordNetPos, context: EditContext): readonly string[] {
  let cache = offered.get(context);
  if (cache === undefined) {
    cache = new Map();
    offered.set(context, cache);
  }
  const key = `${pos}:${lower}`;
  let options = cache.get(key);
  if (options === undefined) {
    options = synonymForms(lower, pos)
      // A participle form ("giving", "measured") the author uses is most likely their verb, not this adjective.
      .filter((form) => !/(?:ed|ing)$/.test(form))
      .filter((form) => usage(context, form) >= MIN_SYNONYM_USES && !context.avoided.has(form))
      .filter((form) => pos !== 'adv' || (lower.endsWith('ly') && form.endsWith('ly')))
      .sort((a, b) => usage(context, b) - usage(context, a) || (a < b ? -1 : 1))
      .slice(0, MAX_PER_WORD);
    cache.set(key, options);
  }
  return options;
}

const LINKING = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'seems',
  'seemed',
  'became',
  'remains',
  'remained',
]);

/**
 * True where the tagger's ADJ really is an adjective: before a noun ("a hectic week") or after a
 * linking verb at the end of its phrase ("the week was hectic."). "A total of", "the key to" are
 * nouns the tagger took for adjectives; a synonym there takes the wrong part of speech.
 */
function adjectiveInPlace(tokens: readonly Token[], index: number): boolean {
  const next = tokens[nextSolid(tokens, index)];
  if (next?.kind === 'word' && next.tags.includes('NOUN')) return true;
  const before = tokens[previousSolid(tokens, index)];
  const closes = next === undefined || (next.kind === 'punct' && /^[.,;:!?)]$/.test(next.text));
  return before?.kind === 'word' && LINKING.has(keyOf(before)) && closes;
}

/**
 * WordNet synonyms for words the author never uses, limited to words the author does use
 * (at least MIN_SYNONYM_USES times, in the same inflected form): the author's words for the same
 * sense. Only lower-case, unambiguous-enough adjectives and -ly adverbs (see synonymForms).
 */
export function synonymEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  tokens.forEach((piece, i) => {
    // Cheap tests first: most words are not a lone ADJ or ADV.
    if (piece.tags.length !== 1 || !isEditableWord(piece)) return;
    const pos = POS_OF_TAG[piece.tags[0] as Upos];
    if (pos === undefined || isCapitalized(piece.text)) return;
    const lower = keyOf(piece);
    if (
      lower.length < 3 ||
      // Participial adjectives ("refreshed", "amazing") keep a verb's sense a synonym may lose.
      /(?:ed|ing)$/.test(lower) ||
      FUNCTION_WORDS.has(lower) ||
      usage(context, lower) > 0 ||
      !/^[a-z-]+$/.test(lower) ||
      (pos === 'adj' && !adjectiveInPlace(tokens, i))
    )
      return;
    for (const option of optionsFor(lower, pos, context))
      edits.push({ op: 'synonym', tokens: splice(tokens, i, i + 1, [retext(piece, option)]) });
  });
  return edits;
}
