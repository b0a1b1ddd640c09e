import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWordForms, wordProfile } from '@styler-dev/analytics/metrics';
import {
  bootstrapConsensus,
  CladeCounter,
  condensedLength,
  consensusNewick,
  linkage,
  seededRandom,
  type Merge,
} from '../../src/stylometry/index.js';
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

describe('CladeCounter and consensusNewick', () => {
  /** The clades of a tree as sorted member lists joined into keys (the plain way). */
  function plainClades(merges: Merge[], n: number): string[] {
    const members: number[][] = Array.from({ length: n }, (_, i) => [i]);
    const keys: string[] = [];
    for (const merge of merges) {
      const joined = [...members[merge.left]!, ...members[merge.right]!].sort((a, b) => a - b);
      members.push(joined);
      if (joined.length < n) keys.push(joined.join(','));
    }
    return keys;
  }

  it('counts the clades of random trees as sorted member lists would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0.5, 0.75, 1),
        (n, seeds, strength) => {
          const counter = new CladeCounter(n);
          const plain = new Map<string, number>();
          for (const seed of seeds) {
            const random = seededRandom(seed);
            // Few distinct distances: the trees share many clades.
            const d = Float64Array.from({ length: condensedLength(n) }, () => 1 + Math.floor(3 * random()));
            const merges = linkage(d, n, 'average');
            counter.add(merges);
            for (const key of plainClades(merges, n)) plain.set(key, (plain.get(key) ?? 0) + 1);
          }
          const expected = [...plain]
            .filter(
              ([, count]) => count / seeds.length > strength || (strength > 0.5 && count / seeds.length >= strength),
            )
            .map(([key, count]) => ({ members: key.split(',').map(Number), support: count / seeds.length }))
            .sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
          expect(counter.clades(strength)).toEqual(expected);
          expect(counter.trees).toBe(seeds.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes nested clades as Newick: leaves first, then inner groups in the order they were made', () => {
    const clades = [
      { members: [0, 1, 2, 4], support: 1 },
      { members: [0, 2], support: 0.6 },
      { members: [3, 5], support: 0.8 },
    ];
    expect(consensusNewick(['a', 'b', 'c', 'd', 'e', "f'"], clades)).toBe("(('d','f''')80,('b','e',('a','c')60)100);");
    expect(consensusNewick(['a', 'b'], [])).toBe("('a','b');");
  });

  it('refuses a tree of the wrong size', () => {
    expect(() => new CladeCounter(3).add([])).toThrow(RangeError);
  });
});
