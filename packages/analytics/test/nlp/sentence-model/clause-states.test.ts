import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addClauseToStates, CLAUSE_STATES, STRUCTURE_OF_STATE } from '../../../src/nlp/sentence-model/clause-states.js';
import { SENTENCE_STRUCTURES } from '../../../src/vocabulary/features.js';

/** The state distribution after groups with class probabilities `groups` (none, main, dependent). */
function statesAfter(groups: number[][]): Float64Array {
  let counts = new Float64Array(CLAUSE_STATES);
  counts[0] = 1;
  for (const p of groups) {
    const next = new Float64Array(CLAUSE_STATES);
    addClauseToStates(counts, p, next);
    counts = next;
  }
  return counts;
}

const structureOf = (states: Float64Array): string => SENTENCE_STRUCTURES[STRUCTURE_OF_STATE[states.indexOf(1)]!]!;

describe('addClauseToStates', () => {
  it('counts certain groups into the structure their clause counts give', () => {
    const [none, main, dependent] = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    expect(structureOf(statesAfter([]))).toBe('fragment/unknown');
    expect(structureOf(statesAfter([dependent, none]))).toBe('fragment/unknown');
    expect(structureOf(statesAfter([main, none]))).toBe('simple');
    expect(structureOf(statesAfter([main, main, main]))).toBe('compound');
    expect(structureOf(statesAfter([dependent, main]))).toBe('complex');
    expect(structureOf(statesAfter([main, dependent, main, dependent]))).toBe('compound-complex');
  });

  it('keeps a probability distribution, and overwrites whatever `next` held', () => {
    const group = fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([a, b]) => [Math.min(a, b), Math.abs(a - b), 1 - Math.max(a, b)]);
    fc.assert(
      fc.property(fc.array(group, { maxLength: 8 }), (groups) => {
        const states = statesAfter(groups);
        expect(states.reduce((sum, mass) => sum + mass, 0)).toBeCloseTo(1, 12);
        for (const mass of states) expect(mass).toBeGreaterThanOrEqual(0);
        const stale = new Float64Array(CLAUSE_STATES).fill(7);
        addClauseToStates(states, [1, 0, 0], stale);
        expect([...stale]).toEqual([...states]);
      }),
    );
  });
});
