import { describe, expect, it } from 'vitest';
import { lexicalEdits } from '../../../src/style/ops/lexical.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('spelling and variants', () => {
  it("converts spelling to the author's variety", () => {
    expect(textsOf(lexicalEdits(firstSentence('The color of the center is gray.').tokens, formal), 'spelling')).toEqual(
      ['The colour of the center is gray.', 'The color of the centre is gray.', 'The color of the center is grey.'],
    );
    const us = { ...contextFor(CASUAL_MODEL), spelling: 'US' as const };
    expect(textsOf(lexicalEdits(firstSentence('The colour is fine.').tokens, us), 'spelling')).toEqual([
      'The color is fine.',
    ]);
    // Two US spellings are too little evidence to convert anything.
    expect(
      textsOf(lexicalEdits(firstSentence('The colour is fine.').tokens, contextFor(CASUAL_MODEL)), 'spelling'),
    ).toEqual([]);
  });

  it('leaves a variant that ends its phrase: that is another word ("anything like till, but sand")', () => {
    const prefersUntil = { ...formal, variantPreference: new Map([['till', 'until']]) };
    const clause = firstSentence('We waited till the rain stopped.');
    expect(textsOf(lexicalEdits(clause.tokens, prefersUntil), 'variant')).toEqual([
      'We waited until the rain stopped.',
    ]);
    const noun = firstSentence('I cannot remember anything like till, but there is sand.');
    expect(textsOf(lexicalEdits(noun.tokens, prefersUntil), 'variant')).toEqual([]);
  });
});
