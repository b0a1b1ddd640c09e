import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fleschKincaidGrade, fleschReadingEase } from '../../src/metrics/index.js';
import { countSyllables, readCmuDictionary } from '../../src/nlp/syllables.js';

interface ReadabilityCase {
  id: string;
  values: {
    sentence_count: number;
    lexicon_count: number;
    syllable_count: number;
    flesch_reading_ease: number;
    flesch_kincaid_grade: number;
  };
  word_syllables: Array<[string, number | null, number]>;
}

const cases = readFileSync(new URL('../fixtures/reference/readability.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as ReadabilityCase);

describe('readability parity with textstat 0.7.11', () => {
  it("reproduces both Flesch scores from textstat's own counts to 1e-9 on every case", () => {
    for (const c of cases) {
      const counts = {
        sentences: c.values.sentence_count,
        words: c.values.lexicon_count,
        syllables: c.values.syllable_count,
      };
      expect(Math.abs(fleschReadingEase(counts) - c.values.flesch_reading_ease), c.id).toBeLessThan(1e-9);
      expect(Math.abs(fleschKincaidGrade(counts) - c.values.flesch_kincaid_grade), c.id).toBeLessThan(1e-9);
    }
  });

  it('agrees with CMUdict on every word textstat found there', () => {
    const inDictionary = cases.flatMap((c) => c.word_syllables).filter(([, cmu]) => cmu !== null);
    expect(inDictionary.length).toBeGreaterThan(500);
    const disagreements = inDictionary.filter(([word, cmu]) => countSyllables(word) !== cmu);
    expect(disagreements).toEqual([]);
  });

  it('counts at least one syllable for any word with a letter', () => {
    for (const word of ['zzyzx', 'qwrtp', 'Ångström', 'naïve', 'x'])
      expect(countSyllables(word)).toBeGreaterThanOrEqual(1);
  });

  it('counts a word named like a property of every object from the rules, not from the prototype', () => {
    for (const word of ['__proto__', 'hasownproperty', 'isprototypeof', 'valueof'])
      expect(countSyllables(word), word).toBeGreaterThanOrEqual(1);
    expect(countSyllables('constructor')).toBe(3);
  });
});

describe('CMUdict as read', () => {
  it('holds every word of the package with its pronunciation, and nothing else', () => {
    const imported = (
      createRequire(import.meta.url)('cmu-pronouncing-dictionary') as { dictionary: Record<string, string> }
    ).dictionary;
    const read = readCmuDictionary();
    expect(Object.keys(read).length).toBeGreaterThan(130_000);
    expect(read).toEqual(imported);
  });
});
