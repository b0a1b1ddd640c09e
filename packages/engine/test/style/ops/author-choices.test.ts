// The author's own choices among interchangeable forms: learned from their documents, applied only
// where the choice is grammatical in context.
import { describe, expect, it } from 'vitest';
import { fitStyle } from '../../../src/style/index.js';
import { editContext, type EditContext } from '../../../src/style/edits/context.js';
import { openerScore } from '../../../src/style/optimizer/habit-score.js';
import { lexicalEdits } from '../../../src/style/ops/lexical.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('"upon" where the author writes it', () => {
  const model = fitStyle([
    'We depend upon the river for water. They depend upon the mill for bread, and we look upon it kindly.',
    'All of us depend upon the harvest. The farmers look upon the sky each morning, and we meet on Monday.',
  ]);
  const context = editContext(model, new Set(), false);

  it('learns the words "upon" follows, with counts of "upon" and "on" after them', () => {
    expect(model.habits.upon?.heads['depend']).toEqual({ upon: 3, on: 0 });
    expect(context.uponAfter.has('depend')).toBe(true);
    expect(context.uponAfter.has('meet')).toBe(false);
  });

  it('writes "upon" after those words only', () => {
    expect(textsOf(lexicalEdits(firstSentence('Most towns depend on the river.').tokens, context), 'variant')).toEqual([
      'Most towns depend upon the river.',
    ]);
    expect(lexicalEdits(firstSentence('We met them on Monday.').tokens, context)).toEqual([]);
  });

  it('writes "on" for an author who never writes "upon", but keeps "once upon a time"', () => {
    const never = { ...formal, writesUpon: false };
    expect(textsOf(lexicalEdits(firstSentence('It depends upon the weather.').tokens, never), 'variant')).toEqual([
      'It depends on the weather.',
    ]);
    expect(lexicalEdits(firstSentence('Once upon a time there was a mill.').tokens, never)).toEqual([]);
  });
});

describe('hedges', () => {
  const prefersPerhaps: EditContext = {
    ...formal,
    variantPreference: new Map([
      ['maybe', 'perhaps'],
      ['perhaps', 'perhaps'],
    ]),
  };

  it('take the author’s form', () => {
    expect(textsOf(lexicalEdits(firstSentence('Maybe we should wait.').tokens, prefersPerhaps), 'variant')).toEqual([
      'Perhaps we should wait.',
    ]);
  });
});

describe('contractions at the author’s rate', () => {
  const casualModel = fitStyle([
    "We're here today, and we don't know why. It is late. We'll stay. It's fine. They are here.",
    "You're right. I'm sure we can't stay. We do not know it. It isn't far. They have left.",
  ]);
  const rate = casualModel.habits.contractions.value.rate;

  it('moves only from the input’s side: contract an input below the rate, expand one above it', () => {
    expect(rate).toBeGreaterThan(0.3);
    expect(rate).toBeLessThan(0.9);
    const below = editContext(casualModel, new Set(), false, { share: 0, changes: 1 });
    expect(below.proposes).toMatchObject({ contract: true, expand: false });
    const above = editContext(casualModel, new Set(), false, { share: 1, changes: 1 });
    expect(above.proposes).toMatchObject({ contract: false, expand: true });
    const at = editContext(casualModel, new Set(), false, { share: rate, changes: 0 });
    expect(at.proposes).toMatchObject({ contract: false, expand: false });
  });
});

describe('openers by the author’s counts', () => {
  it('weighs a form the author rarely writes by how far it trails the favourite of its relation', () => {
    const counts = { ...formal, connectiveCounts: { And: 48, Moreover: 1 } };
    expect(openerScore(firstSentence('Moreover, the app works well.').tokens, counts)).toBe(1);
    expect(openerScore(firstSentence('And the app works well.').tokens, counts)).toBe(0);
    const even = { ...formal, connectiveCounts: { And: 4, Moreover: 3 } };
    expect(openerScore(firstSentence('Moreover, the app works well.').tokens, even)).toBe(0.25);
  });
});
