import { describe, expect, it } from 'vitest';
import { genericEdits } from '../../../src/style/ops/generic.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('generic phrasing', () => {
  it('replaces generic words with plain ones, keeping inflection and case', () => {
    const edits = textsOf(
      genericEdits(firstSentence('We utilized robust tools in order to win.').tokens, formal),
      'generic',
    );
    expect(edits).toContain('We used robust tools in order to win.');
    expect(edits).toContain('We utilized strong tools in order to win.');
    expect(edits).toContain('We utilized robust tools to win.');
  });

  it('leaves a participle standing as an adjective to its verb entry ("an optimized plan")', () => {
    for (const text of ['The tool recommends an optimized plan.', 'Budgeting can be simple and even empowering.']) {
      const edits = genericEdits(firstSentence(text).tokens, formal);
      expect(edits.filter((edit) => /improved|enabling|helping/.test(textsOf([edit], 'generic')[0] ?? ''))).toEqual([]);
    }
  });

  it('keeps the article and the quantifier in their place ("an more security", "so many.")', () => {
    const article = genericEdits(firstSentence('It furnishes an additional security against bad laws.').tokens, formal);
    expect(textsOf(article, 'generic').filter((text) => /an (more|further)/.test(text))).toEqual([]);
    const determiner = genericEdits(firstSentence('The people would lose the additional security.').tokens, formal);
    expect(textsOf(determiner, 'generic').filter((text) => /the more/.test(text))).toEqual([]);
    const predicative = genericEdits(firstSentence('The assembly was so variable and so numerous.').tokens, formal);
    expect(textsOf(predicative, 'generic').filter((text) => /so many\./.test(text))).toEqual([]);
    const attributive = genericEdits(firstSentence('We met numerous people at the fair.').tokens, formal);
    expect(textsOf(attributive, 'generic')).toContain('We met many people at the fair.');
  });

  it('keeps "is able to" where a later infinitive leans on its "to"', () => {
    const shared = genericEdits(
      firstSentence('A small crew is able to slow, and then to stop, the fire.').tokens,
      formal,
    );
    expect(textsOf(shared, 'generic').filter((text) => text.includes('can'))).toEqual([]);
    const alone = genericEdits(firstSentence('A small crew is able to slow the fire.').tokens, formal);
    expect(textsOf(alone, 'generic')).toContain('A small crew can slow the fire.');
  });

  it('leaves "facilitate" alone: neither "help" nor "ease" says "make easier" of a process', () => {
    const edits = textsOf(
      genericEdits(firstSentence('Open borders would facilitate raids by the tribes.').tokens, formal),
      'generic',
    );
    expect(edits.filter((text) => !text.includes('facilitate'))).toEqual([]);
  });

  it('keeps "enhance" before a noun of degree, which "improve" does not take', () => {
    const degree = genericEdits(firstSentence('Constant drills enhance the importance of the guard.').tokens, formal);
    expect(textsOf(degree, 'generic').filter((text) => text.includes('improve'))).toEqual([]);
    const quality = genericEdits(firstSentence('Constant drills enhance the skill of the guard.').tokens, formal);
    expect(textsOf(quality, 'generic')).toContain('Constant drills improve the skill of the guard.');
  });
});
