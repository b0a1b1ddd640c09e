import { describe, expect, it } from 'vitest';
import { countOf } from '../src/index.js';

describe('countOf', () => {
  it('puts the noun in the number the count takes', () => {
    expect(countOf(1, 'file')).toBe('1 file');
    expect(countOf(0, 'file')).toBe('0 files');
    expect(countOf(2, 'file')).toBe('2 files');
    expect(countOf(1, 'analysis', 'analyses')).toBe('1 analysis');
    expect(countOf(3, 'analysis', 'analyses')).toBe('3 analyses');
  });
});
