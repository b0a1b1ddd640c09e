/** Cutting a text into a number of equal samples (--samples N). */
import { describe, expect, it } from 'vitest';
import { splitWords } from '../../src/stylometry/index.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`);

describe('splitWords', () => {
  it('gives N consecutive samples of floor(length / N) words, the rest dropped', () => {
    const { samples, dropped } = splitWords(words(11), 4);
    expect(samples).toEqual([
      ['w0', 'w1'],
      ['w2', 'w3'],
      ['w4', 'w5'],
      ['w6', 'w7'],
    ]);
    expect(dropped).toBe(3);
    expect(splitWords(words(9), 3).samples.map((sample) => sample.length)).toEqual([3, 3, 3]);
  });

  it('gives none for a text of fewer words than samples, and refuses a count that is not one', () => {
    expect(splitWords(words(2), 3)).toEqual({ samples: [], dropped: 2 });
    expect(() => splitWords(words(5), 0)).toThrow(RangeError);
  });
});
