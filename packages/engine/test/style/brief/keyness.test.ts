import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { favouredWords, keynessReference, KEYNESS_MIN_COUNT } from '../../../src/style/brief/keyness.js';
import { G2_P_0001, logLikelihood } from '../../../src/style/brief/log-likelihood.js';
import type { StyleModel } from '../../../src/style/types.js';
import { authorModel } from './authors.js';

const count = fc.integer({ min: 0, max: 10_000 });

describe("Dunning's log-likelihood G²", () => {
  it('matches hand-computed tables', () => {
    // [[1, 0], [0, 1]]: every expected count is 1/2, so G² = 2 · 2 · ln 2.
    expect(logLikelihood(1, 0, 0, 1)).toBeCloseTo(4 * Math.log(2), 12);
    // Independent rows (the same proportions) give 0.
    expect(logLikelihood(10, 20, 30, 60)).toBeCloseTo(0, 12);
    expect(logLikelihood(0, 0, 0, 0)).toBe(0);
    // 30 uses in 10,000 words against 10 in 10,000: 2 Σ O ln(O/E) over the four cells.
    const e1 = 20;
    const e2 = 9_980;
    const expected =
      2 *
      (30 * Math.log(30 / e1) + 10 * Math.log(10 / e1) + 9_970 * Math.log(9_970 / e2) + 9_990 * Math.log(9_990 / e2));
    expect(logLikelihood(30, 10, 9_970, 9_990)).toBeCloseTo(expected, 9);
  });

  it('is non-negative and symmetric in rows and columns', () => {
    fc.assert(
      fc.property(count, count, count, count, (a, b, c, d) => {
        const g2 = logLikelihood(a, b, c, d);
        expect(g2).toBeGreaterThanOrEqual(0);
        expect(logLikelihood(c, d, a, b)).toBeCloseTo(g2, 6);
        expect(logLikelihood(b, a, d, c)).toBeCloseTo(g2, 6);
        expect(logLikelihood(a, c, b, d)).toBeCloseTo(g2, 6);
      }),
    );
  });
});

/** A model with just what keyness reads: words, documents, vocabulary, spread and names. */
function modelWith(
  vocabulary: Record<string, number>,
  documentFrequency: Record<string, number>,
  names: string[] = [],
) {
  const base = authorModel('austen-letters');
  return {
    ...base,
    habits: {
      ...base.habits,
      totals: { ...base.habits.totals, words: 10_000, documents: 9 },
      vocabulary,
      voice: { ...base.habits.voice!, documentFrequency, names },
    },
  } as StyleModel;
}

describe('favoured words', () => {
  const reference = { total: 100_000, counts: { upon: 20, indeed: 30, the: 6_000, fancy: 1, rare: 0 } };

  it('names key words spread over the documents, most key first', () => {
    const model = modelWith({ upon: 40, indeed: 25, the: 600 }, { upon: 8, indeed: 5, the: 9 });
    const words = favouredWords(model, reference);
    expect(words.map((one) => one.word)).toEqual(['upon', 'indeed']);
    expect(words[0]).toMatchObject({ count: 40, perThousandWords: 4, referencePerThousandWords: 0.2 });
    expect(words[0]!.logLikelihood).toBeGreaterThan(words[1]!.logLikelihood);
    // "the": as frequent (relatively) as in the reference, however significant a difference might be.
    expect(words.map((one) => one.word)).not.toContain('the');
  });

  it('leaves out topics of a few documents, names, pronouns, rare and barely-more-frequent words', () => {
    const model = modelWith(
      { fancy: 30, cassandra: 40, she: 300, rare: KEYNESS_MIN_COUNT - 1, indeed: 5 },
      { fancy: 2, cassandra: 9, she: 9, rare: 3, indeed: 9 },
      ['cassandra'],
    );
    // indeed: 0.5 per 1,000 against 0.3, under twice as often.
    expect(favouredWords(model, { ...reference, counts: { ...reference.counts, she: 100 } })).toEqual([]);
  });

  it('needs a reference, words in it, and a model that stores the spread', () => {
    const model = modelWith({ upon: 40 }, { upon: 8 });
    expect(favouredWords(model, undefined)).toEqual([]);
    expect(favouredWords(model, { total: 0, counts: {} })).toEqual([]);
    const { voice: _voice, ...habits } = model.habits;
    expect(favouredWords({ ...model, habits }, reference)).toEqual([]);
  });

  it('holds to the significance cut', () => {
    const model = modelWith({ upon: 6 }, { upon: 6 });
    const g2 = logLikelihood(6, 20, 10_000 - 6, 100_000 - 20);
    expect(g2).toBeLessThan(G2_P_0001);
    expect(favouredWords(model, reference)).toEqual([]);
  });

  it('sums other models into a reference', () => {
    const austen = authorModel('austen-letters');
    const twain = authorModel('twain-speeches');
    const reference = keynessReference([austen, twain]);
    expect(reference.total).toBe(austen.habits.totals.words + twain.habits.totals.words);
    expect(reference.counts.the).toBe(austen.habits.vocabulary.the! + twain.habits.vocabulary.the!);
    expect(keynessReference([])).toEqual({ total: 0, counts: {} });
  });
});
