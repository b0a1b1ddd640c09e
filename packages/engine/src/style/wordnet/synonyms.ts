import { lookupIndex, synsetWords, type WordNetPos } from './database.js';
import { inflect, lemmatize } from './morphy.js';

/** Words with more senses than this in a part of speech are too ambiguous to replace. */
export const MAX_SENSES = 2;

const cache = new Map<string, string[]>();

/**
 * True when `synset` is also the synonym's own most frequent sense, and the synonym is not
 * ambiguous either: "intentional" and "knowing" share a synset, but "knowing" mostly means
 * something else, and a reader hears that sense.
 */
function sameFirstSense(synonym: string, pos: WordNetPos, synset: number): boolean {
  const entry = lookupIndex(synonym, pos);
  return entry !== undefined && entry.offsets[0] === synset && entry.senses <= MAX_SENSES;
}

/**
 * Single-word synonyms of a word form in one part of speech, inflected like it: the other words of
 * the most frequent sense (WordNet's first synset) of each of its lemmas, when that sense is the
 * synonym's most frequent one too. Only for words (and synonyms) with at most MAX_SENSES senses. Candidates are spellings by regular rules; callers keep those the author
 * actually writes. Deterministic order.
 */
export function synonymForms(form: string, pos: WordNetPos): string[] {
  const key = `${pos}:${form}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const out: string[] = [];
  for (const { lemma, ending } of lemmatize(form, pos)) {
    const entry = lookupIndex(lemma, pos);
    const first = entry?.offsets[0];
    if (entry === undefined || first === undefined || entry.senses > MAX_SENSES) continue;
    for (const synonym of synsetWords(first, pos)) {
      if (synonym === lemma || synonym.includes(' ') || !sameFirstSense(synonym, pos, first)) continue;
      for (const spelled of inflect(synonym, ending)) if (spelled !== form && !out.includes(spelled)) out.push(spelled);
    }
  }
  if (cache.size > 20_000) cache.clear();
  cache.set(key, out);
  return out;
}
