/** PAN's verification metrics against values worked out by hand, and their edge cases. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brierLoss,
  cAt1,
  f05u,
  reliabilityBins,
  rocAuc,
  verificationMetrics,
  wilsonInterval,
  type ScoredAnswer,
} from '../../src/stylometry/index.js';

const scored = (same: readonly number[], different: readonly number[]): ScoredAnswer[] => [
  ...same.map((score) => ({ score, same: true })),
  ...different.map((score) => ({ score, same: false })),
];

// Same author 0.9, 0.5, 0.5; different 0.5, 0.2: three non-answers.
const withNonAnswers = scored([0.9, 0.5, 0.5], [0.5, 0.2]);
// Same author 0.8, 0.3 (a false negative); different 0.7 (a false positive), 0.1.
const withErrors = scored([0.8, 0.3], [0.7, 0.1]);

describe('rocAuc', () => {
  it('counts a tie between a same-author and a different-author score as one half', () => {
    // Pairs (same, different): 0.9 beats both, each 0.5 ties 0.5 and beats 0.2: (2 + 1.5 + 1.5) / 6.
    expect(rocAuc(withNonAnswers)).toBeCloseTo(5 / 6, 12);
    // 0.3 loses to 0.7, every other pair is ordered rightly.
    expect(rocAuc(withErrors)).toBeCloseTo(3 / 4, 12);
    expect(rocAuc(scored([0.5], [0.5]))).toBe(0.5);
    expect(rocAuc(scored([0.1], [0.9]))).toBe(0);
  });

  it('is undefined (null) when every problem has the same answer', () => {
    expect(rocAuc(scored([0.2, 0.8], []))).toBeNull();
    expect(verificationMetrics(scored([], [0.2])).overall).toBeNull();
  });
});

describe('cAt1', () => {
  it('gives each non-answer (exactly 0.5) the accuracy of the answered problems', () => {
    // 2 correct of 5, 3 unanswered: (2 + 3 · 2/5) / 5.
    expect(cAt1(withNonAnswers)).toBeCloseTo(0.64, 12);
    expect(cAt1(withErrors)).toBeCloseTo(0.5, 12);
    expect(cAt1(scored([0.5, 0.5], [0.5]))).toBe(0);
    expect(cAt1(scored([0.51], [0.49]))).toBe(1);
  });
});

describe('f05u', () => {
  it('counts non-answers as false negatives', () => {
    // tp 1, fp 0, fn 0, unanswered 3: 1.25 / (1.25 + 0.25 · 3).
    expect(f05u(withNonAnswers)).toBeCloseTo(0.625, 12);
    // tp 1, fp 1, fn 1: 1.25 / (1.25 + 0.25 + 1).
    expect(f05u(withErrors)).toBeCloseTo(0.5, 12);
  });

  it('is 0 when nothing is answered "same author" rightly, even with nothing to count', () => {
    expect(f05u(scored([0.5], [0.5]))).toBe(0);
    expect(f05u(scored([], [0.1, 0.2]))).toBe(0);
  });
});

describe('brier', () => {
  it('is the mean squared error; PAN reports its complement', () => {
    // (0.1² + 3 · 0.5² + 0.2²) / 5 = 0.8 / 5.
    expect(brierLoss(withNonAnswers)).toBeCloseTo(0.16, 12);
    const metrics = verificationMetrics(withNonAnswers);
    expect(metrics.brier).toBeCloseTo(0.84, 12);
    expect(metrics).toMatchObject({ problems: 5, unanswered: 3 });
    expect(metrics.overall).toBeCloseTo((5 / 6 + 0.64 + 0.625 + 0.84) / 4, 12);
    expect(brierLoss(scored([1], [0]))).toBe(0);
  });
});

describe('the metrics refuse what PAN would not score', () => {
  it('throws on no problem and on scores outside [0, 1]', () => {
    expect(() => cAt1([])).toThrow(RangeError);
    expect(() => rocAuc(scored([1.2], [0]))).toThrow(/\[0, 1\]/);
    expect(() => brierLoss(scored([Number.NaN], [0]))).toThrow(RangeError);
  });
});

describe('reliabilityBins', () => {
  it('bins the scores into equal widths, 1 in the last bin, empty bins left out', () => {
    const bins = reliabilityBins(scored([0.05, 0.95, 1], [0.15, 0.95]), 10);
    expect(bins.map((b) => [b.low, b.problems])).toEqual([
      [0, 1],
      [0.1, 1],
      [0.9, 3],
    ]);
    expect(bins[2]!.meanScore).toBeCloseTo((0.95 + 1 + 0.95) / 3, 12);
    expect(bins[2]!.observed).toBeCloseTo(2 / 3, 12);
    expect(() => reliabilityBins(withErrors, 0)).toThrow(/bins/);
    // Each share with its 95 % Wilson interval: 2 of 3 is 0.208–0.939.
    expect(bins[2]!.observedLow).toBeCloseTo(0.2077, 4);
    expect(bins[2]!.observedHigh).toBeCloseTo(0.9385, 4);
  });
});

describe('wilsonInterval', () => {
  it('holds the share, stays in [0, 1] and narrows as the trials grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const successes = Math.round(share * n);
        const { low, high } = wilsonInterval(successes, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(successes / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(successes / n - 1e-12);
        const wider = wilsonInterval(successes, n);
        const narrower = wilsonInterval(successes * 4, n * 4);
        expect(narrower.high - narrower.low).toBeLessThan(wider.high - wider.low);
      }),
    );
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 10).high).toBeGreaterThan(0.2);
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});
