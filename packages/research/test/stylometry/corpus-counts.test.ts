/** Compact counts give deltaReference's reference bit for bit, and the same rows as the profiles. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWordForms, deltaReference, wordProfile } from '@styler-dev/analytics/metrics';
import { CorpusCounts } from '../../src/stylometry/index.js';

/** Profiles over a small vocabulary (so words are shared, tied and culled), some empty, some fractional. */
const profiles = fc.array(
  fc.record({
    counts: fc.dictionary(
      fc.constantFrom('the', 'of', 'and', 'a', 'b', 'zeta', 'Über', 'x'),
      fc.integer({ min: 1, max: 9 }),
    ),
    extra: fc.integer({ min: 0, max: 3 }),
  }),
  { minLength: 2, maxLength: 12 },
);

describe('CorpusCounts', () => {
  it("makes deltaReference's reference: same words in the same order, same μ and σ", () => {
    fc.assert(
      fc.property(
        profiles,
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(0, 20, 50, 100),
        (raw, mostFrequent, culling) => {
          // A stored profile's total may exceed its counts' sum (only its most frequent forms kept).
          const list = raw.map(({ counts, extra }) => ({
            counts,
            total: Object.values(counts).reduce((sum, count) => sum + count, 0) + extra,
          }));
          const counts = new CorpusCounts();
          for (const profile of list) counts.add(profile);
          const expected = deltaReference(list, mostFrequent, { culling });
          const actual = counts.reference(
            list.map((_, i) => i),
            mostFrequent,
            culling,
          );
          expect(actual.words).toEqual(expected.words);
          expect(actual.mean).toEqual(expected.mean);
          expect(actual.std).toEqual(expected.std);
          expect(Array.from(actual.ids, (id) => counts.vocabulary[id])).toEqual(expected.words);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('uses only the documents named, in their order', () => {
    const texts = ['the cat and the hat', 'a dog of the town', 'the end', 'of mice and men'];
    const counts = new CorpusCounts();
    for (const text of texts) counts.add(wordProfile(countWordForms(text)));
    const chosen = [3, 0, 1];
    const expected = deltaReference(
      chosen.map((i) => countWordForms(texts[i]!)),
      5,
    );
    const actual = counts.reference(chosen, 5);
    expect([actual.words, actual.mean, actual.std]).toEqual([expected.words, expected.mean, expected.std]);
  });

  it('gives each document its counts and relative frequencies of chosen words, and keeps fractional counts', () => {
    const counts = new CorpusCounts();
    counts.add({ total: 10, counts: { the: 4, of: 2 } });
    counts.add({ total: 0, counts: {} });
    counts.add({ total: 3, counts: { of: 1.5, and: 1.5 } });
    const ids = counts.reference([0, 2], 3).ids;
    const column = counts.columnsOf(ids);
    const row = new Float64Array(ids.length);
    const words = Array.from(ids, (id) => counts.vocabulary[id]);
    expect(words).toEqual(['of', 'and', 'the']);
    expect(Array.from(counts.countRow(0, column, row))).toEqual([2, 0, 4]);
    expect(Array.from(counts.frequencyRow(1, column, row))).toEqual([0, 0, 0]);
    expect(Array.from(counts.frequencyRow(2, column, row))).toEqual([0.5, 0.5, 0]);
    expect(counts.documents).toBe(3);
    expect(counts.total(2)).toBe(3);
  });

  it('refuses what deltaReference refuses', () => {
    const counts = new CorpusCounts();
    counts.add({ total: 1, counts: { a: 1 } });
    counts.add({ total: 1, counts: { b: 1 } });
    expect(() => counts.reference([0], 5)).toThrow(RangeError);
    expect(() => counts.reference([0, 1], 0)).toThrow(RangeError);
    expect(() => counts.reference([0, 1], 5, 101)).toThrow(RangeError);
  });
});
