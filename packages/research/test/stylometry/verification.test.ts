/** Verification problems by the imposters and calibrated Delta, calibrated on the known texts alone. */
import { countWordForms, wordProfile } from '@styler/analytics/metrics';
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
    // Three known texts per author, each held out once with its author and once with the other.
    expect(result.calibrationProblems).toBe(12);
    expect(result.logistic).toMatchObject({ same: 6, different: 6 });
    expect(result.logistic.slope).toBeLessThan(0);
    // The uncalibrated Delta score: the margins min-max scaled, nearest 1.
    expect(Math.max(...result.problems.map((p) => p.deltaUncalibrated))).toBe(1);
    expect(Math.min(...result.problems.map((p) => p.deltaUncalibrated))).toBe(0);
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

  it('says what is missing to calibrate', () => {
    expect(() => verifyProblems([problems[0]!], { mostFrequent: 10 })).toThrow(/two authors/);
    const single = problems.map((p) => ({ ...p, known: p.known.slice(0, 1), author: p.id }));
    expect(() => verifyProblems(single, { mostFrequent: 10 })).toThrow(/at least two known texts/);
  });
});
