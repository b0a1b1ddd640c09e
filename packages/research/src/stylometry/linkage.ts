/**
 * Agglomerative hierarchical clustering in O(n²) time by the nearest-neighbour chain (Murtagh 1983;
 * Müllner 2011, "Modern hierarchical, agglomerative clustering algorithms", §3.2), on a condensed
 * distance matrix updated in place by the Lance–Williams formula of the linkage:
 *   ward (R's hclust "ward.D", stylo's default on Delta), applied to the distances as given:
 *     d(k, i∪j) = ((n_i + n_k)·d(k, i) + (n_j + n_k)·d(k, j) − n_k·d(i, j)) / (n_i + n_j + n_k)
 *   single: min(d(k, i), d(k, j));  complete: max(d(k, i), d(k, j));
 *   average (UPGMA): (n_i·d(k, i) + n_j·d(k, j)) / (n_i + n_j).
 * All four are reducible (a merged cluster is never nearer to a third than the nearer of its parts),
 * so merging reciprocal nearest neighbours wherever they are found gives the hierarchy that merging
 * the globally closest pair first gives; the merges are then put in that order (lowest first).
 *
 * Ties: a chain's nearest neighbour is the previous link when it is among the nearest (which ends the
 * chain), else the lowest-numbered; merges of equal height come in the order of their clusters'
 * smallest leaves, as the closest-pair algorithm finds them scanning pairs (i, j) with i < j.
 * Without ties the result is that algorithm's to rounding (the updates are summed in another order).
 */

/** One merge: the clusters joined (leaves 0…n−1, merged clusters n, n+1, … in merge order) and the height. */
export interface Merge {
  left: number;
  right: number;
  height: number;
  size: number;
}

export type LinkageMethod = 'ward' | 'single' | 'complete' | 'average';

/** The linkages offered, for validation and listings. */
export const LINKAGE_METHODS: readonly LinkageMethod[] = ['ward', 'single', 'complete', 'average'];

/** A linkage's name in a report ("Ward", "average linkage (UPGMA)", …). */
export function linkageLabel(method: LinkageMethod): string {
  if (method === 'ward') return 'Ward';
  return method === 'average' ? 'average linkage (UPGMA)' : `${method} linkage`;
}

/** Entries of the condensed matrix of n items: the pairs i < j, row by row (as scipy's pdist). */
export function condensedLength(n: number): number {
  return (n * (n - 1)) / 2;
}

/** Where the pair (i, j), i < j, of n items sits in the condensed matrix. */
export function condensedIndex(n: number, i: number, j: number): number {
  return i * n - (i * (i + 1)) / 2 + j - i - 1;
}

/** The update of d(k, i∪j) from d(k, i), d(k, j), d(i, j) and the sizes. */
type Update = (dki: number, dkj: number, dij: number, ni: number, nj: number, nk: number) => number;

const UPDATES: Record<LinkageMethod, Update> = {
  ward: (dki, dkj, dij, ni, nj, nk) => ((ni + nk) * dki + (nj + nk) * dkj - nk * dij) / (ni + nj + nk),
  single: (dki, dkj) => (dki < dkj ? dki : dkj),
  complete: (dki, dkj) => (dki > dkj ? dki : dkj),
  average: (dki, dkj, _dij, ni, nj) => (ni * dki + nj * dkj) / (ni + nj),
};

