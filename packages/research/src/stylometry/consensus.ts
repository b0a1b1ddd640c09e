/**
 * The bootstrap consensus tree of stylo (Eder 2017): the corpus is clustered again at each of several
 * MFW sizes, and the groups (clades) found in at least `strength` of those trees make a majority-rule
 * consensus tree, each clade labelled with the share of trees that have it.
 */
import { DELTA_METHODS, type DeltaMethod, type WordProfile } from '@styler-dev/analytics/metrics';
import { CorpusCounts } from './corpus-counts.js';
import { BurrowsBySize, condensedDeltas, zScoreMatrix } from './delta-matrix.js';
import { condensedLength, linkage, type Merge } from './linkage.js';
import { seededRandom } from './random.js';

export interface ConsensusOptions {
  /** MFW sizes, e.g. 100, 200, …, 500 (stylo's default range). */
  mostFrequent: readonly number[];
  /** Share of trees a clade needs (default 0.5, majority rule). */
  strength?: number;
  culling?: number;
  method?: DeltaMethod;
}

export interface Clade {
  /** Indices of the documents in the clade, ascending. */
  members: number[];
  /** Share of the trees that have this clade (0–1). */
  support: number;
}

export interface ConsensusTree {
  /** The clades kept (two or more members, fewer than all), largest first. */
  clades: Clade[];
  /** The consensus tree in Newick format, supports as internal node labels. */
  newick: string;
  /** The MFW sizes the trees were built with (sizes past the vocabulary give the same tree once). */
  mostFrequent: number[];
}

/** Validates a consensus strength: from 0.5 (majority rule) to 1. */
export function consensusStrength(strength = 0.5): number {
  if (!(strength >= 0.5 && strength <= 1)) throw new RangeError('strength must be from 0.5 to 1 (majority rule)');
  return strength;
}

/** The leaves of merge `node` of `merges` (a node n + k is merge k), ascending. */
function leavesOf(merges: readonly Merge[], n: number, node: number): number[] {
  const leaves: number[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top < n) leaves.push(top);
    else stack.push(merges[top - n]!.left, merges[top - n]!.right);
  }
  return leaves.sort((a, b) => a - b);
}

/**
 * Counts the clades of trees over the same n leaves, one tree at a time. A clade is known by its
 * size and two 32-bit sums (xor) of random numbers drawn per leaf (seeded): a tree of n leaves costs
 * O(n) however deep it is, and two different clades share a key with a chance of about 2⁻⁶⁴ per pair.
 */
