/** The nearest-neighbour chain against the closest-pair algorithm it replaces, on random and worked examples. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  condensedIndex,
  condensedLength,
  linkage,
  LINKAGE_METHODS,
  seededRandom,
  wardClustering,
  type LinkageMethod,
  type Merge,
} from '../../src/stylometry/index.js';

/**
 * The O(n³) closest-pair algorithm, as wardClustering was before the chain: merge the closest
 * active pair (the first (i, j), i < j, in slot order on ties), keep the merged cluster in the
 * lower slot, update its distances by the Lance–Williams formula of `method`.
 */
function closestPair(distances: number[][], method: LinkageMethod): Merge[] {
  const n = distances.length;
  const d = distances.map((row) => [...row]);
  const size = new Array<number>(n).fill(1);
  const id = Array.from({ length: n }, (_, i) => i);
  const active = new Set(id);
  const merges: Merge[] = [];
  while (active.size > 1) {
    let best = Infinity;
    let a = -1;
    let b = -1;
    const members = [...active];
    for (let x = 0; x < members.length; x += 1) {
      for (let y = x + 1; y < members.length; y += 1) {
        const i = members[x]!;
        const j = members[y]!;
        if (d[i]![j]! < best) {
          best = d[i]![j]!;
          a = i;
          b = j;
        }
      }
    }
    const [left, right] = id[a]! < id[b]! ? [id[a]!, id[b]!] : [id[b]!, id[a]!];
    merges.push({ left, right, height: best, size: size[a]! + size[b]! });
    for (const k of active) {
      if (k === a || k === b) continue;
      const [dka, dkb, na, nb, nk] = [d[k]![a]!, d[k]![b]!, size[a]!, size[b]!, size[k]!];
      const updated =
        method === 'ward'
          ? ((na + nk) * dka + (nb + nk) * dkb - nk * best) / (na + nb + nk)
          : method === 'single'
            ? Math.min(dka, dkb)
            : method === 'complete'
              ? Math.max(dka, dkb)
              : (na * dka + nb * dkb) / (na + nb);
      d[k]![a] = updated;
      d[a]![k] = updated;
    }
    size[a] = size[a]! + size[b]!;
    id[a] = n + merges.length - 1;
    active.delete(b);
  }
  return merges;
}

function condensedOf(distances: number[][]): Float64Array {
  const n = distances.length;
  const condensed = new Float64Array(condensedLength(n));
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1) condensed[condensedIndex(n, i, j)] = distances[i]![j]!;
  return condensed;
}

/** A random symmetric matrix with a zero diagonal: arbitrary dissimilarities, or distances of random points. */
function randomMatrix(n: number, seed: number, kind: 'arbitrary' | 'points'): number[][] {
  const random = seededRandom(seed);
  const points = Array.from({ length: n }, () => [random(), random(), random()]);
  const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const value =
        kind === 'arbitrary'
          ? 0.01 + 10 * random()
          : points[i]!.reduce((sum, x, c) => sum + Math.abs(x - points[j]![c]!), 0) / 3;
      d[i]![j] = value;
      d[j]![i] = value;
    }
  }
  return d;
}

/** Same merges, same sizes, heights equal to rounding (the updates are summed in another order). */
function expectSameTree(actual: Merge[], expected: Merge[]): void {
  expect(actual.map(({ left, right, size }) => [left, right, size])).toEqual(
    expected.map(({ left, right, size }) => [left, right, size]),
  );
  actual.forEach((merge, i) => {
    const height = expected[i]!.height;
    expect(Math.abs(merge.height - height)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(height)));
  });
}

