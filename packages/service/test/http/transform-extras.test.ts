import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetrics, levenshtein } from '../../src/compare/edit-distance.js';
import { streamPieces } from '../../src/http/completion.js';
import { countUsage } from '../../src/http/usage.js';

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
