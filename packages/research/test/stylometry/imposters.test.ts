/** The imposters method: scores near 1 for the true candidate, near 0 otherwise; seeded. */
import { describe, expect, it } from 'vitest';
import { impostersScore, verifyCorpus } from '../../src/stylometry/index.js';
import { habitCorpus } from './support.js';

const vector = (values: number[]) => ({ frequencies: values, zScores: values });

describe('impostersScore', () => {
  it('is 1 when the candidate wrote the very text, 0 when an imposter did', () => {
    const unknown = vector([1, 2, 3, 4]);
    const candidate = [vector([1, 2, 3, 4])];
    const impostors = [vector([4, 3, 2, 1]), vector([0, 0, 0, 0]), vector([9, 9, 9, 9])];
    expect(impostersScore(unknown, candidate, impostors).score).toBe(1);
    // Every imposter drawn each round: the identical text is always among them.
    const all = { imposterShare: 1 };
    expect(impostersScore(unknown, impostors.slice(0, 1), [...candidate, ...impostors.slice(1)], all).score).toBe(0);
  });

  it('draws half the features and half the imposters by default, and repeats for a seed', () => {
    const unknown = vector([1, 2, 3, 4, 5, 6]);
    const candidate = [vector([1, 2, 9, 4, 5, 0])];
    const impostors = [vector([1, 2, 3, 0, 0, 0]), vector([0, 0, 3, 4, 5, 6]), vector([1, 0, 3, 0, 5, 0])];
    const result = impostersScore(unknown, candidate, impostors, { seed: 9, iterations: 200 });
    expect(result).toMatchObject({ iterations: 200, features: 3, imposters: 2 });
    expect(result.score).toBeGreaterThan(0);
    expect(result.score).toBeLessThan(1);
    expect(impostersScore(unknown, candidate, impostors, { seed: 9, iterations: 200 })).toEqual(result);
    expect(() => impostersScore(unknown, [], impostors)).toThrow(/at least one candidate/);
    expect(() => impostersScore(unknown, candidate, impostors, { featureShare: 0 })).toThrow(/featureShare/);
  });
});

describe('verifyCorpus', () => {
  it("tests each unknown text against each author, the other authors' texts its imposters", () => {
    const result = verifyCorpus(habitCorpus(), { mostFrequent: 20, iterations: 50 });
    expect(result.authors).toEqual(['alice', 'bob']);
    const [a, b] = result.scores;
    expect(a!.document).toBe('unknown-a.txt');
    expect(a!.scores.alice).toBeGreaterThan(0.9);
    expect(a!.scores.bob).toBeLessThan(0.1);
    expect(b!.scores.bob).toBeGreaterThan(0.9);
    expect(verifyCorpus(habitCorpus(), { mostFrequent: 20, candidates: ['bob'] }).scores[0]!.scores).toEqual({
      bob: expect.any(Number),
    });
    expect(() => verifyCorpus(habitCorpus(), { candidates: ['carol'] })).toThrow(/carol/);
  });
});
