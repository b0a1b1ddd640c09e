/**
 * Trees over more documents than a page holds, cut for drawing as scipy's dendrogram does with
 * `truncate_mode="lastp"`: only the last merges are drawn, each cluster they join shown as one leaf
 * with its size and its groups' shares ("312 docs: austen 80 %, twain 20 %"). The whole tree stays
 * in tree.csv and the Newick text; the figure's work grows with the leaves it shows, not the corpus.
 */
import type { Merge } from '../stylometry/index.js';

/**
 * The most leaves a tree figure shows: every document of a corpus up to this size is drawn; past it,
 * clusters are drawn as one leaf each.
 */
export const FIGURE_LEAVES = 100;

/** The group of a drawn cluster whose documents are of more than one group, and its colour. */
export const MIXED_GROUP = 'mixed';
export const MIXED_COLOUR = '#6b6b6b';

/** A cluster drawn as one leaf: its members' count, its group (or MIXED_GROUP) and a label saying both. */
export interface ClusterLeaf {
  label: string;
  group: string;
  size: number;
}

/** "312 docs: austen 80 %, twain 20 %": the three largest groups, then the rest together. */
export function clusterLabel(groups: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const group of groups) counts.set(group, (counts.get(group) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const share = (count: number): string => `${Math.round((100 * count) / groups.length)} %`;
  const shown = sorted.slice(0, 3).map(([group, count]) => `${group} ${share(count)}`);
  const rest = sorted.slice(3).reduce((sum, [, count]) => sum + count, 0);
  if (rest > 0) shown.push(`${sorted.length - 3} others ${share(rest)}`);
  return `${groups.length} docs: ${shown.join(', ')}`;
}

/** The colour group of a cluster: its documents' group when they share one, else MIXED_GROUP. */
export function clusterGroup(groups: readonly string[]): string {
  const first = groups[0] ?? '';
  return groups.every((group) => group === first) ? first : MIXED_GROUP;
}

/** What a tree figure shows: documents drawn one by one, and clusters drawn as one leaf each. */
export interface DrawnCounts {
  documents: number;
  bundles: number;
  bundled: number;
}

/** The counts of leaves of these sizes (a leaf of one document is the document). */
export function drawnCounts(sizes: readonly number[]): DrawnCounts {
  const bundles = sizes.filter((size) => size > 1);
  return {
    documents: sizes.length - bundles.length,
    bundles: bundles.length,
    bundled: bundles.reduce((sum, size) => sum + size, 0),
  };
}

/** "62 documents drawn one by one, 20 more in 4 clusters drawn as one leaf each". */
export function drawnSentence(counts: DrawnCounts): string {
  const one = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const bundled =
    counts.bundles === 0 ? '' : `, ${counts.bundled} more in ${one(counts.bundles, 'cluster')} drawn as one leaf each`;
  return `${one(counts.documents, 'document')} drawn one by one${bundled}`;
}

/**
 * The last `p` clusters of a linkage over `labels.length` documents: the merges among them renumbered
 * (leaves 0 … p − 1, as dendrogramLayout takes them) and each cluster as a leaf. A cluster of one
 * document keeps that document's label and group.
 */
export function lastClusters(
  labels: readonly string[],
  groups: readonly string[],
  merges: readonly Merge[],
  p: number,
): { merges: Merge[]; leaves: ClusterLeaf[] } {
  const n = labels.length;
  const kept = Math.min(p - 1, merges.length);
  const firstKept = merges.length - kept;
  const isKept = (node: number): boolean => node >= n + firstKept;
  const clusterIds: number[] = [];
  const index = new Map<number, number>();
  const renumber = (node: number): number => {
    if (isKept(node)) return p + (node - n - firstKept);
    if (!index.has(node)) {
      index.set(node, clusterIds.length);
      clusterIds.push(node);
    }
    return index.get(node)!;
  };
  const top = merges.slice(firstKept).map((merge) => ({
    left: renumber(merge.left),
    right: renumber(merge.right),
    height: merge.height,
    size: merge.size,
  }));
  const count = clusterIds.length;
  // Leaves are numbered 0 … count − 1 and merges from count on, as a linkage of count leaves.
  const shifted = top.map((merge) => ({
    ...merge,
    left: merge.left >= p ? merge.left - p + count : merge.left,
    right: merge.right >= p ? merge.right - p + count : merge.right,
  }));
  const leaves = clusterIds.map((node): ClusterLeaf => {
    if (node < n) return { label: labels[node]!, group: groups[node]!, size: 1 };
    const members: string[] = [];
    const stack = [node];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next < n) members.push(groups[next]!);
      else stack.push(merges[next - n]!.left, merges[next - n]!.right);
    }
    return { label: clusterLabel(members), group: clusterGroup(members), size: members.length };
  });
  return { merges: shifted, leaves };
}
