/** Word and character n-grams, and sampling, as stylo makes them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordFormSequence } from '@styler-dev/analytics/metrics';
import { featureCounts, featureLabel, featureSequence, sampleTexts, sampleWords } from '../../src/stylometry/index.js';

const words = wordFormSequence('This is a simple example.');

describe('features', () => {
  it("makes stylo's examples of word and character 2-grams", () => {
    expect(words).toEqual(['this', 'is', 'a', 'simple', 'example']);
    expect(featureSequence(words, { kind: 'word-ngrams', n: 2 })).toEqual([
      'this is',
      'is a',
      'a simple',
      'simple example',
    ]);
    // stylo's settings: "th", "hi", "is", "s ", " i", "is", "s ", " a", "a ", " s", "si", "im", "mp", …
    expect(featureSequence(words, { kind: 'char-ngrams', n: 2 }).slice(0, 13)).toEqual([
      'th',
      'hi',
      'is',
      's ',
      ' i',
      'is',
      's ',
      ' a',
      'a ',
      ' s',
      'si',
      'im',
      'mp',
    ]);
  });

  it('counts features with their total, single words by default', () => {
    expect(featureCounts(['the', 'of', 'the'])).toEqual({ total: 3, counts: { the: 2, of: 1 } });
    const grams = featureCounts(words, { kind: 'char-ngrams', n: 2 });
    expect(grams.counts.is).toBe(2);
    expect(grams.total).toBe('this is a simple example'.length - 1);
    expect(featureCounts(['one'], { kind: 'word-ngrams', n: 2 })).toEqual({ total: 0, counts: {} });
    expect(featureLabel({ kind: 'char-ngrams', n: 3 })).toBe('character 3-grams');
  });

  it('counts characters as code points, not UTF-16 units', () => {
    expect(featureSequence(['a😀b'], { kind: 'char-ngrams', n: 2 })).toEqual(['a😀', '😀b']);
  });

  it('says what is wrong with a feature setting', () => {
    expect(() => featureSequence(words, { kind: 'word-ngrams', n: 0 })).toThrow(/positive integer/);
    expect(() => featureSequence(words, { kind: 'letters' } as never)).toThrow(/features must be/);
  });

  it('has as many n-grams as positions, never negative (any text)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 4 }), (text, n) => {
        const forms = wordFormSequence(text);
        expect(featureCounts(forms, { kind: 'word-ngrams', n }).total).toBe(Math.max(0, forms.length - n + 1));
      }),
    );
  });
});

describe('sampling', () => {
  const text = Array.from({ length: 25 }, (_, i) => `w${i}`);

  it('cuts consecutive samples and drops the tail, as normal.sampling', () => {
    const cut = sampleWords(text, { size: 10 });
    expect(cut.samples).toEqual([text.slice(0, 10), text.slice(10, 20)]);
    expect(cut.dropped).toBe(5);
    expect(sampleWords(text.slice(0, 9), { size: 10 })).toEqual({ samples: [], dropped: 9 });
  });

  it('draws random samples without replacement, the same for the same seed', () => {
    const a = sampleWords(text, { size: 10, mode: 'random', count: 3, seed: 7 });
    expect(a.samples).toHaveLength(3);
    for (const sample of a.samples) {
      expect(new Set(sample).size).toBe(10);
      for (const word of sample) expect(text).toContain(word);
    }
    expect(sampleWords(text, { size: 10, mode: 'random', count: 3, seed: 7 })).toEqual(a);
    expect(sampleWords(text, { size: 10, mode: 'random', count: 3, seed: 8 })).not.toEqual(a);
  });

  it('consecutive samples are the text in order, less the tail (any length and size)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 50 }), (length, size) => {
        const words = Array.from({ length }, (_, i) => String(i));
        const cut = sampleWords(words, { size });
        expect(cut.samples.flat()).toEqual(words.slice(0, words.length - cut.dropped));
        expect(cut.dropped).toBeLessThan(cut.samples.length > 0 ? size : Math.max(size, length + 1));
      }),
    );
  });

  it('names the samples after their text and lists the texts too short', () => {
    const { samples, tooShort } = sampleTexts(
      [
        { name: 'long', words: text },
        { name: 'short', words: text.slice(0, 3) },
      ],
      { size: 10 },
    );
    expect(samples.map((s) => s.name)).toEqual(['long-1', 'long-2']);
    expect(samples.every((s) => s.source === 'long')).toBe(true);
    expect(tooShort).toEqual(['short']);
    expect(() => sampleWords(text, { size: 0 })).toThrow(/sample size/);
    expect(() => sampleWords(text, { size: 5, mode: 'shuffled' as never })).toThrow(/consecutive or random/);
  });
});
