import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilcoxonSignedRank } from '../../src/stylometry/index.js';

describe('wilcoxonSignedRank', () => {
  it('matches a hand computation (the paired example of R’s wilcox.test help page)', () => {
    // Differences x − y: ranks of |d| are 1…9; the two negatives (−0.08, −0.147) hold ranks 2 and 3,
    // so W− = 5 and W+ = 40 (R's V = 40). Sign patterns with W− ≤ 5: sums 0,1,2,3,3,4,4,5,5,5 → 10 of
    // 512, one-sided p = 0.01953, two-sided 0.0390625.
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    const result = wilcoxonSignedRank(x.map((value, i) => value - y[i]!));
    expect(result).toMatchObject({ n: 9, wPlus: 40, wMinus: 5, exact: true });
    expect(result.p).toBeCloseTo(20 / 512, 12);
    expect(result.rankBiserial).toBeCloseTo(35 / 45, 12);
  });

  // Two-sided α = 0.05 critical values of the smaller rank sum (tables of Wilcoxon's T, e.g.
  // Siegel & Castellan 1988, table H): T ≤ critical is significant, T = critical + 1 is not.
  it.each([
    [6, 0],
    [8, 3],
    [10, 8],
    [12, 13],
    [15, 25],
    [20, 52],
  ])('agrees with the tabulated critical value for n = %i (T = %i)', (n, critical) => {
    const withT = (t: number): number => {
      // Negative differences whose ranks sum to t (greedy from the top keeps them distinct), the rest positive.
      const negative = new Set<number>();
      let left = t;
      for (let rank = n; rank >= 1 && left > 0; rank -= 1) {
        if (rank <= left) {
          negative.add(rank);
          left -= rank;
        }
      }
      return wilcoxonSignedRank(Array.from({ length: n }, (_, i) => (negative.has(i + 1) ? -(i + 1) : i + 1))).p;
    };
    expect(withT(critical)).toBeLessThanOrEqual(0.05);
    expect(withT(critical + 1)).toBeGreaterThan(0.05);
  });

  it('drops zeros, ranks ties by their mean and then uses the normal approximation', () => {
    const result = wilcoxonSignedRank([0, 1, 1, -1, 2, 3, 0]);
    // |d| = 1,1,1,2,3: ranks 2,2,2,4,5; W+ = 2 + 2 + 4 + 5 = 13, W− = 2.
    expect(result).toMatchObject({ n: 5, wPlus: 13, wMinus: 2, exact: false });
    // Var = 5·6·11/24 − (27 − 3)/48 = 13.25; z = (13 − 7.5 − 0.5)/√13.25.
    expect(result.z).toBeCloseTo(5 / Math.sqrt(13.25), 10);
    expect(result.p).toBeGreaterThan(0.1);
    expect(wilcoxonSignedRank([0, 0])).toMatchObject({ n: 0, p: 1 });
  });

  it('is symmetric in the sign of the differences and keeps p in (0, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 80 }), (values) => {
        const a = wilcoxonSignedRank(values);
        const b = wilcoxonSignedRank(values.map((v) => -v));
        expect(b.p).toBeCloseTo(a.p, 12);
        expect(b.wPlus).toBe(a.wMinus);
        expect(a.p).toBeGreaterThan(0);
        expect(a.p).toBeLessThanOrEqual(1);
        expect(Math.abs(a.rankBiserial)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('finds a large consistent shift with the normal approximation', () => {
    const result = wilcoxonSignedRank(Array.from({ length: 200 }, (_, i) => 0.1 + (i % 7) / 10));
    expect(result.exact).toBe(false);
    expect(result.p).toBeLessThan(1e-10);
    expect(result.rankBiserial).toBe(1);
  });
});
