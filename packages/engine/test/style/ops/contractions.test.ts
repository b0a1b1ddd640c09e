import { describe, expect, it } from 'vitest';
import { contractionEdits } from '../../../src/style/ops/contractions.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('contract and expand', () => {
  it('contracts full forms inside a clause and expands contractions', () => {
    const both = { ...formal, proposes: { ...formal.proposes, contract: true, expand: true } };
    const contracted = textsOf(contractionEdits(firstSentence('We do not know it yet.').tokens, both), 'contract');
    expect(contracted).toEqual(["We don't know it yet."]);
    expect(textsOf(contractionEdits(firstSentence("It's fine and we can't stay.").tokens, both), 'expand')).toEqual([
      "It is fine and we can't stay.",
      "It's fine and we cannot stay.",
    ]);
  });

  it('does not propose contractions to an author who never contracts', () => {
    expect(formal.proposes.contract).toBe(false);
    expect(textsOf(contractionEdits(firstSentence('We do not know it yet.').tokens, formal), 'contract')).toEqual([]);
    expect(contextFor(CASUAL_MODEL).proposes.contract).toBe(true);
  });

  it('reads "it\'s been" as "it has been" and never contracts at the end of a clause', () => {
    expect(textsOf(contractionEdits(firstSentence("It's been a long day.").tokens, formal), 'expand')).toEqual([
      'It has been a long day.',
    ]);
    const casual = contextFor(CASUAL_MODEL);
    expect(textsOf(contractionEdits(firstSentence('I know what it is.').tokens, casual), 'contract')).toEqual([]);
  });
});
