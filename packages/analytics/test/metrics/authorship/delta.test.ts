import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  attribute,
  countWordForms,
  deltaReference,
  deltaZScores,
  styleDistance,
} from '../../../src/metrics/authorship/index.js';
import { createAnalyticsPool } from '../../../src/pool/index.js';
import { buildGroundTruth } from '../../../src/quality/index.js';

describe('Delta against a hand computation', () => {
  // Three profiles of two words: shares a = b = 1.5, so the words are a, b (alphabetical tie).
  // μ = 0.5 for both; σ = sqrt((0² + 0.25² + 0.25²) / 3) = 0.204124…
  const reference = deltaReference(
    [
      { a: 2, b: 2 },
      { a: 3, b: 1 },
      { a: 1, b: 3 },
    ],
    2,
  );

  it('takes the words, means and population standard deviations of the profiles', () => {
    expect(reference.words).toEqual(['a', 'b']);
    expect(reference.mean).toEqual([0.5, 0.5]);
    expect(reference.std[0]).toBeCloseTo(Math.sqrt(0.125 / 3), 12);
  });

  it('gives Burrows and Cosine Delta of the worked example', () => {
    // z(a:3,b:1) = (1.2247, −1.2247), z(a:1,b:3) = (−1.2247, 1.2247).
    expect(deltaZScores({ a: 3, b: 1 }, reference)[0]).toBeCloseTo(0.25 / Math.sqrt(0.125 / 3), 12);
    expect(styleDistance({ a: 3, b: 1 }, { a: 1, b: 3 }, reference)).toBeCloseTo(Math.sqrt(6), 12);
    expect(styleDistance({ a: 3, b: 1 }, { a: 1, b: 3 }, reference, 'cosine')).toBeCloseTo(2, 12);
    expect(styleDistance({ a: 3, b: 1 }, { a: 6, b: 2 }, reference, 'cosine')).toBeCloseTo(0, 12);
  });

  it('counts word forms in lower case, apostrophes inside a form, no digits', () => {
    expect(countWordForms("The author's book — the Author’s 2 books; don't!")).toEqual({
      the: 2,
      "author's": 2,
      book: 1,
      books: 1,
      "don't": 1,
    });
  });

  it('says what is wrong with its arguments', () => {
    expect(() => deltaReference([{ a: 1 }])).toThrow(RangeError);
    expect(() => deltaReference([{ a: 1 }, { b: 1 }], 0)).toThrow(/mostFrequent/);
    expect(() => styleDistance('a', 'b', reference, 'manhattan' as never)).toThrow(/method/);
  });
});

describe('Delta properties', () => {
  const counts = fc.dictionary(fc.constantFrom('the', 'of', 'and', 'upon', 'while', 'which', 'that'), fc.nat(20));
  const references = fc.array(counts, { minLength: 2, maxLength: 6 }).map((profiles) => deltaReference(profiles, 5));

  it('is zero from a text to itself, symmetric and never negative, for both methods', () => {
    fc.assert(
      fc.property(
        references,
        counts,
        counts,
        fc.constantFrom('burrows', 'cosine' as const),
        (reference, a, b, method) => {
          expect(styleDistance(a, a, reference, method)).toBeCloseTo(0, 9);
          expect(styleDistance(a, b, reference, method)).toBeCloseTo(styleDistance(b, a, reference, method), 12);
          expect(styleDistance(a, b, reference, method)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('attribute', () => {
  const formal = [
    'Upon reflection, whilst the committee deliberated, we waited amongst the papers upon the table.',
    'Whilst it rained upon the hills, the men amongst us kept watch upon the road.',
    'Upon the whole, whilst we differ, amongst friends the matter rests upon trust.',
  ];
  const plain = [
    'On reflection, while the committee talked, we waited among the papers on the table.',
    'While it rained on the hills, the men among us kept watch on the road.',
    'On the whole, while we differ, among friends the matter rests on trust.',
  ];
  const candidates = { formal: buildGroundTruth(formal), plain: buildGroundTruth(plain) };
  const pool = createAnalyticsPool({ threads: 1 });
  afterAll(() => pool.close());

  it('names the nearest author with every distance, on the main thread and on the pool alike', async () => {
    const text = 'Whilst the lamps burned, we sat upon the steps amongst the crowd, upon my word.';
    const result = attribute(text, candidates);
    expect(result.author).toBe('formal');
    expect(result.distances.formal).toBeLessThan(result.distances.plain!);
    expect(attribute('While the lamps burned, we sat on the steps among the crowd.', candidates).author).toBe('plain');
    expect(await pool.attribute(text, candidates)).toEqual(result);
  });

  it('keeps what it needs in the ground truth, and says so for one built before', () => {
    expect(candidates.formal.wordForms?.counts.upon).toBe(6);
    const { wordForms: _dropped, ...old } = candidates.formal;
    expect(() => attribute('text', { old, plain: candidates.plain })).toThrow(/rebuild it with buildGroundTruth/);
    expect(() => attribute('text', { formal: candidates.formal })).toThrow(RangeError);
  });
});

describe('styleDistance with something else than a reference', () => {
  it('says what a reference is and how to make one', () => {
    expect(() => styleDistance('a', 'b', {} as never)).toThrow(TypeError);
    expect(() => styleDistance('a', 'b', {} as never)).toThrow(/deltaReference\(profiles\)/);
    expect(() => styleDistance('a', 'b', { words: ['a'], mean: [0], std: [] })).toThrow(/of one length/);
  });
});
