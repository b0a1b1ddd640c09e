/**
 * Ward clustering of a distance matrix (R's hclust(method = "ward.D"), which stylo's cluster
 * analysis uses on Delta), and trees in Newick format. The clustering itself is linkage.ts's
 * nearest-neighbour chain, in O(n²) time.
 */
import { condensedLength, linkage, type Merge } from './linkage.js';

export type { Merge } from './linkage.js';

/** The n − 1 merges of `distances` (a symmetric n × n matrix, n ≥ 1; its upper triangle is read), lowest first. */
export function wardClustering(distances: readonly (readonly number[])[]): Merge[] {
  const n = distances.length;
  if (distances.some((row) => row.length !== n)) throw new RangeError('distances must be a square matrix');
  const condensed = new Float64Array(condensedLength(n));
  let index = 0;
  for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) condensed[index++] = distances[i]![j]!;
  return linkage(condensed, n, 'ward');
}

/** The tree of `merges` over `labels` in Newick format (branch lengths: height differences). */
export function newick(labels: readonly string[], merges: readonly Merge[]): string {
  const quote = (label: string): string => `'${label.replace(/'/g, "''")}'`;
  const nodes: Array<{ text: string; height: number }> = labels.map((label) => ({ text: quote(label), height: 0 }));
  for (const merge of merges) {
    const left = nodes[merge.left]!;
    const right = nodes[merge.right]!;
    const length = (node: { height: number }): string => (merge.height - node.height).toFixed(6);
    nodes.push({ text: `(${left.text}:${length(left)},${right.text}:${length(right)})`, height: merge.height });
  }
  return `${nodes[nodes.length - 1]?.text ?? ''};`;
}