/** A binary heap of merge numbers, by height, then the smaller and the larger child's smallest leaf. */
class MergeHeap {
  readonly #items: number[] = [];
  constructor(readonly before: (a: number, b: number) => boolean) {}
  get size(): number {
    return this.#items.length;
  }
  push(item: number): void {
    const items = this.#items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): number {
    const items = this.#items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.before(items[l]!, items[best]!)) best = l;
        if (r < items.length && this.before(items[r]!, items[best]!)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return top;
  }
}

/**
 * The n − 1 merges of the n items whose pairwise distances `condensed` holds (condensedIndex order),
 * lowest first. `condensed` is the working memory: its contents are overwritten (copy it first to
 * keep it). Distances must be finite.
 */
export function linkage(condensed: Float64Array, n: number, method: LinkageMethod = 'ward'): Merge[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number, got ${String(n)}`);
  if (condensed.length !== condensedLength(n)) {
    throw new RangeError(`a condensed matrix of ${n} items has ${condensedLength(n)} entries, got ${condensed.length}`);
  }
  const update = UPDATES[method];
  if (update === undefined) throw new RangeError(`method must be one of ${LINKAGE_METHODS.join(', ')}`);
  for (let i = 0; i < condensed.length; i += 1) {
    if (!Number.isFinite(condensed[i]!)) throw new RangeError('distances must be finite numbers');
  }
  const d = condensed;
  // d(i, j) for i < j sits at rowStart[i] + j.
  const rowStart = new Float64Array(n);
  for (let i = 0; i < n; i += 1) rowStart[i] = i * n - (i * (i + 1)) / 2 - i - 1;
  const at = (a: number, b: number): number => (a < b ? rowStart[a]! + b : rowStart[b]! + a);
  // Active clusters as a linked list in ascending slot order; a cluster's slot is its smallest leaf.
  const next = new Int32Array(n + 1);
  const previous = new Int32Array(n + 1);
  for (let i = 0; i <= n; i += 1) {
    next[i] = i + 1;
    previous[i] = i - 1;
  }
  let first = 0;
  const size = new Float64Array(n).fill(1);
  /** The merge that made the cluster now in a slot (−1: a leaf). */
  const madeBy = new Int32Array(n).fill(-1);
  const low = new Int32Array(Math.max(0, n - 1));
  const high = new Int32Array(Math.max(0, n - 1));
  const heights = new Float64Array(Math.max(0, n - 1));
  const sizes = new Float64Array(Math.max(0, n - 1));
  const childMerges = new Int32Array(2 * Math.max(0, n - 1));
  let merged = 0;

  const chain = new Int32Array(Math.max(1, n));
  let chainLength = 0;
  while (merged < n - 1) {
    if (chainLength === 0) chain[chainLength++] = first;
    const a = chain[chainLength - 1]!;
    const b = chainLength >= 2 ? chain[chainLength - 2]! : -1;
    let nearest = b;
    let best = b >= 0 ? d[at(a, b)]! : Number.POSITIVE_INFINITY;
    for (let k = first; k < n; k = next[k]!) {
      if (k === a) continue;
      const dk = d[at(a, k)]!;
      if (dk < best) {
        best = dk;
        nearest = k;
      }
    }
    if (nearest !== b) {
      chain[chainLength++] = nearest;
      continue;
    }
    // a and b are each other's nearest: merge them into the lower slot.
    chainLength -= 2;
    const s = a < b ? a : b;
    const t = a < b ? b : a;
    const ns = size[s]!;
    const nt = size[t]!;
    for (let k = first; k < n; k = next[k]!) {
      if (k === s || k === t) continue;
      const ks = at(k, s);
      d[ks] = update(d[ks]!, d[at(k, t)]!, best, ns, nt, size[k]!);
    }
    low[merged] = s;
    high[merged] = t;
    heights[merged] = best;
    sizes[merged] = ns + nt;
    childMerges[2 * merged] = madeBy[s]!;
    childMerges[2 * merged + 1] = madeBy[t]!;
    madeBy[s] = merged;
    size[s] = ns + nt;
    // t leaves the active list.
    if (previous[t]! >= 0) next[previous[t]!] = next[t]!;
    else first = next[t]!;
    previous[next[t]!] = previous[t]!;
    merged += 1;
  }
  return orderMerges(n, { low, high, heights, sizes, childMerges });
}

/**
 * The chain's merges in the closest-pair order: lowest first, ties by the clusters' smallest leaves
 * (the slots), a merge never before the merges that made its clusters; numbered n, n + 1, ….
 */
function orderMerges(
  n: number,
  found: { low: Int32Array; high: Int32Array; heights: Float64Array; sizes: Float64Array; childMerges: Int32Array },
): Merge[] {
  const { low, high, heights, sizes, childMerges } = found;
  const count = heights.length;
  const waiting = new Int32Array(count);
  const parent = new Int32Array(count).fill(-1);
  for (let m = 0; m < count; m += 1) {
    for (const child of [childMerges[2 * m]!, childMerges[2 * m + 1]!]) {
      if (child >= 0) {
        waiting[m] = waiting[m]! + 1;
        parent[child] = m;
      }
    }
  }
  const heap = new MergeHeap(
    (x, y) =>
      heights[x]! < heights[y]! ||
      (heights[x] === heights[y] && (low[x]! < low[y]! || (low[x] === low[y] && high[x]! < high[y]!))),
  );
  for (let m = 0; m < count; m += 1) if (waiting[m] === 0) heap.push(m);
  const id = new Int32Array(count);
  const merges: Merge[] = [];
  while (heap.size > 0) {
    const m = heap.pop();
    id[m] = n + merges.length;
    const [childLow, childHigh] = [childMerges[2 * m]!, childMerges[2 * m + 1]!];
    const left = childLow >= 0 ? id[childLow]! : low[m]!;
    const right = childHigh >= 0 ? id[childHigh]! : high[m]!;
    merges.push({
      left: Math.min(left, right),
      right: Math.max(left, right),
      height: heights[m]!,
      size: sizes[m]!,
    });
    const up = parent[m]!;
    if (up >= 0) {
      waiting[up] = waiting[up]! - 1;
      if (waiting[up] === 0) heap.push(up);
    }
  }
  return merges;
}
