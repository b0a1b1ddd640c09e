import { describe, expect, it } from 'vitest';
import { lookupIndex, synsetWords } from '../../../src/style/wordnet/database.js';
import { adjectiveOfAdverb, antonymsOfWord, lemmasOf } from '../../../src/style/wordnet/antonyms.js';
import { antonymsOf } from '../../../src/style/wordnet/database.js';
import { lemmatize } from '../../../src/style/wordnet/morphy.js';
import { isPersonNoun } from '../../../src/style/wordnet/person.js';

describe('WordNet access', () => {
  it('finds index entries by binary search and reads synsets by offset', () => {
    const entry = lookupIndex('hectic', 'adj');
    expect(entry?.senses).toBe(1);
    expect(synsetWords(entry?.offsets[0] ?? 0, 'adj')).toEqual(['feverish', 'hectic']);
    expect(lookupIndex('zzzznotaword', 'noun')).toBeUndefined();
  });

  it('lemmatizes by the detachment rules', () => {
    expect(lemmatize('schedules', 'noun')).toContainEqual({ lemma: 'schedule', ending: 's' });
    expect(lemmatize('stopped', 'verb')).toContainEqual({ lemma: 'stop', ending: 'ed' });
  });

  it('reads direct antonyms from the lexical pointers of every sense', () => {
    expect(antonymsOf('increase', 'verb')).toEqual(['decrease']);
    expect(antonymsOf('good', 'adj')).toEqual(expect.arrayContaining(['bad', 'evil']));
    // A satellite adjective has no direct antonym.
    expect(antonymsOf('hectic', 'adj')).toEqual([]);
    expect(antonymsOfWord('Accepted')).toEqual(new Set(['reject', 'refuse']));
    expect(lemmasOf('stopped')).toEqual(expect.arrayContaining(['stopped', 'stop']));
  });

  it("reads an '-ly' adverb's antonyms through the adjective it is made from", () => {
    expect(['easily', 'basically', 'possibly', 'quickly'].map(adjectiveOfAdverb)).toEqual([
      'easy',
      'basic',
      'possible',
      'quick',
    ]);
    // Not an adverb of an adjective: "family" is no "fami", "only" no "on".
    expect(['family', 'only', 'reply'].map(adjectiveOfAdverb)).toEqual([undefined, undefined, undefined]);
    expect(antonymsOfWord('easily')).toContain('difficult');
    expect(lemmasOf('easily')).toContain('easy');
  });

  it('tells nouns whose main sense is a person', () => {
    expect(['person', 'man', 'teachers', 'friend'].map(isPersonNoun)).toEqual([true, true, true, true]);
    expect(['bottle', 'effect', 'garden'].map(isPersonNoun)).toEqual([false, false, false]);
  });
});
