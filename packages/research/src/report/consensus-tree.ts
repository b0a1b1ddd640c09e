/**
 * The bootstrap consensus tree drawn as a plain SVG cladogram: the clades nest (a majority-rule
 * consensus has no conflicting ones), so each hangs under the smallest clade that holds it, every
 * leaf under the smallest clade that holds it, and the rest under the root (a star, as stylo draws
 * unresolved documents). Leaves are aligned on the right, each coloured by its group in the colours
 * of the Vega-Lite plots, with each clade's support. Over more than FIGURE_LEAVES documents the
 * drawing is cut: the largest clades are opened while the leaves fit, the others drawn as one leaf
 * each with their size and groups' shares (grey when of several groups); a document in no clade is
 * drawn itself, never bundled into a clade it is not in.
 */
import type { Clade } from '../stylometry/index.js';
import { groupStyles } from './colours.js';
import { escapeHtml } from './html.js';
import {
  clusterGroup,
  clusterLabel,
  drawnCounts,
  FIGURE_LEAVES,
  MIXED_COLOUR,
  MIXED_GROUP,
  type DrawnCounts,
} from './tree-truncation.js';

interface Node {
  members: readonly number[];
  support: number | null;
  children: Node[];
  leaf?: number;
}

/**
 * The clades as a tree under a root holding every document. Largest first, each clade's parent is
 * the clade its first member was last put in (they nest), so the work is the clades' total size.
 */
export function consensusHierarchy(documents: number, clades: readonly Clade[]): Node {
  const root: Node = { members: [...Array(documents).keys()], support: null, children: [] };
  const owner: Node[] = new Array<Node>(documents).fill(root);
  const sorted = [...clades].sort((a, b) => b.members.length - a.members.length);
  for (const clade of sorted) {
    const node: Node = { members: clade.members, support: clade.support, children: [] };
    owner[clade.members[0]!]!.children.push(node);
    for (const member of clade.members) owner[member] = node;
  }
  for (let leaf = 0; leaf < documents; leaf += 1) {
    owner[leaf]!.children.push({ members: [leaf], support: null, children: [], leaf });
  }
  return root;
}

/** A node as drawn: a document, a closed clade, a bundle of documents in no clade, or an open clade. */
interface Shown {
  label?: string;
  group?: string;
  support: number | null;
  children: Shown[];
  /** Documents the leaf stands for (1: a document drawn itself); 0 for an open clade. */
  size: number;
  /** The clade behind a closed leaf, to open if the page has room. */
  closed?: Node;
}

function closedClade(clade: Node, groups: readonly string[]): Shown {
  const members = clade.members.map((m) => groups[m]!);
  return {
    label: clusterLabel(members),
    group: clusterGroup(members),
    support: clade.support,
    children: [],
    size: members.length,
    closed: clade,
  };
}

/** Display nodes under `node`: its clades closed, its own documents each drawn. */
function childrenOf(node: Node, labels: readonly string[], groups: readonly string[]): Shown[] {
  return node.children.map((child) =>
    child.leaf === undefined
      ? closedClade(child, groups)
      : { label: labels[child.leaf]!, group: groups[child.leaf]!, support: null, children: [], size: 1 },
  );
}

/**
 * When the root alone has more branches than the page holds (thousands of documents in no clade, or
 * of small clades): the documents in no clade bundled per group, saying they are in no clade; then,
 * if still too many, the clades bundled per group too. Only then is a leaf something else than a
 * clade or a document, and its label says so.
 */
function boundedRoot(shown: Shown[]): Shown[] {
  if (shown.length <= FIGURE_LEAVES) return shown;
  const bundle = (items: Shown[], what: (n: number) => string): Shown[] => {
    const byGroup = new Map<string, Shown[]>();
    for (const item of items) byGroup.set(item.group ?? '', [...(byGroup.get(item.group ?? '') ?? []), item]);
    return [...byGroup].map(([group, members]) => {
      const size = members.reduce((sum, m) => sum + m.size, 0);
      return { label: `${size} docs ${what(members.length)}: ${group}`, group, support: null, children: [], size };
    });
  };
  const clades = shown.filter((child) => child.closed !== undefined);
  const loose = bundle(
    shown.filter((child) => child.closed === undefined),
    () => 'in no group',
  );
  if (clades.length + loose.length <= FIGURE_LEAVES) return [...clades, ...loose];
  return [...bundle(clades, (n) => `in ${n} small groups`), ...loose];
}

/**
 * The tree as drawn: whole up to FIGURE_LEAVES documents; past that, clades opened largest first
 * while the leaves shown stay within FIGURE_LEAVES, each clade left closed drawn as one leaf with
 * its size and groups' shares, every document outside a closed clade drawn itself.
 */
