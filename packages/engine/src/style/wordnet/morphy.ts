import { lookupIndex, type WordNetPos } from './database.js';

/** A lemma and the suffix rule that led to it. */
export interface Lemma {
  lemma: string;
  /** The inflectional ending that was removed ('' for a base form). */
  ending: '' | 's' | 'ed' | 'ing' | 'er' | 'est';
}

// WordNet's detachment rules (morphy), grouped by the ending they remove.
const RULES: Readonly<Record<WordNetPos, ReadonlyArray<readonly [string, string, Lemma['ending']]>>> = {
  noun: [
    ['s', '', 's'],
    ['ses', 's', 's'],
    ['xes', 'x', 's'],
    ['zes', 'z', 's'],
    ['ches', 'ch', 's'],
    ['shes', 'sh', 's'],
    ['ies', 'y', 's'],
  ],
  verb: [
    ['s', '', 's'],
    ['ies', 'y', 's'],
    ['es', 'e', 's'],
    ['es', '', 's'],
    ['ed', 'e', 'ed'],
    ['ed', '', 'ed'],
    ['ing', 'e', 'ing'],
    ['ing', '', 'ing'],
  ],
  adj: [
    ['er', '', 'er'],
    ['est', '', 'est'],
    ['er', 'e', 'er'],
    ['est', 'e', 'est'],
  ],
  adv: [],
};

/**
 * Base forms of a word for one part of speech, by WordNet's suffix rules, checked against the
 * index (the base form itself first). Irregular forms are not handled: they are left alone.
 */
export function lemmatize(word: string, pos: WordNetPos): Lemma[] {
  const out: Lemma[] = [];
  if (lookupIndex(word, pos) !== undefined) out.push({ lemma: word, ending: '' });
  for (const [suffix, replacement, ending] of RULES[pos]) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const lemma = word.slice(0, word.length - suffix.length) + replacement;
    if (lookupIndex(lemma, pos) !== undefined && !out.some((found) => found.lemma === lemma))
      out.push({ lemma, ending });
  }
  // A doubled final consonant before -ed/-ing ("stopped" → "stop").
  const doubled = /([bdfgklmnprstvz])\1(?:ed|ing)$/.exec(word);
  if (pos === 'verb' && doubled) {
    const lemma = word.slice(0, doubled.index + 1);
    if (lookupIndex(lemma, pos) !== undefined) out.push({ lemma, ending: word.endsWith('ing') ? 'ing' : 'ed' });
  }
  return out;
}
