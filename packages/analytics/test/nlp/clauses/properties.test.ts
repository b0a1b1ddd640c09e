import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '../../../src/vocabulary/features.js';
import { classifySentence } from '../../../src/nlp/classify-sentence.js';
import { classifyTokens, structureFromCounts } from '../../../src/nlp/clauses/index.js';
import type { TaggedToken } from '../../../src/nlp/tagged-token.js';

// Words the rules react to, so random sequences exercise them and not only unknown words.
const CUE_WORDS = [
  'is',
  'was',
  "'s",
  'its',
  'be',
  'been',
  'got',
  'by',
  'not',
  "n't",
  'ca',
  'I',
  "I'm",
  'he',
  'who',
  'which',
  'that',
  'what',
  'whoever',
  'because',
  'if',
  'and',
  'but',
  'so',
  'then',
  'please',
  'said',
  'made',
  'taken',
  'tested',
  'used',
  'to',
  'the',
  'a',
  'me',
  ',',
  ';',
  ':',
  '(',
  ')',
  '"',
  '.',
  '?',
  'AM',
  'work',
  'works',
  'worked',
];

const tokenArbitrary: fc.Arbitrary<TaggedToken> = fc
  .record({
    text: fc.oneof(fc.constantFrom(...CUE_WORDS), fc.string({ unit: 'grapheme', maxLength: 6 })),
    pos: fc.oneof(fc.constantFrom(...UPOS_TAGS), fc.string({ maxLength: 4 })) as fc.Arbitrary<TaggedToken['pos']>,
    type: fc.constantFrom('word', 'punctuation', 'number', 'symbol'),
    spaceBefore: fc.boolean(),
  })
  .map((token) => ({ ...token, lower: token.text.toLowerCase() }));

describe('classifyTokens properties', () => {
  it('never throws and always returns a valid, self-consistent class', () => {
    fc.assert(
      fc.property(fc.array(tokenArbitrary, { maxLength: 40 }), (tokens) => {
        const result = classifyTokens(tokens);
        expect(SENTENCE_STRUCTURES).toContain(result.structure);
        expect(SENTENCE_VOICES).toContain(result.voice);
        expect(Number.isInteger(result.independentClauses) && result.independentClauses >= 0).toBe(true);
        expect(Number.isInteger(result.dependentClauses) && result.dependentClauses >= 0).toBe(true);
        expect(result.structure).toBe(structureFromCounts(result.independentClauses, result.dependentClauses));
      }),
      { numRuns: 500 },
    );
  });

  it('tolerates malformed token objects', () => {
    const malformed = [null, undefined, {}, { text: 42 }, { text: 'was', pos: 'AUX' }, { lower: 'taken', pos: 'VERB' }];
    expect(() => classifyTokens(malformed as unknown as TaggedToken[])).not.toThrow();
  });
});

describe('classifySentence properties', () => {
  it('never throws on arbitrary Unicode strings but empty ones', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        if (text.trim() === '') {
          expect(() => classifySentence(text)).toThrow(RangeError);
          return;
        }
        const result = classifySentence(text);
        expect(SENTENCE_STRUCTURES).toContain(result.structure);
        expect(SENTENCE_VOICES).toContain(result.voice);
      }),
      { numRuns: 300 },
    );
  });
});
