import { describe, expect, it } from 'vitest';
import { countWordForms, wordProfile } from '../../src/metrics/authorship/index.js';
import { bootstrapConsensus } from '../../src/stylometry/index.js';
import { habitText } from '../../../../test-support/habit-texts.js';

const text = (habit: 'A' | 'B', seed: number): string => habitText(habit, seed, 400, 40);

const documents = [
  ...[1, 2, 3].map((seed) => ({ name: `a${seed}`, profile: wordProfile(countWordForms(text('A', seed))) })),
  ...[4, 5, 6].map((seed) => ({ name: `b${seed}`, profile: wordProfile(countWordForms(text('B', seed))) })),
];

describe('bootstrapConsensus', () => {
  it('keeps the two habits as fully supported clades over every MFW size', () => {
    const tree = bootstrapConsensus(documents, { mostFrequent: [4, 8, 16, 32] });
    const keys = tree.clades.map((clade) => `${clade.members.join(',')}@${clade.support}`);
    expect(keys).toContain('0,1,2@1');
    expect(keys).toContain('3,4,5@1');
    expect(tree.newick).toMatch(/^\(.*\);$/);
    expect(tree.newick).toContain(')100');
    expect(tree.mostFrequent).toEqual([4, 8, 16, 32]);
  });

  it('keeps only clades of more than half the trees, which nest', () => {
    const tree = bootstrapConsensus(documents, { mostFrequent: [2, 3, 5, 8, 13, 21] });
    for (const clade of tree.clades) expect(clade.support).toBeGreaterThan(0.5);
    for (const a of tree.clades) {
      for (const b of tree.clades) {
        const shared = a.members.filter((m) => b.members.includes(m)).length;
        expect(shared === 0 || shared === a.members.length || shared === b.members.length).toBe(true);
      }
    }
  });

  it('refuses too few documents or no sizes', () => {
    expect(() => bootstrapConsensus(documents.slice(0, 2), { mostFrequent: [10] })).toThrow(RangeError);
    expect(() => bootstrapConsensus(documents, { mostFrequent: [] })).toThrow(RangeError);
  });
});
