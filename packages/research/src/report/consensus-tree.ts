/**
 * The bootstrap consensus tree drawn as a plain SVG cladogram: the clades nest (a majority-rule
 * consensus has no conflicting ones), so each hangs under the smallest clade that holds it, every
 * leaf under the smallest clade that holds it, and the rest under the root (a star, as stylo draws
 * unresolved documents). Leaves are aligned on the right, each coloured by its own document's author
 * in the colours of the Vega-Lite plots (tableau10 over the sorted authors), with each clade's support.
 */
import type { Clade } from '../stylometry/index.js';
import { TABLEAU10 } from './colours.js';
import { escapeHtml } from './html.js';

interface Node {
  members: readonly number[];
  support: number | null;
  children: Node[];
  leaf?: number;
}

/** The clades as a tree under a root holding every document. */
export function consensusHierarchy(documents: number, clades: readonly Clade[]): Node {
  const root: Node = { members: [...Array(documents).keys()], support: null, children: [] };
  const nodes: Node[] = [...clades]
    .sort((a, b) => b.members.length - a.members.length)
    .map((clade) => ({ members: clade.members, support: clade.support, children: [] }));
  const smallestHolding = (members: readonly number[], among: readonly Node[]): Node => {
    const inside = new Set<number>();
    let best = root;
    for (const node of among) {
      inside.clear();
      node.members.forEach((m) => inside.add(m));
      if (members.every((m) => inside.has(m)) && node.members.length < best.members.length) best = node;
    }
    return best;
  };
  nodes.forEach((node, i) => {
    // Larger clades come first, so a clade's parent is among those before it.
    smallestHolding(node.members, nodes.slice(0, i)).children.push(node);
  });
  for (let leaf = 0; leaf < documents; leaf += 1) {
    smallestHolding([leaf], nodes).children.push({ members: [leaf], support: null, children: [], leaf });
  }
  return root;
}

const ROW_PX = 16;
const LEVEL_PX = 28;
const LABEL_PX = 7;

/** The consensus tree as an SVG element, labelled for screen readers. */
export function consensusTreeSvg(
  names: readonly string[],
  authors: ReadonlyArray<string | null>,
  clades: readonly Clade[],
  linkage = 'Ward',
): string {
  const root = consensusHierarchy(names.length, clades);
  const depthOf = (node: Node): number =>
    node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(depthOf));
  const levels = depthOf(root);
  const authorNames = [...new Set(authors.map((author) => author ?? 'unknown'))].sort();
  const colour = (leaf: number): string =>
    TABLEAU10[authorNames.indexOf(authors[leaf] ?? 'unknown') % TABLEAU10.length]!;
  const longest = Math.max(...names.map((name) => name.length), 8);
  const treeWidth = levels * LEVEL_PX;
  const top = 10;
  const parts: string[] = [];
  let row = 0;
  // Returns the node's y; draws its lines and its children's.
  const draw = (node: Node, depth: number): number => {
    const x = 10 + depth * LEVEL_PX;
    if (node.leaf !== undefined) {
      const y = top + row * ROW_PX + ROW_PX / 2;
      row += 1;
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${10 + treeWidth}" y2="${y}" stroke="#bbb" stroke-dasharray="2 2"/>`,
        `<text x="${14 + treeWidth}" y="${y + 4}" font-size="11" fill="${colour(node.leaf)}">${escapeHtml(names[node.leaf]!)}</text>`,
      );
      return y;
    }
    const ys = node.children.map((child) => {
      const y = draw(child, depth + 1);
      parts.push(`<line x1="${x}" y1="${y}" x2="${x + LEVEL_PX}" y2="${y}" stroke="#555"/>`);
      return y;
    });
    const [first, last] = [Math.min(...ys), Math.max(...ys)];
    parts.push(`<line x1="${x}" y1="${first}" x2="${x}" y2="${last}" stroke="#555"/>`);
    const y = (first + last) / 2;
    if (node.support !== null) {
      parts.push(
        `<text x="${x + 3}" y="${first - 3}" font-size="9" fill="#444">${Math.round(node.support * 100)}</text>`,
      );
    }
    return y;
  };
  draw(root, 0);
  const legendY = top + row * ROW_PX + 18;
  authorNames.forEach((author, i) => {
    const y = legendY + i * ROW_PX;
    parts.push(
      `<rect x="10" y="${y - 9}" width="10" height="10" fill="${TABLEAU10[i % TABLEAU10.length]}"/>`,
      `<text x="26" y="${y}" font-size="11">${escapeHtml(author)}</text>`,
    );
  });
  const width = 20 + treeWidth + longest * LABEL_PX;
  const height = legendY + authorNames.length * ROW_PX;
  const label = `Bootstrap consensus tree: documents joined by the groups found in most ${linkage} trees, each group with its support in percent; leaves coloured by author.`;
  return (
    `<svg role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">` +
    `<title>${escapeHtml(label)}</title>${parts.join('')}</svg>`
  );
}
