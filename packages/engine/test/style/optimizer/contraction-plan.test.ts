import { describe, expect, it } from 'vitest';
import { planContractions } from '../../../src/style/optimizer/contraction-plan.js';
import { findContractible, findContracted } from '../../../src/style/ops/contractions.js';
import { fitStyle, restyle } from '../../../src/style/index.js';
import { sentencesOf } from '../ops-helpers.js';

const CONTRACTED_TEXT = [
  "We're glad you're here. It's a good day, and we don't mind the rain.",
  "You'll see that it isn't far. They're waiting, and we can't stay long.",
  "It's late now. We'll go home, and we won't be back until the spring.",
  "I'm sure you've heard the news. It's all over town, and they're pleased.",
].join('\n\n');

describe('the contraction plan', () => {
  it('lets change only as many places as bring the text to the author’s rate', () => {
    const sentences = sentencesOf(CONTRACTED_TEXT.replace(/\n\n/g, ' ')).map((sentence) => sentence.tokens);
    const contracted = sentences.reduce((sum, tokens) => sum + findContracted(tokens).length, 0);
    const places = contracted + sentences.reduce((sum, tokens) => sum + findContractible(tokens).length, 0);
    const plan = planContractions(sentences, 0.5);
    expect(plan).toEqual({ share: contracted / places, changes: contracted - Math.ceil(0.5 * places - 0.25) });
    // Toward an author who never contracts, every contraction may go; toward the input's own rate, none.
    expect(planContractions(sentences, 0)?.changes).toBe(contracted);
    expect(planContractions(sentences, contracted / places)?.changes).toBe(0);
    expect(planContractions([[]], 0.5)).toBeUndefined();
  });

  it('counts two spots that share a word as one place: "it is not" takes one contraction', () => {
    const sentences = sentencesOf('The gate is old, and it is not locked. We do not mind.').map(
      (sentence) => sentence.tokens,
    );
    // "it is" and "is not" share "is": one place; "do not" another.
    const spots = sentences.reduce((sum, tokens) => sum + findContractible(tokens).length, 0);
    expect(spots).toBe(3);
    expect(planContractions(sentences, 1)).toEqual({ share: 0, changes: 2 });
  });

  it('stops on the input’s side of the author: 6 of 7 contracted toward 34 % leaves 3, not 2', () => {
    const text = ["We're ready. It's late. They're here. You're kind. I'm tired. We've left. We do not mind it."].join(
      ' ',
    );
    const sentences = sentencesOf(text).map((sentence) => sentence.tokens);
    // 7 places, 6 contracted: 2.4 of them is the author's rate; 3 stays short of it, 2 goes past.
    expect(planContractions(sentences, 0.343)).toEqual({ share: 6 / 7, changes: 3 });
    // Toward an author who contracts 1 % of the time (0.07 of a place), every contraction goes.
    expect(planContractions(sentences, 0.01)).toEqual({ share: 6 / 7, changes: 6 });
  });

  it('keeps a restyle from overshooting an author who contracts some of the time', () => {
    const sometimes = fitStyle([
      "We're here today, and we do not know why. It is late. We'll stay. It's fine. They are here and they will wait.",
      "You're right. I am sure we cannot stay. We do not know it. It isn't far. They have left, and I'm glad.",
    ]);
    const rate = sometimes.habits.contractions.value.rate;
    const output = restyle(CONTRACTED_TEXT, sometimes, { matchOutputLength: false });
    const contracted = (output.match(/\b\w+['’](?:re|s|t|ll|m|ve)\b/g) ?? []).length;
    const before = (CONTRACTED_TEXT.match(/\b\w+['’](?:re|s|t|ll|m|ve)\b/g) ?? []).length;
    // Some contractions are expanded toward the rate, and at least the rate's share stays.
    expect(contracted).toBeLessThanOrEqual(before);
    expect(contracted).toBeGreaterThanOrEqual(Math.floor(rate * before) - 1);
  });
});
