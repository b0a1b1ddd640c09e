/** Craig's Zeta against a hand computation. */
import { describe, expect, it } from 'vitest';
import { craigZeta, zetaScore } from '../../src/stylometry/index.js';

const text = (name: string, body: string) => ({ name, words: body.split(' ') });

describe('craigZeta', () => {
  // Slices of 4 words. Primary: 3 slices, "upon" in all 3, "while" in 1; secondary: 2 slices,
  // "whilst" in both, "while" in 1, "upon" in none. "the" is everywhere.
  const primary = [text('h1', 'the upon x1 x2 the upon while x3 dropped'), text('h2', 'the upon x4 x5')];
  const secondary = [text('m1', 'the whilst y1 y2 the whilst while y3')];
  const result = craigZeta(primary, secondary, { sliceLength: 4, rareThreshold: 1, filter: 0.1 });

  it('cuts each text into whole slices', () => {
    expect(result.slices).toEqual({ primary: 3, secondary: 2 });
  });

  it('scores each word by the shares of slices that use it', () => {
    const upon = result.words.find((w) => w.word === 'upon')!;
    expect(upon).toEqual({ word: 'upon', primaryShare: 1, secondaryShare: 0, zeta: 2, score: 1 });
    const whilst = result.words.find((w) => w.word === 'whilst')!;
    expect(whilst).toMatchObject({ primaryShare: 0, secondaryShare: 1, zeta: 0, score: -1 });
    const while_ = result.words.find((w) => w.word === 'while')!;
    // 1/3 of primary slices, 1/2 of secondary: Craig 1/3 + 1/2, stylo −1/6.
    expect(while_.zeta).toBeCloseTo(1 / 3 + 0.5, 12);
    expect(while_.score).toBeCloseTo(-1 / 6, 12);
    const the = result.words.find((w) => w.word === 'the')!;
    expect(the.score).toBe(0);
    // Words used once (x1, y1, …) fall under the rare threshold.
    expect(result.words.map((w) => w.word).sort()).toEqual(['the', 'upon', 'while', 'whilst']);
  });

  it('keeps the words past the filter: preferred most primary first, avoided most secondary first', () => {
    expect(result.preferred.map((w) => w.word)).toEqual(['upon']);
    expect(result.avoided.map((w) => w.word)).toEqual(['whilst', 'while']);
    expect(
      craigZeta(primary, secondary, { sliceLength: 4, rareThreshold: 1, filter: 0.2 }).avoided.map((w) => w.word),
    ).toEqual(['whilst']);
  });

  it("places each slice by the shares of marker words it uses, test texts too (Craig's plot)", () => {
    const withTest = craigZeta(primary, secondary, { sliceLength: 4, rareThreshold: 1 }, [text('q', 'upon the a b')]);
    const test = withTest.markers.filter((m) => m.group === 'test');
    expect(test).toEqual([{ text: 'q', slice: 1, group: 'test', preferred: 1, avoided: 0 }]);
    const second = withTest.markers.find((m) => m.group === 'secondary' && m.slice === 2)!;
    expect(second).toMatchObject({ text: 'm1', preferred: 0, avoided: 1 });
  });

  it('says when a group has no text as long as a slice', () => {
    expect(() => craigZeta(primary, secondary, { sliceLength: 100 })).toThrow(/shorter slice length/);
    expect(() => craigZeta(primary, secondary, { filter: 1 })).toThrow(/filter/);
  });
});

describe("stylo's other Zeta methods", () => {
  // The slices above: upon 3/3 against 0/2, whilst 0/3 against 2/2, while 1/3 against 1/2, the everywhere.
  const primary = [text('h1', 'the upon x1 x2 the upon while x3 dropped'), text('h2', 'the upon x4 x5')];
  const secondary = [text('m1', 'the whilst y1 y2 the whilst while y3')];
  const options = { sliceLength: 4, rareThreshold: 1, filter: 0.1 };

  it("Eder's Zeta: (p_A − p_B)/(p_A + p_B), the words of one group only left out", () => {
    const result = craigZeta(primary, secondary, { ...options, method: 'eder' });
    expect(result.method).toBe('eder');
    expect(result.words.map((w) => w.word)).toEqual(['the', 'while']);
    expect(result.words[1]!.score).toBeCloseTo(-1 / 6 / (5 / 6), 12);
    expect(result.preferred).toEqual([]);
    expect(result.avoided.map((w) => w.word)).toEqual(['while']);
  });

  it('chi-square: the 2 × 2 table of slices with and without each word, kept at p < 0.05', () => {
    const result = craigZeta(primary, secondary, { ...options, method: 'chisquare' });
    const upon = result.words.find((w) => w.word === 'upon')!;
    // N (ad − bc)² / margins = 5 · 6² / (3 · 2 · 3 · 2) = 5; P(χ²₁ > 5) = 0.025347.
    expect(upon.score).toBeCloseTo(5, 12);
    expect(upon.p).toBeCloseTo(0.025347, 6);
    const while_ = result.words.find((w) => w.word === 'while')!;
    expect(while_.score).toBeCloseTo(-5 / 36, 12);
    expect(while_.p).toBeGreaterThan(0.05);
    expect(result.words.find((w) => w.word === 'the')).toMatchObject({ score: 0, p: 1 });
    expect(result.preferred.map((w) => w.word)).toEqual(['upon']);
    expect(result.avoided.map((w) => w.word)).toEqual(['whilst']);
    expect(zetaScore('chisquare', 3, 3, 0, 2)).toEqual(zetaScore('chisquare', 3, 3, 0, 2));
  });
});
