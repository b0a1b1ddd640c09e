import { createRequire } from 'node:module';
import { syllable } from 'syllable';

/**
 * English syllable counts. CMUdict first (stressed vowels of the first pronunciation, the rule
 * textstat ≥ 0.7.9 uses), then the `syllable` package's rules for words the dictionary lacks.
 */

const cache = new Map<string, number>();
const CACHE_LIMIT = 50_000;
const STRESS_DIGIT = /[012]/g;

/**
 * CMUdict, read at the first word counted: importing the library must stay light (the dictionary
 * is 64 MB of heap and most of the root import's time), and many callers never count a syllable.
 */
let dictionary: Record<string, string> | undefined;

function dictionarySyllables(word: string): number | undefined {
  dictionary ??= (
    createRequire(import.meta.url)('cmu-pronouncing-dictionary') as { dictionary: Record<string, string> }
  ).dictionary;
  const phones = dictionary[word];
  if (phones === undefined) return undefined;
  return phones.match(STRESS_DIGIT)?.length ?? 0;
}

function countUncached(lower: string): number {
  const known = dictionarySyllables(lower);
  if (known !== undefined) return known;
  // Hyphenated compounds: the sum of their parts, each looked up on its own.
  if (lower.includes('-')) {
    return lower
      .split('-')
      .filter((part) => part.length > 0)
      .reduce((sum, part) => sum + countSyllables(part), 0);
  }
  // A bare number or a word without letters reads as one unit, as textstat's hyphenation path gives.
  if (!/\p{L}/u.test(lower)) return 1;
  return Math.max(1, syllable(lower));
}

/** Syllables in one word (≥ 1 for any word with a letter or digit). */
export function countSyllables(word: string): number {
  const lower = word.toLowerCase();
  return countSyllablesOfLowerCase(lower.includes('\u2019') ? lower.replace(/\u2019/g, "'") : lower);
}

/** `countSyllables` for a word already lower-cased with straight apostrophes (the hot path). */
export function countSyllablesOfLowerCase(lower: string): number {
  const cached = cache.get(lower);
  if (cached !== undefined) return cached;
  const count = countUncached(lower);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, count);
  return count;
}