export function shownTree(root: Node, labels: readonly string[], groups: readonly string[]): Shown {
  const cutting = labels.length > FIGURE_LEAVES;
  const top: Shown = { support: null, children: childrenOf(root, labels, groups), size: 0 };
  if (!cutting) {
    const open = (shown: Shown): void => {
      shown.children = shown.children.map((child) => {
        if (child.closed === undefined) return child;
        const opened: Shown = { support: child.support, children: childrenOf(child.closed, labels, groups), size: 0 };
        open(opened);
        return opened;
      });
    };
    open(top);
    return top;
  }
  top.children = boundedRoot(top.children);
  let leaves = top.children.length;
  // Closed clades, largest first; each opened when its children fit in the room left.
  const queue: Array<{ parent: Shown; at: number }> = [];
  const enqueue = (parent: Shown): void =>
    parent.children.forEach((child, at) => {
      if (child.closed !== undefined) queue.push({ parent, at });
    });
  enqueue(top);
  while (queue.length > 0) {
    queue.sort((a, b) => a.parent.children[a.at]!.size - b.parent.children[b.at]!.size);
    const { parent, at } = queue.pop()!;
    const child = parent.children[at]!;
    const children = childrenOf(child.closed!, labels, groups);
    if (leaves - 1 + children.length > FIGURE_LEAVES) continue;
    leaves += children.length - 1;
    const opened: Shown = { support: child.support, children, size: 0 };
    parent.children[at] = opened;
    enqueue(opened);
  }
  return top;
}

/** How many documents the consensus tree figure draws one by one, and how many it bundles. */
export function consensusTreeCounts(
  labels: readonly string[],
  groups: readonly string[],
  clades: readonly Clade[],
): DrawnCounts {
  const sizes: number[] = [];
  const walk = (node: Shown): void => {
    if (node.children.length === 0) sizes.push(node.size);
    else node.children.forEach(walk);
  };
  walk(shownTree(consensusHierarchy(labels.length, clades), labels, groups));
  return drawnCounts(sizes);
}

const ROW_PX = 16;
const LEVEL_PX = 28;
const LABEL_PX = 7;

/**
 * The consensus tree as an SVG element with its title, labelled for screen readers. `labels` name
 * the documents, `groups` colour them (authors, or an unknown text's folder) in the order `order`.
 */
export function consensusTreeSvg(
  labels: readonly string[],
  groups: readonly string[],
  clades: readonly Clade[],
  linkage = 'Ward',
  order: readonly string[] = [...new Set(groups)].sort(),
): string {
  const tree = shownTree(consensusHierarchy(labels.length, clades), labels, groups);
  const depthOf = (node: Shown): number =>
    node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(depthOf));
  const levels = depthOf(tree);
  const styles = groupStyles(order);
  const colour = (group: string | undefined): string =>
    group === MIXED_GROUP ? MIXED_COLOUR : (styles.colours[order.indexOf(group ?? '')] ?? '#555');
  const parts: string[] = [];
  let longest = 8;
  const treeWidth = levels * LEVEL_PX;
  const title = 'Bootstrap consensus tree';
  parts.push(`<text x="10" y="20" font-size="14" font-weight="bold">${title}</text>`);
  const top = 32;
  let row = 0;
  // Returns the node's y; draws its lines and its children's.
  const draw = (node: Shown, depth: number): number => {
    const x = 10 + depth * LEVEL_PX;
    if (node.children.length === 0) {
      const y = top + row * ROW_PX + ROW_PX / 2;
      row += 1;
      const label = node.label ?? '';
      longest = Math.max(longest, label.length);
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${10 + treeWidth}" y2="${y}" stroke="#bbb" stroke-dasharray="2 2"/>`,
        `<text x="${14 + treeWidth}" y="${y + 4}" font-size="11" fill="${colour(node.group)}">${escapeHtml(label)}</text>`,
      );
      if (node.support !== null) {
        parts.push(
          `<text x="${x + 3}" y="${y - 3}" font-size="11" fill="#444">${Math.round(node.support * 100)}</text>`,
        );
      }
      return y;
    }
    const ys = node.children.map((child) => {
      const y = draw(child, depth + 1);
      parts.push(`<line x1="${x}" y1="${y}" x2="${x + LEVEL_PX}" y2="${y}" stroke="#555"/>`);
      return y;
    });
    const [first, last] = [Math.min(...ys), Math.max(...ys)];
    parts.push(`<line x1="${x}" y1="${first}" x2="${x}" y2="${last}" stroke="#555"/>`);
    if (node.support !== null) {
      parts.push(
        `<text x="${x + 3}" y="${first - 3}" font-size="11" fill="#444">${Math.round(node.support * 100)}</text>`,
      );
    }
    return (first + last) / 2;
  };
  draw(tree, 0);
  const legendY = top + row * ROW_PX + 18;
  const mixed = parts.some((part) => part.includes(`fill="${MIXED_COLOUR}"`));
  const legend = [
    ...order.map((group, i) => ({ group, fill: styles.colours[i]! })),
    ...(mixed ? [{ group: 'several groups', fill: MIXED_COLOUR }] : []),
  ];
  legend.forEach(({ group, fill }, i) => {
    const y = legendY + i * ROW_PX;
    parts.push(
      `<rect x="10" y="${y - 9}" width="10" height="10" fill="${fill}"/>`,
      `<text x="26" y="${y}" font-size="11">${escapeHtml(group)}</text>`,
    );
  });
  const width = Math.max(360, 20 + treeWidth + longest * LABEL_PX);
  const height = legendY + legend.length * ROW_PX;
  const label = `Bootstrap consensus tree: documents joined by the groups found in most ${linkage} trees, each group with its support in percent; leaves coloured by author.`;
  return (
    `<svg role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">` +
    `<title>${escapeHtml(label)}</title>${parts.join('')}</svg>`
  );
}
