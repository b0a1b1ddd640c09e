import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ROUGE_TYPES,
  prepareRougeReference,
  rouge,
  rougeAgainstReferences,
  scoreMulti,
} from '../../../src/metrics/rouge/index.js';
import type { RougeReference } from '../../../src/metrics/ground-truth-types.js';

/** Text with several lines and arbitrary graphemes, some of them ASCII words. */
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('the', 'cat', 'sat', '\n', ' ', 'Cats.')), {
    maxLength: 30,
  })
  .map((parts) => parts.join(' '));

/** Text with at least one token. */
const wordyText = fc
  .array(fc.constantFrom('the', 'cat', 'sat', 'on', 'mat', 'running', 'runs', '\n', ',', 'The'), {
    minLength: 1,
    maxLength: 40,
  })
  .map((parts) => `${parts.join(' ')} dog`);

function expectUnitInterval(value: number): void {
  expect(Number.isFinite(value)).toBe(true);
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(1);
}

describe('rouge()', () => {
  it('names the bad argument in a TypeError', () => {
    expect(() => rouge(1 as unknown as string, 'x')).toThrow(new TypeError('target must be a string, got number'));
    expect(() => rouge('x', null as unknown as string)).toThrow(/^prediction must be a string/);
    expect(() => rouge('x', 'y', { useStemmer: 'yes' as unknown as boolean })).toThrow(/options\.useStemmer/);
    expect(() => rouge('x', 'y', 5 as unknown as object)).toThrow(TypeError);
  });

  it('never throws on arbitrary Unicode and keeps every score in [0, 1]', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.boolean(), (target, prediction, useStemmer) => {
        const scores = rouge(target, prediction, { useStemmer });
        for (const type of ROUGE_TYPES) {
          expectUnitInterval(scores[type].precision);
          expectUnitInterval(scores[type].recall);
          expectUnitInterval(scores[type].fmeasure);
        }
      }),
    );
  });

  it('scores identical texts with tokens 1 on rouge1, rougeL and rougeLsum', () => {
    fc.assert(
      fc.property(wordyText, fc.boolean(), (text, useStemmer) => {
        const scores = rouge(text, text, { useStemmer });
        for (const type of ['rouge1', 'rougeL', 'rougeLsum'] as const) {
          expect(scores[type]).toEqual({ precision: 1, recall: 1, fmeasure: 1 });
        }
      }),
    );
  });

  it('swaps precision and recall when target and prediction swap (rouge1, rouge2, rougeL)', () => {
    fc.assert(
      fc.property(wordyText, wordyText, (a, b) => {
        const forward = rouge(a, b);
        const backward = rouge(b, a);
        for (const type of ['rouge1', 'rouge2', 'rougeL'] as const) {
          expect(backward[type].precision).toBe(forward[type].recall);
          expect(backward[type].recall).toBe(forward[type].precision);
        }
      }),
    );
  });

  it('gives zeros when either side has no tokens', () => {
    const scores = rouge('日本語のみ', 'some words');
    for (const type of ROUGE_TYPES) expect(scores[type]).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });
});

describe('scoreMulti()', () => {
  it('keeps the first target on ties and reports which target won', () => {
    const result = scoreMulti(['a b', 'a b c d e f x y'], 'a b c d');
    expect(result.rouge1.precision).toBe(0.5);
    expect(result.chosenTargetIndex.rouge1).toBe(0);
    const swapped = scoreMulti(['a b c d e f x y', 'a b'], 'a b c d');
    expect(swapped.rouge1.precision).toBe(1);
    expect(swapped.chosenTargetIndex.rouge1).toBe(0);
  });

  it('gives zeros and index -1 for no targets, and validates its arguments', () => {
    const result = scoreMulti([], 'text');
    expect(result.rougeL).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    expect(result.chosenTargetIndex.rougeL).toBe(-1);
    expect(() => scoreMulti(['ok', 3 as unknown as string], 'x')).toThrow(/targets\[1\]/);
    expect(() => scoreMulti('ok' as unknown as string[], 'x')).toThrow(/^targets must be an array/);
  });
});

describe('prepareRougeReference() and rougeAgainstReferences()', () => {
  it('stores stemmed rouge-score tokens as plain JSON', () => {
    const reference = prepareRougeReference('The cats were running, happily.');
    expect(reference).toEqual({ tokens: ['the', 'cat', 'were', 'run', 'happili'] });
    expect(JSON.parse(JSON.stringify(reference))).toEqual(reference);
    expect(() => prepareRougeReference(undefined as unknown as string)).toThrow(/^text must be a string/);
  });

  it('gives zeros for an empty reference list', () => {
    const scores = rougeAgainstReferences('any text', []);
    for (const type of ['rouge1', 'rouge2', 'rougeL'] as const) {
      expect(scores[type]).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    }
  });

  it('keeps, per type, the highest-F reference and the first one on ties', () => {
    const short = prepareRougeReference('a b');
    const long = prepareRougeReference('a b c d e f x y');
    expect(rougeAgainstReferences('a b c d', [short, long]).rouge1.precision).toBe(0.5);
    expect(rougeAgainstReferences('a b c d', [long, short]).rouge1.precision).toBe(1);
  });

  it('equals scoreMulti with stemming on, for any texts', () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 5 }), anyText, (targets, prediction) => {
        const references: RougeReference[] = targets.map(prepareRougeReference);
        const prepared = rougeAgainstReferences(prediction, references);
        const direct = scoreMulti(targets, prediction, { useStemmer: true });
        for (const type of ['rouge1', 'rouge2', 'rougeL'] as const) expect(prepared[type]).toEqual(direct[type]);
      }),
    );
  });

  it('rejects references without a token array, naming the bad one', () => {
    expect(() => rougeAgainstReferences('x', [{ tokens: ['x'] }, {} as RougeReference])).toThrow(
      /references\[1\]\.tokens/,
    );
    expect(() => rougeAgainstReferences('x', null as unknown as RougeReference[])).toThrow(/^references must be/);
  });
});
