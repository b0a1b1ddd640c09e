/** Verification problems by the imposters and calibrated Delta, calibrated on the known texts alone. */
import { countWordForms, wordProfile } from '@styler-dev/analytics/metrics';
import { describe, expect, it } from 'vitest';
import { verifyProblems, type VerificationProblem, type VerificationText } from '../../src/stylometry/index.js';
import { habitText } from './support.js';

const text = (habit: 'A' | 'B', seed: number): VerificationText => ({
  key: `${habit}${seed}`,
  profile: wordProfile(countWordForms(habitText(habit, seed))),
});

// Alice (habit A) and Bob (habit B), three known texts each over two problems apiece; every
// questioned text is a new one, by the known author or by the other.
const problems: VerificationProblem[] = [
  { id: 'a-same', author: 'alice', known: [text('A', 1), text('A', 2)], unknown: text('A', 11), same: true },
  { id: 'a-other', author: 'alice', known: [text('A', 2), text('A', 3)], unknown: text('B', 12), same: false },
  { id: 'b-same', author: 'bob', known: [text('B', 4), text('B', 5)], unknown: text('B', 13), same: true },
  { id: 'b-other', author: 'bob', known: [text('B', 5), text('B', 6)], unknown: text('A', 14) },
];

describe('verifyProblems', () => {
  it('answers "same author" above 0.5 and "different" below, by both methods', () => {
    const result = verifyProblems(problems, { mostFrequent: 10, iterations: 50 });
    const byId = Object.fromEntries(result.problems.map((p) => [p.id, p]));
    for (const id of ['a-same', 'b-same']) {
      expect(byId[id]!.imposters, id).toBeGreaterThan(0.5);
      expect(byId[id]!.delta, id).toBeGreaterThan(0.5);
      expect(byId[id]!.margin, id).toBeLessThan(0);
    }
    for (const id of ['a-other', 'b-other']) {
      expect(byId[id]!.imposters, id).toBeLessThan(0.5);
      expect(byId[id]!.delta, id).toBeLessThan(0.5);
    }
    expect(byId['b-other']!.same).toBeUndefined();
    // Three known texts per author, each held out once with its author and once with the other, in
    // each of five draws; known sets of two, as the problems'.
    expect(result.calibration).toMatchObject({ problems: 60, same: 30, different: 30, draws: 5 });
    expect(result.calibration.knownSetSizes).toEqual({ 2: 60 });
    expect(result.logistic).toMatchObject({ same: 30, different: 30 });
    expect(result.logistic.slope).toBeLessThan(0);
  });

  it('scores the uncalibrated Delta of each problem alone, whatever the other problems', () => {
    const options = { mostFrequent: 10, iterations: 20 };
    const all = verifyProblems(problems, options).problems;
    const fewer = verifyProblems(problems.slice(0, 3), options).problems;
    for (const [i, p] of fewer.entries()) {
      expect(p.deltaUncalibrated).toBeCloseTo(all[i]!.deltaUncalibrated, 12);
      expect(p.deltaUncalibrated > 0.5).toBe(p.margin < 0);
    }
  });

  it('repeats for a seed', () => {
    const options = { mostFrequent: 10, iterations: 30, seed: 4 };
    expect(verifyProblems(problems, options)).toEqual(verifyProblems(problems, options));
  });

  it('never takes the questioned text itself for an imposter', () => {
    // Bob's questioned text is also one of "alice"'s known texts: were it her imposter text, it would
    // be at distance 0 and win every round it is drawn in (half of them).
    const copied: VerificationProblem[] = [
      { id: 'odd', author: 'alice', known: [text('A', 1), text('B', 7)], unknown: text('A', 2) },
      { id: 'copy', author: 'bob', known: [text('B', 4), text('B', 5)], unknown: text('B', 7) },
    ];
    const result = verifyProblems(copied, { mostFrequent: 10, iterations: 20 });
    expect(result.problems[1]!.impostersUncalibrated).toBe(1);
  });

  it("never takes a problem's own known texts for its imposters, under another author's name too", () => {
    // Bob's problem lists Alice's two known texts among his (mislabelled): as imposters of Alice's
    // problem they would tie with her known texts in every round they are drawn in, and ties lose.
    const mixed: VerificationProblem[] = [
      { id: 'alice', author: 'alice', known: [text('A', 1), text('A', 2), text('A', 3)], unknown: text('A', 11) },
      {
        id: 'bob',
        author: 'bob',
        known: [text('B', 4), text('B', 5), text('A', 1), text('A', 2)],
        unknown: text('B', 13),
      },
      { id: 'bob-2', author: 'bob', known: [text('B', 6), text('B', 7)], unknown: text('B', 14) },
    ];
    const result = verifyProblems(mixed, { mostFrequent: 10, iterations: 40 });
    expect(result.problems[0]!.impostersUncalibrated).toBe(1);
  });

  it('takes unnamed problems that share a known text for one author, and a name for all of them', () => {
    const unnamed: VerificationProblem[] = [
      { id: 'p1', known: [text('A', 1), text('A', 2)], unknown: text('A', 11) },
      { id: 'p2', known: [text('A', 2), text('A', 3)], unknown: text('B', 12) },
      { id: 'p3', known: [text('A', 3), text('A', 4)], unknown: text('A', 15) },
      { id: 'p4', known: [text('B', 4), text('B', 5)], unknown: text('B', 13) },
      { id: 'p5', author: 'bob', known: [text('B', 5), text('B', 6)], unknown: text('A', 14) },
      { id: 'p6', known: [text('B', 8), text('B', 9)], unknown: text('A', 16) },
    ];
    const result = verifyProblems(unnamed, { mostFrequent: 10, iterations: 20 });
    expect(result.problems.map((p) => p.author)).toEqual(['p1', 'p1', 'p1', 'bob', 'bob', 'p6']);
  });

  it('says what is missing to calibrate', () => {
    expect(() => verifyProblems([problems[0]!], { mostFrequent: 10 })).toThrow(/two authors/);
    const single = problems.map((p) => ({ ...p, known: p.known.slice(0, 1), author: p.id }));
    expect(() => verifyProblems(single, { mostFrequent: 10 })).toThrow(/at least two known texts, and another author/);
  });
});
