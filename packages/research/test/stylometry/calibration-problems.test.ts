/** Calibration problems built like the problems scored: sizes, draws, answers, never the questioned text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrationProblems, knownSetSizes, seededRandom } from '../../src/stylometry/index.js';

const authors = new Map([
  ['ann', ['a1', 'a2', 'a3', 'a4', 'a5']],
  ['bea', ['b1', 'b2', 'b3']],
  ['cy', ['c1']],
]);

describe('calibrationProblems', () => {
  it('holds out each text of an author with two or more, once with its author and once with another', () => {
    const built = calibrationProblems({ authors, sizes: [3], draws: 2, random: seededRandom(1) });
    // Eight texts of authors with two or more, two draws, two problems each.
    expect(built).toHaveLength(32);
    expect(built.filter((p) => p.same)).toHaveLength(16);
    for (const p of built) {
      expect(p.known).not.toContain(p.unknown);
      expect(new Set(p.known).size).toBe(p.known.length);
      const own = [...authors].find(([, texts]) => texts.includes(p.unknown))![0];
      expect(p.same).toBe(p.author === own);
      for (const key of p.known) expect(authors.get(p.author)).toContain(key);
    }
    // Known sets of three where the texts allow it: bea has two besides the held-out, cy one.
    expect(built.filter((p) => p.same && p.author === 'ann').every((p) => p.known.length === 3)).toBe(true);
    expect(built.filter((p) => p.same && p.author === 'bea').every((p) => p.known.length === 2)).toBe(true);
  });

  it('draws the sizes in the problems’ proportions and repeats for a seed', () => {
    const plan = { authors, sizes: [1, 1, 1, 4], draws: 50 };
    const built = calibrationProblems({ ...plan, random: seededRandom(7) });
    expect(calibrationProblems({ ...plan, random: seededRandom(7) })).toEqual(built);
    const sizes = knownSetSizes(built.filter((p) => p.author === 'ann' && p.same));
    expect(Object.keys(sizes).sort()).toEqual(['1', '4']);
    expect(sizes[1]! / (sizes[1]! + sizes[4]!)).toBeCloseTo(0.75, 1);
  });

  it('never puts the questioned text in a known set, whatever the seed and sizes', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
        (seed, sizes) => {
          for (const p of calibrationProblems({ authors, sizes, draws: 1, random: seededRandom(seed) })) {
            expect(p.known.length).toBeGreaterThan(0);
            expect(p.known).not.toContain(p.unknown);
          }
        },
      ),
    );
  });

  it('refuses sizes or draws that are not positive integers', () => {
    expect(() => calibrationProblems({ authors, sizes: [], draws: 1, random: seededRandom(1) })).toThrow(/sizes/);
    expect(() => calibrationProblems({ authors, sizes: [0], draws: 1, random: seededRandom(1) })).toThrow(/sizes/);
    expect(() => calibrationProblems({ authors, sizes: [2], draws: 0, random: seededRandom(1) })).toThrow(/draws/);
  });
});
