import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeRouge, tokenizeRougeLines } from '../../../src/metrics/rouge/tokenize.js';
import { readGolden } from './golden-files.js';

interface TokenRecord {
  text: string;
  tokens: string[];
  tokens_stemmed: string[];
}

const records = readGolden<TokenRecord>('rouge_tokens.jsonl');

describe('tokenizeRouge (rouge-score DefaultTokenizer)', () => {
  it('has the whole golden file to check against', () => {
    expect(records.length).toBe(216);
  });

  it('reproduces every unstemmed token list in rouge_tokens.jsonl', () => {
    const mismatches = records.filter(
      (record) => JSON.stringify(tokenizeRouge(record.text, false)) !== JSON.stringify(record.tokens),
    );
    expect(mismatches).toEqual([]);
  });

  it('reproduces every stemmed token list in rouge_tokens.jsonl', () => {
    const mismatches = records.filter(
      (record) => JSON.stringify(tokenizeRouge(record.text, true)) !== JSON.stringify(record.tokens_stemmed),
    );
    expect(mismatches).toEqual([]);
  });

  it('keeps the non-ASCII capitals that Python lower-cases to ASCII', () => {
    expect(tokenizeRouge('\u212Aelvin', false)).toEqual(['kelvin']);
    expect(tokenizeRouge('\u0130stanbul', false)).toEqual(['i', 'stanbul']);
    expect(tokenizeRouge('X\u0130Y', false)).toEqual(['xi', 'y']);
    expect(tokenizeRouge('café crème', false)).toEqual(['caf', 'cr', 'me']);
  });

  it('splits on every non-alphanumeric character and drops empty pieces', () => {
    expect(tokenizeRouge("can't well-known 3.5% a_b", false)).toEqual([
      'can',
      't',
      'well',
      'known',
      '3',
      '5',
      'a',
      'b',
    ]);
    expect(tokenizeRouge('  ... \n\t ', false)).toEqual([]);
  });

  it('records where each line with tokens starts, splitting on \\n only', () => {
    const { tokens, lineStarts } = tokenizeRougeLines('one two\n\n...\nthree\r\nfour\u2028five', false);
    expect(tokens).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(lineStarts).toEqual([0, 2, 3]);
  });

  it('never throws and only yields [a-z0-9]+ tokens on arbitrary Unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (text, useStemmer) => {
        const { tokens, lineStarts } = tokenizeRougeLines(text, useStemmer);
        for (const token of tokens) expect(token).toMatch(/^[a-z0-9]+$/);
        expect(lineStarts.every((start, k) => start < tokens.length && (k === 0 || start > lineStarts[k - 1]!))).toBe(
          true,
        );
      }),
    );
  });
});
