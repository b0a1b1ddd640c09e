import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RougeReference } from '../../../src/metrics/ground-truth-types.js';
import { StringIdTable } from '../../../src/metrics/rouge/id-tables.js';
import { bigramIdOf } from '../../../src/metrics/rouge/postings.js';
import { buildReferenceIndex, referenceIndexFor } from '../../../src/metrics/rouge/reference-index.js';
import { referenceOverlaps } from '../../../src/metrics/rouge/reference-overlap.js';

describe('StringIdTable', () => {
  it('hands out the same dense ids as a Map, for any strings, through growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { maxLength: 3_000, size: 'max' }),
        (strings) => {
          const table = new StringIdTable();
          const expected = new Map<string, number>();
          for (const text of strings) if (!expected.has(text)) expected.set(text, expected.size);
          expect(strings.map((text) => table.intern(text))).toEqual(strings.map((text) => expected.get(text)));
          expect(table.size).toBe(expected.size);
          expect(strings.map((text) => table.idOf(text))).toEqual(strings.map((text) => expected.get(text)));
          expect(table.idOf('never interned \u0000')).toBe(-1);
        },
      ),
      { numRuns: 60 },
    );
  });
});

const tinyTokens = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 40 });

/** Σ over n-grams of min(count in a, count in b), the slow way. */
function clippedOverlap(a: readonly string[], b: readonly string[], n: number): number {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= a.length; i++) {
    const key = a.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let matches = 0;
  for (let i = 0; i + n <= b.length; i++) {
    const key = b.slice(i, i + n).join(' ');
    const left = counts.get(key) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(key, left - 1);
    }
  }
  return matches;
}

describe('reference index and n-gram overlaps', () => {
  it('gives every reference its clipped unigram and bigram overlap with a prediction', () => {
    fc.assert(
      fc.property(
        fc.array(tinyTokens, { maxLength: 8 }),
        tinyTokens,
        fc.constantFrom('a', 'zz'),
        (docs, prediction, extra) => {
          const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
          // A token no reference has becomes -1 and matches nothing.
          const predictionTokens = [...prediction, extra];
          const ids = Int32Array.from(predictionTokens, (token) => index.tokenIdTable.idOf(token));
          const overlaps = referenceOverlaps(index, ids);
          docs.forEach((tokens, r) => {
            expect(overlaps.unigrams[r]).toBe(clippedOverlap(predictionTokens, tokens, 1));
            expect(overlaps.bigrams[r]).toBe(clippedOverlap(predictionTokens, tokens, 2));
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('numbers each distinct bigram once and finds it again, and only it', () => {
    fc.assert(
      fc.property(fc.array(tinyTokens, { maxLength: 8 }), (docs) => {
        const index = buildReferenceIndex(docs.map((tokens) => ({ tokens })));
        const present = new Set<string>();
        for (const tokens of docs) for (let i = 1; i < tokens.length; i++) present.add(`${tokens[i - 1]} ${tokens[i]}`);
        expect(index.bigramVocabularySize).toBe(present.size);
        const ids = new Set<number>();
        for (const first of ['a', 'b', 'c', 'd']) {
          for (const second of ['a', 'b', 'c', 'd']) {
            const id = bigramIdOf(index.bigramTable, index.tokenIdTable.idOf(first), index.tokenIdTable.idOf(second));
            expect(id >= 0).toBe(present.has(`${first} ${second}`));
            if (id >= 0) ids.add(id);
          }
        }
        expect(ids.size).toBe(present.size);
      }),
      { numRuns: 200 },
    );
  });

  it('is cached per references array, and rebuilt when the array visibly changed', () => {
    const references: RougeReference[] = [{ tokens: ['a', 'b'] }, { tokens: ['c'] }];
    const first = referenceIndexFor(references);
    expect(referenceIndexFor(references)).toBe(first);
    expect(referenceIndexFor([...references])).not.toBe(first);

    references.push({ tokens: ['d'] });
    const afterPush = referenceIndexFor(references);
    expect(afterPush).not.toBe(first);
    expect(afterPush.referenceCount).toBe(3);

    references[0]!.tokens.push('e');
    const afterTokenPush = referenceIndexFor(references);
    expect(afterTokenPush).not.toBe(afterPush);
    expect(afterTokenPush.tokenIdTable.idOf('e')).toBeGreaterThanOrEqual(0);

    references[1] = { tokens: ['f'] };
    expect(referenceIndexFor(references).tokenIdTable.idOf('f')).toBeGreaterThanOrEqual(0);
  });
});
