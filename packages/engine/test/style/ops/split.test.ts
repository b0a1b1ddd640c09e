import { describe, expect, it } from 'vitest';
import { splitEdits } from '../../../src/style/ops/split.js';
import { firstSentence, formalPunctuationContext, textsOf } from '../ops-helpers.js';

const formal = formalPunctuationContext();

describe('split', () => {
  it('splits a compound sentence at ", and" or ", but" before a new subject', () => {
    const sentence = firstSentence(
      'The team improved response times last month, and the customers noticed the change quickly.',
    );
    expect(sentence.classes.independentClauses).toBeGreaterThanOrEqual(2);
    expect(textsOf(splitEdits(sentence.tokens, sentence.classes, formal), 'split')).toEqual([
      'The team improved response times last month. The customers noticed the change quickly.',
    ]);
    const contrast = firstSentence('The team improved response times last month, but the customers did not notice it.');
    expect(textsOf(splitEdits(contrast.tokens, contrast.classes, formal), 'split-but')).toEqual([
      'The team improved response times last month. But the customers did not notice it.',
    ]);
  });

  it('does not split inside brackets or before a non-clause', () => {
    const sentence = firstSentence('We bought apples, and pears, and plums at the market today.');
    expect(splitEdits(sentence.tokens, sentence.classes, formal)).toEqual([]);
  });
});

describe('splits that would cut a list', () => {
  it('never splits at the conjunction of a series', () => {
    for (const text of [
      'The immune system is a network of cells, tissues, and organs that defends the body against infection.',
      'Make time for research, practice, and plan ahead, you can then answer with confidence.',
      // A series of actions: the gerund after "and" is no new subject.
      'Starting a garden is easy, and by choosing the right spot, selecting hardy plants, and caring for the soil, you will do well.',
      // A series of commands: "mix" after "and" is the third verb of the series, whatever its tag.
      'Remove weeds and debris, loosen the soil to a depth of about 12 inches, and mix in compost or aged manure to improve fertility.',
    ]) {
      const sentence = firstSentence(text);
      expect(splitEdits(sentence.tokens, sentence.classes, formal)).toEqual([]);
    }
  });
});
