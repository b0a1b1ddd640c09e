import { lookupIndex, synsetWrittenWords, type WordNetPos } from './database.js';
import { lemmatize } from './morphy.js';

const PARTS: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const known = new Map<string, boolean>();

/**
 * True when WordNet's most frequent sense of the word, in some part of speech, is written in lower
 * case: "progress", "department", "several" are common words; "Darwin", "Jordan" (whose senses are
 * all places and people) and a word WordNet does not know are not. Cached per word.
 */
export function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  const cached = known.get(lower);
  if (cached !== undefined) return cached;
  let common = false;
  for (const pos of PARTS) {
    for (const { lemma } of lemmatize(lower, pos)) {
      const first = lookupIndex(lemma, pos)?.offsets[0];
      if (first !== undefined && synsetWrittenWords(first, pos).includes(lemma)) common = true;
    }
    if (common) break;
  }
  known.set(lower, common);
  return common;
}
