import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetrics, levenshtein } from '../../src/service/transform/edit-distance.js';
import { diffSequences, wordDiff } from '../../src/service/transform/word-diff.js';
import { streamPieces } from '../../src/service/transform/completion.js';
import { countUsage } from '../../src/service/transform/usage.js';

/** Reference Levenshtein: the full matrix. */
function naiveLevenshtein(a: number[], b: number[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length]![b.length]!;
}

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

describe('levenshtein', () => {
  it('equals the full-matrix distance', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, sequence, async (a, b) => {
        expect(await levenshtein(Int32Array.from(a), Int32Array.from(b))).toBe(naiveLevenshtein(a, b));
      }),
    );
  });

  it('measures word-level distance, ratio and length ratio', async () => {
    const metrics = await distanceMetrics('the cat sat on the mat', 'the dog sat on the mat today');
    expect(metrics).toEqual({
      levenshtein_distance: 2,
      levenshtein_ratio: expect.any(Number),
      length_ratio: expect.any(Number),
      original_words: 6,
      styled_words: 7,
    });
    expect(metrics.levenshtein_ratio).toBeCloseTo(1 - 2 / 7, 12);
    expect(metrics.length_ratio).toBeCloseTo(7 / 6, 12);
    expect(await distanceMetrics('same words', 'same  words')).toMatchObject({
      levenshtein_distance: 0,
      levenshtein_ratio: 1,
    });
  });
});

describe('word diff', () => {
  it('is a shortest edit script that rebuilds both sequences', async () => {
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
      }),
      { numRuns: 300 },
    );
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
    expect(
      diff
        .filter((s) => s.type !== 'delete')
        .map((s) => s.text)
        .join(''),
    ).toBe(styled);
  });
});

describe('stream pieces and usage', () => {
  it('splits text into whole-word pieces that concatenate back to it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const pieces = streamPieces(text);
        expect(pieces.join('')).toBe(text.trim() === '' ? '' : text);
        for (const piece of pieces) expect(piece.trim()).not.toBe('');
      }),
    );
    expect(streamPieces('a b')).toEqual(['a b']);
  });

  it('counts o200k tokens, treating special-token text as plain text', () => {
    const usage = countUsage('Hello world', 'Hello there, world');
    expect(usage.prompt_tokens).toBe(2);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(countUsage('<|endoftext|>', 'x').prompt_tokens).toBeGreaterThan(1);
    const chat = countUsage([{ role: 'user', content: 'Hello world' }], 'x');
    expect(chat.prompt_tokens).toBeGreaterThan(2);
  });
});
