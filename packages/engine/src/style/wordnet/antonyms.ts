import { antonymsOf, lookupIndex, type WordNetPos } from './database.js';
import { lemmatize } from './morphy.js';

const POSES: readonly WordNetPos[] = ['adj', 'adv', 'verb', 'noun'];
// Words looked up are kept for the process's life up to this many; then the cache starts again.
const CACHE_LIMIT = 50_000;
const lemmaCache = new Map<string, string[]>();
const antonymCache = new Map<string, Set<string>>();

function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const found = cache.get(key);
  if (found !== undefined) return found;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const made = make();
  cache.set(key, made);
  return made;
}

// An adverb's "-ly" and the adjective endings it may stand on ("easily" → "easy", "basically" →
// "basic", "possibly" → "possible", "quickly" → "quick"), tried in this order.
const ADVERB_ENDINGS: readonly (readonly [string, string])[] = [
  ['ily', 'y'],
  ['ically', 'ic'],
  ['bly', 'ble'],
  ['ly', ''],
];

/**
 * The adjective an "-ly" adverb is made from, when WordNet knows it as one ("easily" → "easy"):
 * WordNet gives antonyms to the adjective ("easy" ↔ "difficult") and not to most such adverbs.
 */
export function adjectiveOfAdverb(word: string): string | undefined {
  const lower = word.toLowerCase();
  for (const [ending, replacement] of ADVERB_ENDINGS) {
    if (!lower.endsWith(ending) || lower.length - ending.length < 3) continue;
    const base = lower.slice(0, -ending.length) + replacement;
    if (lookupIndex(base, 'adj') !== undefined) return base;
  }
  return undefined;
}

/**
 * The word's base forms in every part of speech WordNet knows it in, the word itself first, and the
 * adjective an "-ly" adverb is made from.
 */
export function lemmasOf(word: string): string[] {
  const lower = word.toLowerCase();
  return remembered(lemmaCache, lower, () => {
    const adjective = adjectiveOfAdverb(lower);
    return [
      ...new Set([
        lower,
        ...POSES.flatMap((pos) => lemmatize(lower, pos).map((found) => found.lemma)),
        ...(adjective === undefined ? [] : [adjective]),
      ]),
    ];
  });
}

/**
 * The direct antonyms of a word form, over its base forms and parts of speech ("increased" →
 * "decrease"; "good" → "bad", "evil"; "more" → "less", "fewer"). Irregular forms are not
 * lemmatized ("rose" finds nothing), as lemmatize does not read WordNet's exception lists.
 */
export function antonymsOfWord(word: string): Set<string> {
  const lower = word.toLowerCase();
  return remembered(antonymCache, lower, () => {
    const out = new Set<string>();
    for (const pos of POSES) {
      for (const { lemma } of lemmatize(lower, pos)) for (const antonym of antonymsOf(lemma, pos)) out.add(antonym);
    }
    const adjective = adjectiveOfAdverb(lower);
    if (adjective !== undefined) for (const antonym of antonymsOf(adjective, 'adj')) out.add(antonym);
    return out;
  });
}
