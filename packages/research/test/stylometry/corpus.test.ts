import { describe, expect, it } from 'vitest';
import { countWordForms, deltaOfZScores, deltaReference, wordProfile } from '@styler-dev/analytics/metrics';
import { analyzeCorpus, type CorpusDocument } from '../../src/stylometry/index.js';

/** A document in one of two habits: "the … of" against "a … upon", with shared filler. */
function text(habit: 'A' | 'B', seed: number): string {
  const words: string[] = [];
  for (let i = 0; i < 300; i += 1) {
    const r = (seed * 7919 + i * 104729) % 100;
    if (habit === 'A') words.push(r < 30 ? 'the' : r < 45 ? 'of' : r < 50 ? 'upon' : `word${r % 9}`);
    else words.push(r < 15 ? 'the' : r < 20 ? 'of' : r < 40 ? 'upon' : r < 55 ? 'a' : `word${r % 9}`);
  }
  return words.join(' ');
}

const doc = (name: string, author: string | undefined, body: string): CorpusDocument => ({
  name,
  ...(author !== undefined && { author }),
  profile: wordProfile(countWordForms(body)),
});

describe('Delta variants', () => {
  it("weighs Eder's Delta by rank: (n − r + 1) / n", () => {
    // n = 2: the first word weighs 1, the second 1/2; Burrows weighs both 1.
    expect(deltaOfZScores([2, 0], [0, 0], 'eder')).toBeCloseTo(1, 12);
    expect(deltaOfZScores([0, 2], [0, 0], 'eder')).toBeCloseTo(0.5, 12);
    expect(deltaOfZScores([0, 2], [0, 0], 'burrows')).toBeCloseTo(1, 12);
  });

  it('culls words used by too few profiles', () => {
    const profiles = [{ the: 5, rare: 9 }, { the: 5 }, { the: 4, of: 1 }];
    expect(deltaReference(profiles, 10).words).toContain('rare');
    expect(deltaReference(profiles, 10, { culling: 50 }).words).toEqual(['the']);
    expect(() => deltaReference(profiles, 10, { culling: 101 })).toThrow(RangeError);
  });
});

describe('analyzeCorpus', () => {
  const corpus = [
    ...[1, 2, 3, 4].map((i) => doc(`a${i}.txt`, 'alice', text('A', i))),
    ...[5, 6, 7, 8].map((i) => doc(`b${i}.txt`, 'bob', text('B', i))),
    doc('unknown-a.txt', undefined, text('A', 11)),
    doc('unknown-b.txt', undefined, text('B', 12)),
  ];
  const analysis = analyzeCorpus(corpus, { mostFrequent: 20 });

  it('attributes held-out and unknown documents to the author whose habits they share', () => {
    expect(analysis.authors).toEqual(['alice', 'bob']);
    expect(analysis.looAccuracy).toBe(1);
    expect(analysis.confusion).toEqual({ alice: { alice: 4, bob: 0 }, bob: { alice: 0, bob: 4 } });
    expect(analysis.attribution.map((entry) => [entry.document, entry.predicted])).toEqual([
      ['unknown-a.txt', 'alice'],
      ['unknown-b.txt', 'bob'],
    ]);
    const [first] = analysis.attribution;
    expect(first!.distances.alice).toBeLessThan(first!.distances.bob!);
  });

  it('gives symmetric distance matrices with a zero diagonal for every variant', () => {
    for (const matrix of Object.values(analysis.distances)) {
      matrix.forEach((row, i) => {
        expect(row[i]).toBeCloseTo(0, 12);
        row.forEach((value, j) => expect(value).toBeCloseTo(matrix[j]![i]!, 12));
      });
    }
  });

  it('separates the authors on the first principal component and in the clusters', () => {
    const pc1 = analysis.pca.scores.map((row) => row[0]!);
    const alice = pc1.slice(0, 4);
    const bob = pc1.slice(4, 8);
    expect(Math.sign(alice[0]!)).not.toBe(Math.sign(bob[0]!));
    expect(alice.every((value) => Math.sign(value) === Math.sign(alice[0]!))).toBe(true);
    expect(analysis.clusters.merges).toHaveLength(corpus.length - 1);
    expect(analysis.clusters.newick.endsWith(';')).toBe(true);
  });

  it('needs two labelled documents', () => {
    expect(() => analyzeCorpus([doc('x', 'a', 'the of')])).toThrow(RangeError);
  });
});
