/**
 * Agglomerative clustering with Ward's criterion on a distance matrix, by the Lance–Williams update
 * d(k, i∪j) = ((n_i + n_k)·d(k, i) + (n_j + n_k)·d(k, j) − n_k·d(i, j)) / (n_i + n_j + n_k) applied to
 * the distances as given: R's hclust(method = "ward.D"), which stylo's cluster analysis uses on Delta.
 */

/** One merge: the clusters joined (leaves 0…n−1, merged clusters n, n+1, … in merge order) and the height. */
export interface Merge {
  left: number;
  right: number;
  height: number;
  size: number;
}

/** The n − 1 merges of `distances` (a symmetric n × n matrix, n ≥ 1), lowest first. */
export function wardClustering(distances: readonly (readonly number[])[]): Merge[] {
  const n = distances.length;
  if (distances.some((row) => row.length !== n)) throw new RangeError('distances must be a square matrix');
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
      const updated =
        ((size[a]! + size[k]!) * d[k]![a]! + (size[b]! + size[k]!) * d[k]![b]! - size[k]! * best) /
        (size[a]! + size[b]! + size[k]!);
      d[k]![a] = updated;
      d[a]![k] = updated;
    }
    size[a] = size[a]! + size[b]!;
    id[a] = n + merges.length - 1;
    active.delete(b);
  }
  return merges;
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
