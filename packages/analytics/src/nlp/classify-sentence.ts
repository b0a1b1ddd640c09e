import type { SentenceStructure, SentenceVoice } from '../vocabulary/features.js';
import { classifyTokens } from './clauses/index.js';
import { tagSentence } from './tagger.js';

/**
 * Structure and voice of one sentence of plain text. The whole input is treated as ONE sentence
 * (no re-splitting): it is tagged by wink-nlp and classified by `classifyTokens`.
 * Throws TypeError when `sentence` is not a string.
 */
export function classifySentence(sentence: string): { structure: SentenceStructure; voice: SentenceVoice } {
  if (typeof sentence !== 'string') throw new TypeError('sentence must be a string');
  // An empty sentence is a wrong argument, not a fragment: say so rather than answer.
  if (sentence.trim() === '') throw new RangeError('sentence must not be empty');
  const { structure, voice } = classifyTokens(tagSentence(sentence));
  return { structure, voice };
}
