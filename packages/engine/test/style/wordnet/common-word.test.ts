import { describe, expect, it } from 'vitest';
import { isCommonWord } from '../../../src/style/wordnet/common-word.js';

describe('isCommonWord', () => {
  it('knows words whose most frequent sense WordNet writes in lower case, in any part of speech', () => {
    for (const word of ['Attendance', 'Harbors', 'Several', 'Second', 'Quickly'])
      expect(isCommonWord(word), word).toBe(true);
  });

  it('does not count a word all of whose first senses are names, nor one WordNet does not know', () => {
    for (const word of ['Darwin', 'Jordan', 'London', 'Marisol', 'Zorblat'])
      expect(isCommonWord(word), word).toBe(false);
  });
});
