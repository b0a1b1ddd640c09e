/**
 * The "don't know" band of an uncalibrated verification score, in the manner of stylo's
 * imposters.optimize(): on problems whose answers are known, find the interval [low, high] of scores
 * to leave unanswered that maximises c@1 (Peñas & Rodrigo 2011). Scores below `low` answer
 * "different author", above `high` "same author".
 *
 * The search is exhaustive over a grid (both ends multiples of `step`, 0.01 by default, low ≤ high;
 * the band holds its ends). Among bands of equal c@1 the narrowest wins, then the one centred nearest
 * 0.5. Applying the band maps a score piecewise linearly onto PAN's answer scale: [0, low) onto
 * [0, 0.5), the band onto exactly 0.5, (high, 1] onto (0.5, 1]: never decreasing, within [0, 1], the
 * order of the answered scores kept (so AUC changes only by the ties the band makes).
 */
import { cAt1, type ScoredAnswer } from './verification-metrics.js';

/** A fitted band: scores within [low, high] are unanswered; its c@1 on the problems it was fitted on. */
export interface UncertainBand {
  low: number;
  high: number;
  cAt1: number;
}

/** The doubles next to 0.5. */
const JUST_BELOW_HALF = 0.5 - 2 ** -54;
const JUST_ABOVE_HALF = 0.5 + 2 ** -53;

/** The score on PAN's answer scale once the band is applied (0.5: no answer). */
export function applyBand(score: number, band: Pick<UncertainBand, 'low' | 'high'>): number {
  if (!(score >= 0 && score <= 1)) throw new RangeError(`score must be in [0, 1], got ${score}`);
  // The clamps keep each side strictly off 0.5 where rounding would land a score just beside the
  // band on "don't know" (0.5 + 0.5 · 5e-324 is 0.5 in doubles).
  if (score < band.low) return Math.min((0.5 * score) / band.low, JUST_BELOW_HALF);
  if (score > band.high) return Math.max(0.5 + (0.5 * (score - band.high)) / (1 - band.high), JUST_ABOVE_HALF);
  return 0.5;
}

/** The band maximising c@1 on the scored problems (scores in [0, 1]). */
export function fitUncertainBand(scored: readonly ScoredAnswer[], step = 0.01): UncertainBand {
  if (scored.length === 0) throw new RangeError('scored must hold at least one problem');
  if (!(step > 0 && step <= 1)) throw new RangeError('step must be above 0 and at most 1');
  const points = Math.round(1 / step);
  let best: UncertainBand | undefined;
  for (let i = 0; i <= points; i += 1) {
    for (let j = i; j <= points; j += 1) {
      const band = { low: i / points, high: j / points };
      const c = cAt1(scored.map((p) => ({ score: applyBand(p.score, band), same: p.same })));
      if (best === undefined || better(c, band, best)) best = { ...band, cAt1: c };
    }
  }
  return best!;
}

function better(c: number, band: { low: number; high: number }, best: UncertainBand): boolean {
  if (Math.abs(c - best.cAt1) > 1e-12) return c > best.cAt1;
  const width = band.high - band.low;
  const bestWidth = best.high - best.low;
  if (Math.abs(width - bestWidth) > 1e-12) return width < bestWidth;
  return Math.abs(band.low + band.high - 1) < Math.abs(best.low + best.high - 1);
}
