/** The two calibrations of `styler verify`: the "don't know" band and the logistic regression. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBand,
  calibratedProbability,
  fitLogisticCalibration,
  fitUncertainBand,
  type CalibrationSample,
  type ScoredAnswer,
} from '../../src/stylometry/index.js';

const scored = (same: readonly number[], different: readonly number[]): ScoredAnswer[] => [
  ...same.map((score) => ({ score, same: true })),
  ...different.map((score) => ({ score, same: false })),
];

describe('fitUncertainBand', () => {
  it('leaves unanswered the scores where answering loses c@1', () => {
    // 0.42 (same) sits below 0.44 (different): no threshold answers both; leaving both unanswered
    // gives (3 + 2 · 3/5) / 5 = 0.84 against 4/5 for the best threshold.
    const band = fitUncertainBand(scored([0.9, 0.42], [0.44, 0.1, 0.05]));
    expect(band).toMatchObject({ low: 0.42, high: 0.44 });
    expect(band.cAt1).toBeCloseTo(0.84, 12);
  });

  it('is a bare threshold, centred nearest 0.5, when the scores separate', () => {
    expect(fitUncertainBand(scored([0.9, 0.6], [0.55, 0.1]))).toEqual({ low: 0.56, high: 0.56, cAt1: 1 });
  });
});

describe('applyBand', () => {
  const bands = fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
    .map(([a, b]) => ({ low: Math.min(a, b) / 100, high: Math.max(a, b) / 100 }));
  const score = fc.double({ min: 0, max: 1, noNaN: true });

  it('is never decreasing, stays in [0, 1], answers 0.5 in the band and keeps each side', () => {
    fc.assert(
      fc.property(bands, score, score, (band, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const mapped = applyBand(low, band);
        expect(mapped).toBeGreaterThanOrEqual(0);
        expect(mapped).toBeLessThanOrEqual(1);
        expect(applyBand(high, band)).toBeGreaterThanOrEqual(mapped);
        if (low < band.low) expect(mapped).toBeLessThan(0.5);
        else if (low > band.high) expect(mapped).toBeGreaterThan(0.5);
        else expect(mapped).toBe(0.5);
      }),
    );
  });

  it('answers a score a hair beside the band, where rounding would land on 0.5', () => {
    expect(applyBand(5e-324, { low: 0, high: 0 })).toBeGreaterThan(0.5);
    expect(applyBand(1 - 2 ** -53, { low: 1, high: 1 })).toBeLessThan(0.5);
  });
});

describe('fitLogisticCalibration', () => {
  const samples = fc.array(fc.record({ x: fc.double({ min: -1e3, max: 1e3, noNaN: true }), same: fc.boolean() }), {
    minLength: 2,
    maxLength: 30,
  });
  const both = samples.filter((s) => s.some((p) => p.same) && s.some((p) => !p.same));

  it('gives probabilities in [0, 1] that never rise with the distance, whatever it is fitted on', () => {
    fc.assert(
      fc.property(both, fc.double({ noNaN: true }), fc.double({ noNaN: true }), (fit, a, b) => {
        const model = fitLogisticCalibration(fit);
        expect(model.slope).toBeLessThanOrEqual(0);
        const [near, far] = a <= b ? [a, b] : [b, a];
        const pNear = calibratedProbability(model, near);
        const pFar = calibratedProbability(model, far);
        for (const p of [pNear, pFar]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(pFar).toBeLessThanOrEqual(pNear);
      }),
    );
  });

  it('fits separable pairs with a finite slope, each answer weighing half', () => {
    // Same-author pairs at −1, three times as many different-author ones at +1: balanced, the fit is symmetric.
    const fit: CalibrationSample[] = [{ x: -1, same: true }, ...[1, 1, 1].map((x) => ({ x, same: false }))];
    const model = fitLogisticCalibration(fit);
    expect(Number.isFinite(model.slope)).toBe(true);
    expect(model.slope).toBeLessThan(0);
    expect(calibratedProbability(model, 0)).toBeCloseTo(0.5, 9);
    expect(calibratedProbability(model, -1)).toBeCloseTo(1 - calibratedProbability(model, 1), 9);
    // By symmetry the slope b on the standardised feature (σ of x = √0.75) minimises
    // 4 log(1 + e^b) + 0.75 b² / 2 (both answers weigh 2 in all): 4 σ(b) = −0.75 b, and P(−1) = σ(−b).
    const p = calibratedProbability(model, -1);
    const q = Math.log(p / (1 - p));
    expect(4 / (1 + Math.exp(q))).toBeCloseTo(0.75 * q, 6);
    expect(p).toBeCloseTo(0.7717, 4);
    expect(model).toMatchObject({ same: 1, different: 3 });
  });

  it('holds the slope at 0 (probability ½) when larger distances go with the same author', () => {
    const model = fitLogisticCalibration([
      { x: 2, same: true },
      { x: 0, same: false },
      { x: 0.1, same: false },
    ]);
    expect(model.slope).toBe(0);
    expect(calibratedProbability(model, 5)).toBe(0.5);
  });

  it('needs pairs of both answers and finite features', () => {
    expect(() => fitLogisticCalibration([{ x: 1, same: true }])).toThrow(/both answers/);
    expect(() =>
      fitLogisticCalibration([
        { x: Number.POSITIVE_INFINITY, same: true },
        { x: 1, same: false },
      ]),
    ).toThrow(/finite/);
  });
});
