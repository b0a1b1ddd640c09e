import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSequences, wordDiff, type DiffSegment } from '../../src/compare/word-diff.js';

/** Reference LCS length. */
function lcsLength(a: number[], b: number[]): number {
  const d = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      d[i]![j] = a[i - 1] === b[j - 1] ? d[i - 1]![j - 1]! + 1 : Math.max(d[i - 1]![j]!, d[i]![j - 1]!);
    }
  }
  return d[a.length]![b.length]!;
}

const sequence = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 });

/** Texts over a few words, so two of them share words; spacing varies as in real documents. */
const text = fc
  .array(
    fc.tuple(
      fc.constantFrom('the', 'results', 'were', 'good.', 'great.', 'We', 'shipped', 'it', 'on', 'time.'),
      fc.constantFrom(' ', ' ', '  ', '\n', '\n\n', '\t'),
    ),
    { maxLength: 30 },
  )
  .chain((words) =>
    fc.constantFrom('', ' ', '\n').map((leading) => leading + words.map(([word, space]) => word + space).join('')),
  );

const joined = (segments: DiffSegment[], skip: DiffSegment['type']): string =>
  segments
    .filter((segment) => segment.type !== skip)
    .map((segment) => segment.text)
    .join('');
const words = (value: string): string[] => value.split(/\s+/).filter((word) => word !== '');

/** Checks the shape every diff must have: no empty segment, no two of a type in a row, deletions first. */
function expectDeletionsFirst(types: readonly string[]): void {
  for (let i = 1; i < types.length; i += 1) {
    expect(types[i], types.join(' ')).not.toBe(types[i - 1]);
    expect(`${types[i - 1]} ${types[i]}`, types.join(' ')).not.toBe('insert delete');
  }
}

describe('diffSequences', () => {
  it('is a shortest edit script that rebuilds both sequences, deletions before insertions', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, sequence, async (a, b) => {
        const runs = await diffSequences(Int32Array.from(a), Int32Array.from(b));
        const rebuiltA: number[] = [];
        const rebuiltB: number[] = [];
        let equal = 0;
        let bAt = 0;
        for (const run of runs) {
          expect(run.to).toBeGreaterThan(run.from);
          if (run.type === 'insert') {
            expect(run.from).toBe(bAt);
            rebuiltB.push(...b.slice(run.from, run.to));
            bAt = run.to;
          } else {
            rebuiltA.push(...a.slice(run.from, run.to));
            if (run.type === 'equal') {
              rebuiltB.push(...a.slice(run.from, run.to));
              bAt += run.to - run.from;
              equal += run.to - run.from;
            }
          }
        }
        expect(rebuiltA).toEqual(a);
        expect(rebuiltB).toEqual(b);
        expect(equal).toBe(lcsLength(a, b));
        expectDeletionsFirst(runs.map((run) => run.type));
      }),
      { numRuns: 300 },
    );
  });

  it('merges a replacement the recursion cuts in pieces into one deletion, then one insertion', async () => {
    // The middle snakes cut this stretch as delete, insert, delete.
    const runs = await diffSequences(Int32Array.from([1, 0, 0, 5]), Int32Array.from([4, 4]));
    expect(runs).toEqual([
      { type: 'delete', from: 0, to: 4 },
      { type: 'insert', from: 0, to: 2 },
    ]);
  });
});

describe('wordDiff', () => {
  it('rebuilds both texts and never puts an insertion directly before a deletion', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, fc.string({ unit: 'grapheme' })), text, async (original, styled) => {
        const diff = await wordDiff(original, styled);
        expect(joined(diff, 'delete')).toBe(styled.trimStart());
        expect(words(joined(diff, 'insert'))).toEqual(words(original));
        for (const segment of diff) expect(segment.text).not.toBe('');
        expectDeletionsFirst(diff.map((segment) => segment.type));
      }),
      { numRuns: 500 },
    );
  });

  it('puts the deleted words first when one word becomes two', async () => {
    // The recursion alone emitted the insertion first here, and the deletion first for one word to one.
    expect(await wordDiff('The results were good.', 'The results were really great.')).toEqual([
      { type: 'equal', text: 'The results were ' },
      { type: 'delete', text: 'good.' },
      { type: 'insert', text: 'really great.' },
    ]);
  });

  it('keeps the styled text spacing so equal + insert rebuild it', async () => {
    const original = 'The results were good.\n\nWe shipped it.';
    const styled = 'The results were great.\n\nWe shipped it on time.';
    const diff = await wordDiff(original, styled);
    expect(diff).toEqual([
      { type: 'equal', text: 'The results were ' },
      { type: 'delete', text: 'good.\n\n' },
      { type: 'insert', text: 'great.\n\n' },
      { type: 'equal', text: 'We shipped ' },
      { type: 'delete', text: 'it.' },
      { type: 'insert', text: 'it on time.' },
    ]);
    expect(joined(diff, 'delete')).toBe(styled);
  });
});