describe('linkage (nearest-neighbour chain)', () => {
  it('gives the closest-pair tree on random dissimilarities and point distances, every linkage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom<'arbitrary' | 'points'>('arbitrary', 'points'),
        fc.constantFrom(...LINKAGE_METHODS),
        (n, seed, kind, method) => {
          const distances = randomMatrix(n, seed, kind);
          expectSameTree(linkage(condensedOf(distances), n, method), closestPair(distances, method));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is wardClustering', () => {
    const distances = randomMatrix(60, 42, 'points');
    expectSameTree(wardClustering(distances), closestPair(distances, 'ward'));
  });

  it('merges equal heights in the order of their smallest leaves, deterministically', () => {
    // Every pair at distance 1: ward.D keeps every merged distance at 1.
    const n = 5;
    const ones = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 1)));
    const merges = linkage(condensedOf(ones), n, 'ward');
    expect(merges).toEqual(closestPair(ones, 'ward'));
    expect(merges.map(({ left, right }) => [left, right])).toEqual([
      [0, 1],
      [2, 5],
      [3, 6],
      [4, 7],
    ]);
    // Two separate pairs at height 1: the chain from leaf 0 meets {3, 4} first, yet {1, 2} comes first.
    const line = [0, 20, 21, 5, 6].map((a) => [0, 20, 21, 5, 6].map((b) => Math.abs(a - b)));
    expect(linkage(condensedOf(line), 5, 'single').map(({ left, right }) => [left, right])).toEqual([
      [1, 2],
      [3, 4],
      [0, 6],
      [5, 7],
    ]);
    expect(linkage(condensedOf(line), 5, 'single')).toEqual(closestPair(line, 'single'));
  });

  it('keeps integer-valued matrices (many ties) deterministic and valid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 25 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n, seed) => {
        const random = seededRandom(seed);
        const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
        for (let i = 0; i < n; i += 1)
          for (let j = i + 1; j < n; j += 1) d[i]![j] = d[j]![i] = 1 + Math.floor(4 * random());
        const merges = linkage(condensedOf(d), n, 'complete');
        expect(linkage(condensedOf(d), n, 'complete')).toEqual(merges);
        // With ties the chain may pick another of the equally close pairs than the closest-pair scan
        // (and the tree may then differ); it still picks the same one every time, and a valid tree.
        const used = new Set<number>();
        merges.forEach((merge, k) => {
          expect(merge.left).toBeLessThan(merge.right);
          expect(merge.right).toBeLessThan(n + k);
          expect(used.has(merge.left) || used.has(merge.right)).toBe(false);
          used.add(merge.left).add(merge.right);
          if (k > 0) expect(merge.height).toBeGreaterThanOrEqual(merges[k - 1]!.height);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('matches worked UPGMA and single-linkage examples', () => {
    // Points 0, 2, 3, 7 on a line.
    const points = [0, 2, 3, 7];
    const d = condensedOf(points.map((a) => points.map((b) => Math.abs(a - b))));
    // average: {2,3} at 1; d({0},{2,3}) = 2.5, d({7},{2,3}) = 4.5; then {0,2,3} at 2.5; d(7, {0,2,3}) = (7 + 2·4.5)/3.
    expect(linkage(Float64Array.from(d), 4, 'average')).toEqual([
      { left: 1, right: 2, height: 1, size: 2 },
      { left: 0, right: 4, height: 2.5, size: 3 },
      { left: 3, right: 5, height: 16 / 3, size: 4 },
    ]);
    expect(linkage(Float64Array.from(d), 4, 'single').map((m) => m.height)).toEqual([1, 2, 4]);
    expect(linkage(Float64Array.from(d), 4, 'complete').map((m) => m.height)).toEqual([1, 3, 7]);
  });

  it('handles no, one and two items, and refuses bad input', () => {
    expect(linkage(new Float64Array(0), 0)).toEqual([]);
    expect(linkage(new Float64Array(0), 1)).toEqual([]);
    expect(linkage(Float64Array.of(3), 2)).toEqual([{ left: 0, right: 1, height: 3, size: 2 }]);
    expect(() => linkage(new Float64Array(2), 3)).toThrow(RangeError);
    expect(() => linkage(Float64Array.of(Number.NaN), 2)).toThrow(/finite/);
    expect(() => linkage(Float64Array.of(1), 2, 'median' as LinkageMethod)).toThrow(RangeError);
  });
});
