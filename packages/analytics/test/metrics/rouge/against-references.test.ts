import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RougeReference } from '../../../src/metrics/ground-truth-types.js';
import {
  prepareRougeReference,
  rougeAgainstReferences,
  rougeAgainstReferencesMany,
  scoreManyAgainstIndex,
} from '../../../src/metrics/rouge/against-references.js';
import type { BestLcsOptions } from '../../../src/metrics/rouge/best-lcs.js';
import { scoreMulti } from '../../../src/metrics/rouge/index.js';
import { buildReferenceIndex } from '../../../src/metrics/rouge/reference-index.js';
import { tokenizeRouge } from '../../../src/metrics/rouge/tokenize.js';

const NL_TYPES = ['rouge1', 'rouge2', 'rougeL'] as const;

/**
 * Tokens over a tiny vocabulary, so that references tie often (same F-measure, even the same text).
 * One- to three-letter lower-case tokens pass rouge-score's tokenizer and stemmer unchanged.
 */
const tinyText = (maxLength: number) => fc.array(fc.constantFrom('a', 'b', 'c', 'ab'), { maxLength });

/** References drawn partly from a small pool, so exact duplicates (full ties) are common. */
const corpus = fc
  .tuple(fc.array(tinyText(12), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 12 }))
  .chain(([pool, picks]) =>
    fc.tuple(fc.constant(picks.map((pick) => pool[pick % pool.length]!)), fc.array(tinyText(12), { maxLength: 6 })),
  )
  .map(([fromPool, fresh]) => [...fromPool, ...fresh]);

const VARIANTS: Record<string, BestLcsOptions> = {
  'pruned, SIMD': {},
  'pruned, JavaScript': { engine: 'js' },
  'exhaustive, SIMD': { prune: false },
  'exhaustive, JavaScript': { prune: false, engine: 'js' },
};

