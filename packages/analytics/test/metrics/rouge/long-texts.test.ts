import { describe, expect, it } from 'vitest';
import { prepareRougeReference, rouge, rougeAgainstReferences } from '../../../src/metrics/rouge/index.js';
import { dpLcsLength, huntSzymanskiLcsLength } from './reference-lcs.js';

/** Deterministic pseudo-random ids (a linear congruential generator), so runs are reproducible. */
function randomIds(count: number, alphabetSize: number, seed: number): Int32Array {
  const ids = new Int32Array(count);
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    ids[i] = state % alphabetSize;
  }
  return ids;
}

/** One token per id, all alphanumeric so the rouge-score tokenizer keeps them as they are. */
const textOf = (ids: Int32Array): string => Array.from(ids, (id) => `w${id}x`).join(' ');

describe('long texts: a 5,000-token prediction against a 200,000-token target', () => {
  it('small-scale check: the same construction agrees with the textbook DP', () => {
    const target = randomIds(2_000, 60, 11);
    const prediction = randomIds(50, 60, 12);
    const scores = rouge(textOf(target), textOf(prediction));
    expect(scores.rougeL.precision * prediction.length).toBeCloseTo(dpLcsLength(target, prediction), 9);
    expect(scores.rougeLsum).toEqual(scores.rougeL);
  });

  it('completes in bounded memory and agrees with Hunt–Szymanski (rougeL, rougeLsum, multi-reference)', () => {
    const target = randomIds(200_000, 1_000, 1);
    const prediction = randomIds(5_000, 1_000, 2);
    const expectedLcs = huntSzymanskiLcsLength(target, prediction);
    expect(expectedLcs).toBeGreaterThan(1_000);

    const scores = rouge(textOf(target), textOf(prediction));
    expect(scores.rougeL.precision).toBeCloseTo(expectedLcs / 5_000, 12);
    expect(scores.rougeL.recall).toBeCloseTo(expectedLcs / 200_000, 12);
    // One line each: the union LCS is the single LCS, so rougeLsum = rougeL (checkpointed backtrack).
    expect(scores.rougeLsum).toEqual(scores.rougeL);

    const reversed = rouge(textOf(prediction), textOf(target));
    expect(reversed.rougeLsum.recall).toBeCloseTo(expectedLcs / 5_000, 12);

    const multi = rougeAgainstReferences(textOf(prediction), [prepareRougeReference(textOf(target))]);
    expect(multi.rougeL).toEqual(scores.rougeL);
  });
});
