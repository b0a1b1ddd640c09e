import { lookupIndex, synsetLexFile, synsetWords } from './database.js';
import { lemmatize } from './morphy.js';

/** WordNet's lexicographer file of nouns denoting people (lexnames: 18 noun.person). */
const NOUN_PERSON = 18;

/**
 * True when a noun's most frequent sense denotes a person ("man", "teachers", "friend"), so a
 * relative clause after it takes "who" or "that", never "which".
 */
export function isPersonNoun(word: string): boolean {
  for (const { lemma } of lemmatize(word.toLowerCase(), 'noun')) {
    const first = lookupIndex(lemma, 'noun')?.offsets[0];
    // The person synset itself sits in noun.Tops; every kind of person is in noun.person.
    if (first !== undefined)
      return synsetLexFile(first, 'noun') === NOUN_PERSON || synsetWords(first, 'noun').includes('person');
  }
  return false;
}
