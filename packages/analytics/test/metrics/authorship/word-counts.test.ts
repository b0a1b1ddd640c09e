/** Word forms: every letter run (inner apostrophes kept) lower-cased, in text order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWordForms, wordFormSequence } from '../../../src/metrics/authorship/word-counts.js';

/** The definition, match by match. */
const forms = (text: string): string[] =>
  [...text.matchAll(/\p{L}+(?:['’]\p{L}+)*/gu)].map((match) => match[0].toLowerCase().replace(/’/g, "'"));

// Letters of several scripts (a dotted capital I and a final sigma among them), apostrophes, digits and spaces.
const text = fc
  .array(fc.constantFrom('a', 'Z', 'é', 'İ', 'Σ', 'ς', 'ß', 'Ж', '語', "'", '’', ' ', '-', '3', '\n', '.'), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

describe('wordFormSequence', () => {
  it('gives each letter run lower-cased, a typographic apostrophe made straight, in text order', () => {
    expect(wordFormSequence("Don’t, said the AUTHOR's 3 dogs: don't!")).toEqual([
      "don't",
      'said',
      'the',
      "author's",
      'dogs',
      "don't",
    ]);
    expect(wordFormSequence('42 — ...')).toEqual([]);
  });

  it('is the definition match by match, on any mix of scripts and marks', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'grapheme' })), (t) => {
        expect(wordFormSequence(t)).toEqual(forms(t));
      }),
    );
  });

  it('counts what it lists', () => {
    fc.assert(
      fc.property(text, (t) => {
        const counts: Record<string, number> = {};
        for (const form of forms(t)) counts[form] = (counts[form] ?? 0) + 1;
        expect({ ...countWordForms(t) }).toEqual(counts);
      }),
    );
  });
});
