import { describe, expect, it } from 'vitest';
import { lookupIndex, synsetWords } from '../../../src/style/wordnet/database.js';
import { inflect, lemmatize } from '../../../src/style/wordnet/morphy.js';
import { synonymForms } from '../../../src/style/wordnet/synonyms.js';

describe('WordNet access', () => {
  it('finds index entries by binary search and reads synsets by offset', () => {
    const entry = lookupIndex('hectic', 'adj');
    expect(entry?.senses).toBe(1);
    expect(synsetWords(entry?.offsets[0] ?? 0, 'adj')).toEqual(['feverish', 'hectic']);
    expect(lookupIndex('zzzznotaword', 'noun')).toBeUndefined();
  });

  it('lemmatizes by the detachment rules and inflects regularly', () => {
    expect(lemmatize('schedules', 'noun')).toContainEqual({ lemma: 'schedule', ending: 's' });
    expect(lemmatize('stopped', 'verb')).toContainEqual({ lemma: 'stop', ending: 'ed' });
    expect(inflect('carry', 's')).toEqual(['carries']);
    expect(inflect('bridge', 'ed')[0]).toBe('bridged');
  });

  it('gives synonyms of the most frequent sense of unambiguous words only', () => {
    expect(synonymForms('huge', 'adj')).toEqual(['immense', 'vast']);
    expect(synonymForms('good', 'adj')).toEqual([]);
    // The shared sense must be the synonym's own main one: "knowing" mostly means something else,
    // "feverish" and "fundamental" have too many senses to be safe.
    expect(synonymForms('intentional', 'adj')).toEqual([]);
    expect(synonymForms('hectic', 'adj')).toEqual([]);
    expect(synonymForms('key', 'adj')).not.toContain('fundamental');
  });
});
