import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLcsPattern, lcsLength, lcsLengthWithPattern } from '../../../src/metrics/rouge/lcs.js';
import { RougeLcsBacktracker } from '../../../src/metrics/rouge/lcs-backtrack.js';
import { dpLcsLength, rougeBacktrackPositions } from './reference-lcs.js';

/** Small id sequences over a small alphabet (so matches and ties are frequent), crossing 32-bit word edges. */
const idSequence = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 5 }), { maxLength }).map((ids) => Int32Array.from(ids));

/** Prediction ids, some of them (7, 8, -1) never in a target built over ids 0..5. */
const predictionSequence = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(-1, 7, 8)), { maxLength })
    .map((ids) => Int32Array.from(ids));

const sharedBacktracker = new RougeLcsBacktracker();

function markedPositions(target: Int32Array, prediction: Int32Array, historyWordLimit?: number): number[] {
  const pattern = createLcsPattern(target, 6);
  const marks = new Uint8Array(target.length);
  sharedBacktracker.mark(pattern, target, prediction, marks, undefined, historyWordLimit);
  const positions: number[] = [];
  marks.forEach((mark, position) => {
    if (mark === 1) positions.push(position);
  });
  return positions;
}

describe('bit-parallel LCS length', () => {
  it('equals the textbook DP on random sequences', () => {
    fc.assert(
      fc.property(idSequence(130), idSequence(130), (a, b) => {
        expect(lcsLength(a, b, 6)).toBe(dpLcsLength(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it('is symmetric and bounded by the shorter length', () => {
    fc.assert(
      fc.property(idSequence(100), idSequence(100), (a, b) => {
        const length = lcsLength(a, b, 6);
        expect(lcsLength(b, a, 6)).toBe(length);
        expect(length).toBeLessThanOrEqual(Math.min(a.length, b.length));
      }),
    );
  });

  it('lets text ids outside the pattern alphabet match nothing', () => {
    const pattern = createLcsPattern(Int32Array.from([0, 1, 2, 1]), 3);
    expect(lcsLengthWithPattern(pattern, Int32Array.from([-1, 1, 7, 2, -1, 1]))).toBe(3);
  });

  it('gives 0 for empty sequences', () => {
    expect(lcsLength(new Int32Array(0), Int32Array.from([1]), 2)).toBe(0);
    expect(lcsLength(Int32Array.from([1]), new Int32Array(0), 2)).toBe(0);
  });

  it('handles an all-identical sequence (one very frequent token) across many words', () => {
    const a = new Int32Array(1000).fill(3);
    const b = new Int32Array(777).fill(3);
    expect(lcsLength(a, b, 4)).toBe(777);
  });

  it('keeps the pattern linear in its length whatever the alphabet', () => {
    const length = 200_000;
    const ids = Int32Array.from({ length }, (_, i) => (i * 7919) % 20_000);
    const pattern = createLcsPattern(ids, 20_000);
    const words = pattern.denseMasks.length + pattern.positions.length + pattern.scratch.length;
    expect(words).toBeLessThanOrEqual(10 * length);
  });
});

describe("rouge-score's LCS backtrack, read from bit-parallel states", () => {
  it('picks the same target positions as the full-table backtrack', () => {
    fc.assert(
      fc.property(idSequence(80), predictionSequence(80), (target, prediction) => {
        expect(markedPositions(target, prediction)).toEqual(rougeBacktrackPositions(target, prediction));
      }),
      { numRuns: 400 },
    );
  });

  it('picks the same positions when forced onto checkpoints and recomputed blocks', () => {
    fc.assert(
      fc.property(idSequence(90), predictionSequence(90), (target, prediction) => {
        expect(markedPositions(target, prediction, 0)).toEqual(rougeBacktrackPositions(target, prediction));
      }),
      { numRuns: 400 },
    );
  });

  it('reuses its buffers correctly across calls of different sizes', () => {
    const backtracker = new RougeLcsBacktracker();
    fc.assert(
      fc.property(fc.array(fc.tuple(idSequence(70), predictionSequence(70)), { maxLength: 6 }), (pairs) => {
        for (const [target, prediction] of pairs) {
          const marks = new Uint8Array(target.length);
          backtracker.mark(createLcsPattern(target, 6), target, prediction, marks);
          const positions = [...marks.keys()].filter((position) => marks[position] === 1);
          expect(positions).toEqual(rougeBacktrackPositions(target, prediction));
        }
      }),
    );
  });

  it('translates prediction ids through toPatternId when given', () => {
    const target = Int32Array.from([0, 1, 0]);
    const marks = new Uint8Array(3);
    // Prediction ids 10 and 11 stand for pattern ids 0 and 1; 12 is absent.
    const toPatternId = new Int32Array(13).fill(-1);
    toPatternId[10] = 0;
    toPatternId[11] = 1;
    new RougeLcsBacktracker().mark(
      createLcsPattern(target, 2),
      target,
      Int32Array.from([10, 12, 11]),
      marks,
      toPatternId,
    );
    expect([...marks]).toEqual([1, 1, 0]);
  });

  it('prefers later target positions on ties, as rouge-score does (multi-008: x y x against x)', () => {
    const target = Int32Array.from([0, 1, 0]);
    expect(markedPositions(target, Int32Array.from([0]))).toEqual([2]);
    expect(markedPositions(target, Int32Array.from([0, 1]))).toEqual([0, 1]);
  });
});
