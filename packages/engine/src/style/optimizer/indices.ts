import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '@styler-dev/analytics/metrics';
import type { PunctuationMark, SentenceStructure, SentenceVoice, Upos } from '@styler-dev/analytics/metrics';
import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';

/**
 * Fixed orders of the analytics' keys, so that counts live in typed arrays indexed by them: the
 * feature state, the objective's targets and the token counts all use these indices.
 */

/** Function words, sorted. */
export const FUNCTION_WORD_LIST: readonly string[] = [...FUNCTION_WORDS].sort();
export const FUNCTION_WORD_INDEX: ReadonlyMap<string, number> = new Map(FUNCTION_WORD_LIST.map((word, i) => [word, i]));
/** UPOS tag → index in UPOS_TAGS. */
export const UPOS_INDEX: ReadonlyMap<Upos, number> = new Map(UPOS_TAGS.map((tag, i) => [tag, i]));
/** Punctuation mark → index in PUNCTUATION_MARKS. */
export const MARK_INDEX: ReadonlyMap<PunctuationMark, number> = new Map(PUNCTUATION_MARKS.map((mark, i) => [mark, i]));
export const STRUCTURE_INDEX: ReadonlyMap<SentenceStructure, number> = new Map(
  SENTENCE_STRUCTURES.map((key, i) => [key, i]),
);
export const VOICE_INDEX: ReadonlyMap<SentenceVoice, number> = new Map(SENTENCE_VOICES.map((key, i) => [key, i]));

/** Longest sentence (words) and word (letters) kept apart in the histograms; longer ones share the last bin. */
export const MAX_SENTENCE_WORDS = 511;
export const MAX_WORD_LETTERS = 63;

/** Index of a sentence's structure (an unknown one counts as the last, fragment/unknown). */
export function structureIndex(structure: SentenceStructure): number {
  return STRUCTURE_INDEX.get(structure) ?? 4;
}

/** Index of a sentence's voice (an unknown one counts as active). */
export function voiceIndex(voice: SentenceVoice): number {
  return VOICE_INDEX.get(voice) ?? 0;
}
