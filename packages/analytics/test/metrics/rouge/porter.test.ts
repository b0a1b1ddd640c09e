import { describe, expect, it } from 'vitest';
import { porterStem } from '../../../src/metrics/rouge/porter.js';
import { stemRougeToken } from '../../../src/metrics/rouge/tokenize.js';
import { readGolden } from './golden-files.js';

interface StemRecord {
  word: string;
  porter_stem: string;
  rouge_token: string;
}

const records = readGolden<StemRecord>('porter_stems.jsonl');

describe('porterStem (NLTK 3.8.1, NLTK_EXTENSIONS)', () => {
  it('has the whole golden file to check against', () => {
    expect(records.length).toBe(1004);
  });

  it('reproduces every NLTK stem in porter_stems.jsonl', () => {
    const mismatches = records
      .filter((record) => porterStem(record.word) !== record.porter_stem)
      .map((record) => `${record.word}: expected ${record.porter_stem}, got ${porterStem(record.word)}`);
    expect(mismatches).toEqual([]);
  });

  it("applies rouge-score's longer-than-3-characters rule exactly as the golden rouge_token", () => {
    const mismatches = records.filter((record) => stemRougeToken(record.word) !== record.rouge_token);
    expect(mismatches).toEqual([]);
  });

  it('follows the NLTK departures from the published algorithm', () => {
    expect(porterStem('dying')).toBe('die');
    expect(porterStem('skies')).toBe('sky');
    expect(porterStem('news')).toBe('news');
    expect(porterStem('dies')).toBe('die');
    expect(porterStem('flies')).toBe('fli');
    expect(porterStem('was')).toBe('wa');
    expect(stemRougeToken('was')).toBe('was');
  });

  it('gives the same stem from the cache as from a fresh computation', () => {
    for (const word of ['generalization', 'generalization', 'running', 'running']) {
      expect(stemRougeToken(word)).toBe(porterStem(word));
    }
  });
});