describe('multi-reference scoring: fast paths against the exhaustive computation', () => {
  it('every engine and pruning choice gives the exhaustive scores and winners, ties included', () => {
    fc.assert(
      fc.property(corpus, fc.array(tinyText(14), { minLength: 1, maxLength: 3 }), (docs, predictions) => {
        const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
        const exhaustive = scoreManyAgainstIndex(predictions, index, VARIANTS['exhaustive, JavaScript']);
        for (const options of Object.values(VARIANTS)) {
          expect(scoreManyAgainstIndex(predictions, index, options)).toEqual(exhaustive);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("agrees with scoreMulti (rouge-score's score_multi) on values and on the chosen reference", () => {
    fc.assert(
      fc.property(corpus, fc.array(tinyText(14), { minLength: 1, maxLength: 3 }), (docs, predictions) => {
        const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
        const fast = scoreManyAgainstIndex(predictions, index);
        predictions.forEach((prediction, p) => {
          const direct = scoreMulti(
            docs.map((tokens) => tokens.join(' ')),
            prediction.join(' '),
            { useStemmer: true },
          );
          for (const type of NL_TYPES) {
            expect(fast[p]!.scores[type]).toEqual(direct[type]);
            expect(fast[p]!.chosenReferenceIndex[type]).toBe(direct.chosenTargetIndex[type]);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('stays exact on longer texts that span several 64-bit words', () => {
    const longText = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 60, maxLength: 300 });
    fc.assert(
      fc.property(
        fc.array(longText, { minLength: 1, maxLength: 8 }),
        fc.array(longText, { minLength: 1, maxLength: 3 }),
        (docs, predictions) => {
          const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
          const exhaustive = scoreManyAgainstIndex(predictions, index, VARIANTS['exhaustive, JavaScript']);
          expect(scoreManyAgainstIndex(predictions, index)).toEqual(exhaustive);
          expect(scoreManyAgainstIndex(predictions, index, { engine: 'js' })).toEqual(exhaustive);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('computes only the LCS passes that can still change the rougeL winner', () => {
    const words = (seed: number, count: number): string[] =>
      Array.from({ length: count }, (_, i) => `w${(Math.imul(i + seed * 7919, 2654435761) >>> 0) % 400}`);
    const docs = Array.from({ length: 30 }, (_, d) => words(d, 200));
    // A near copy of reference 17: its rougeL F is far above every other reference's unigram bound.
    const prediction = [...docs[17]!.slice(0, 190), ...words(99, 10)];
    const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
    const pruned = { lcsPasses: 0 };
    const exhaustive = { lcsPasses: 0 };
    const fast = scoreManyAgainstIndex([prediction], index, { stats: pruned });
    const full = scoreManyAgainstIndex([prediction], index, { prune: false, stats: exhaustive });
    expect(fast).toEqual(full);
    expect(fast[0]!.chosenReferenceIndex.rougeL).toBe(17);
    expect(pruned.lcsPasses).toBe(1);
    expect(exhaustive.lcsPasses).toBe(30);
  });
});

describe('rougeAgainstReferencesMany()', () => {
  const texts = ['The cats were running home.', 'A dog ran; the cat sat.', 'Nothing shared here, zebra.'];
  const references: RougeReference[] = texts.map(prepareRougeReference);

  it('equals one rougeAgainstReferences call per prediction, in order', () => {
    const predictions = ['the cat runs home', 'dogs running', '', 'cat cat cat sat'];
    const many = rougeAgainstReferencesMany(predictions, references);
    expect(many).toEqual(predictions.map((prediction) => rougeAgainstReferences(prediction, references)));
  });

  it('gives the same scores for a structured clone of the references (a cold index)', () => {
    const predictions = ['the cat runs home', 'a dog sat'];
    expect(rougeAgainstReferencesMany(predictions, structuredClone(references))).toEqual(
      rougeAgainstReferencesMany(predictions, references),
    );
  });

  it('reads the same token ids from raw tokens as from the stemmed tokens, call after call', () => {
    // Capitals, inflections that stem alike, and the two code points Python lowers to ASCII letters.
    const words = ['Running', 'runs', 'ran', 'the', 'THE', 'Cities', 'city', 'İstanbul', '\u212Aelvin', 'a', 'of'];
    const text = fc.array(fc.constantFrom(...words), { maxLength: 30 }).map((picked) => picked.join(' '));
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(text, { minLength: 1, maxLength: 3 }),
        (docs, predictions) => {
          const references = docs.map((doc) => prepareRougeReference(doc));
          const index = buildReferenceIndex(references);
          const expected = scoreManyAgainstIndex(
            predictions.map((prediction) => tokenizeRouge(prediction, true)),
            index,
          ).map((chosen) => chosen.scores);
          expect(rougeAgainstReferencesMany(predictions, references)).toEqual(expected);
          expect(rougeAgainstReferencesMany(predictions, references)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives zeros without references and validates its arguments', () => {
    expect(rougeAgainstReferencesMany(['x', 'y'], [])).toEqual([
      {
        rouge1: { precision: 0, recall: 0, fmeasure: 0 },
        rouge2: { precision: 0, recall: 0, fmeasure: 0 },
        rougeL: { precision: 0, recall: 0, fmeasure: 0 },
      },
      {
        rouge1: { precision: 0, recall: 0, fmeasure: 0 },
        rouge2: { precision: 0, recall: 0, fmeasure: 0 },
        rougeL: { precision: 0, recall: 0, fmeasure: 0 },
      },
    ]);
    expect(rougeAgainstReferencesMany([], references)).toEqual([]);
    expect(() => rougeAgainstReferencesMany('x' as unknown as string[], references)).toThrow(
      /^predictions must be an array/,
    );
    expect(() => rougeAgainstReferencesMany(['x', 2 as unknown as string], references)).toThrow(/predictions\[1\]/);
    expect(() => rougeAgainstReferencesMany(['x'], [{} as RougeReference])).toThrow(/references\[0\]\.tokens/);
    const notStrings = [{ tokens: ['a'] }, { tokens: ['b', 7 as unknown as string] }];
    expect(() => rougeAgainstReferencesMany(['x'], notStrings)).toThrow(
      /^references\[1\]\.tokens must be an array of strings/,
    );
  });
});
