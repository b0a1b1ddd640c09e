import { describe, expect, it } from 'vitest';
import { classifySentence } from '../../src/nlp/classify-sentence.js';

describe('classifySentence', () => {
  it('returns structure and voice of one sentence', () => {
    expect(classifySentence('The report was written by the committee.')).toEqual({
      structure: 'simple',
      voice: 'passive',
    });
    expect(classifySentence('I stayed home because it was raining.')).toEqual({
      structure: 'complex',
      voice: 'active',
    });
  });

  it('treats the whole input as one sentence, never re-splitting it', () => {
    // Two sentences read as one: two main clauses make it compound.
    expect(classifySentence('I came. I saw.').structure).toBe('compound');
    expect(classifySentence('Thanks! See you.').structure).toBe('simple');
  });

  it('refuses an empty or whitespace-only sentence, and reads marks alone as a fragment', () => {
    expect(() => classifySentence('')).toThrow(RangeError);
    expect(() => classifySentence(' \n\t')).toThrow('sentence must not be empty');
    expect(classifySentence('  — ')).toEqual({ structure: 'fragment/unknown', voice: 'active' });
  });

  it('throws a TypeError naming the argument for a non-string', () => {
    expect(() => classifySentence(42 as unknown as string)).toThrow(TypeError);
    expect(() => classifySentence(null as unknown as string)).toThrow(/sentence must be a string/);
  });
});
