import { readFileSync } from 'node:fs';
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

/** What declares the table in the package's one module, `export const dictionary = {…}`. */
const DICTIONARY_DECLARATION = 'export const dictionary = ';

/**
 * CMUdict's words and their pronunciations. The package is one ES module exporting a 4.7 MB object
 * literal, which V8 parses and compiles in every thread that imports it; the literal is JSON, which
 * JSON.parse reads in 0.6–0.8 of that CPU time (bench/analytics-dictionary.mjs). So the module's
 * text is read as JSON, and the module is imported only should a release no longer hold it that way.
 */
export function readCmuDictionary(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('cmu-pronouncing-dictionary'), 'utf8');
  const declared = source.indexOf(DICTIONARY_DECLARATION);
  if (declared >= 0) {
    try {
      const table: unknown = JSON.parse(source.slice(declared + DICTIONARY_DECLARATION.length));
      if (typeof table === 'object' && table !== null) return table as Record<string, string>;
    } catch {
      // Not JSON after all: the module itself below.
    }
  }
  return (require('cmu-pronouncing-dictionary') as { dictionary: Record<string, string> }).dictionary;
}

function dictionarySyllables(word: string): number | undefined {
  dictionary ??= readCmuDictionary();
  // Own entries only: a word such as `__proto__` must not read the object's prototype.
  if (!Object.hasOwn(dictionary, word)) return undefined;
  return dictionary[word]!.match(STRESS_DIGIT)?.length ?? 0;
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