export class CladeCounter {
  readonly #n: number;
  readonly #keys1: Uint32Array;
  readonly #keys2: Uint32Array;
  readonly #trees: Array<readonly Merge[]> = [];
  /** Per clade key: how many trees have it, and where it was first seen (tree, node). */
  readonly #seen = new Map<string, { count: number; tree: number; node: number }>();

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${String(n)}`);
    this.#n = n;
    const random = seededRandom(0x5eed);
    this.#keys1 = Uint32Array.from({ length: n }, () => Math.floor(random() * 2 ** 32));
    this.#keys2 = Uint32Array.from({ length: n }, () => Math.floor(random() * 2 ** 32));
  }

  /** Trees counted. */
  get trees(): number {
    return this.#trees.length;
  }

  /** Counts the clades of one tree (its n − 1 merges, as linkage() gives them). */
  add(merges: readonly Merge[]): void {
    const n = this.#n;
    if (merges.length !== n - 1) throw new RangeError(`a tree of ${n} leaves has ${n - 1} merges`);
    const tree = this.#trees.length;
    this.#trees.push(merges);
    const key1 = new Uint32Array(2 * n - 1);
    const key2 = new Uint32Array(2 * n - 1);
    key1.set(this.#keys1);
    key2.set(this.#keys2);
    merges.forEach((merge, k) => {
      const node = n + k;
      key1[node] = (key1[merge.left]! ^ key1[merge.right]!) >>> 0;
      key2[node] = (key2[merge.left]! ^ key2[merge.right]!) >>> 0;
      if (merge.size >= n) return;
      const key = `${merge.size}:${key1[node]}:${key2[node]}`;
      const entry = this.#seen.get(key);
      // Once per tree: a clade cannot occur twice in one tree.
      if (entry === undefined) this.#seen.set(key, { count: 1, tree, node });
      else entry.count += 1;
    });
  }

  /**
   * The clades of more than half the trees (or at least `strength` of them, above one half), two or
   * more members and fewer than all, largest first (then by their first member).
   */
  clades(strength = 0.5): Clade[] {
    consensusStrength(strength);
    const trees = this.#trees.length;
    if (trees === 0) return [];
    const clades: Clade[] = [];
    for (const { count, tree, node } of this.#seen.values()) {
      const share = count / trees;
      // Strictly more than half (or the share asked): two majority clades can then never conflict.
      if (!(share > strength || (strength > 0.5 && share >= strength))) continue;
      clades.push({ members: leavesOf(this.#trees[tree]!, this.#n, node), support: share });
    }
    return clades.sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
  }
}

/**
 * Newick of the nested clades over `labels` (the clades of a majority consensus are compatible):
 * smallest clades first, each gathering its members' current subtrees (leaves in index order, then
 * earlier clades in the order they were made), supports in percent as node labels.
 */
export function consensusNewick(labels: readonly string[], clades: readonly Clade[]): string {
  const n = labels.length;
  const quote = (label: string): string => `'${label.replace(/'/g, "''")}'`;
  const text: string[] = labels.map(quote);
  // The node above each leaf or clade node (itself at the top), with path halving.
  const above: number[] = Array.from({ length: n }, (_, i) => i);
  const top = (node: number): number => {
    while (above[node] !== node) {
      above[node] = above[above[node]!]!;
      node = above[node]!;
    }
    return node;
  };
  for (const clade of [...clades].sort((a, b) => a.members.length - b.members.length)) {
    const children = [...new Set(clade.members.map(top))].sort((a, b) => a - b);
    const node = text.length;
    text.push(`(${children.map((child) => text[child]!).join(',')})${Math.round(clade.support * 100)}`);
    above.push(node);
    for (const child of children) above[child] = node;
  }
  const roots = text.map((_, node) => node).filter((node) => above[node] === node);
  return `(${roots.map((node) => text[node]!).join(',')});`;
}

/** The consensus of Ward trees of the documents' Delta distances at each MFW size. */
export function bootstrapConsensus(
  documents: ReadonlyArray<{ name: string; profile: WordProfile }>,
  options: ConsensusOptions,
): ConsensusTree {
  const n = documents.length;
  if (n < 3) throw new RangeError('a consensus tree needs at least three documents');
  const sizes = [...new Set(options.mostFrequent)].sort((a, b) => a - b);
  if (sizes.length === 0) throw new RangeError('give at least one MFW size');
  const strength = consensusStrength(options.strength);
  const method = options.method ?? 'burrows';
  if (!DELTA_METHODS.includes(method)) throw new RangeError(`method must be one of ${DELTA_METHODS.join(', ')}`);
  const counts = new CorpusCounts();
  for (const document of documents) counts.add(document.profile);
  const all = documents.map((_, i) => i);
  // The reference at the largest size: at each smaller one its words are the first ones, with the same μ and σ.
  const z = zScoreMatrix(counts, all, counts.reference(all, sizes.at(-1)!, options.culling ?? 0));
  const counter = new CladeCounter(n);
  const burrows = method === 'burrows' ? new BurrowsBySize(z) : undefined;
  const distances = new Float64Array(condensedLength(n));
  for (const size of sizes) {
    const words = Math.min(size, z.columns);
    if (burrows !== undefined) burrows.at(words, distances);
    else condensedDeltas(z, method, { words, out: distances });
    counter.add(linkage(distances, n, 'ward'));
  }
  const clades = counter.clades(strength);
  return {
    clades,
    newick: consensusNewick(
      documents.map((document) => document.name),
      clades,
    ),
    mostFrequent: sizes,
  };
}
