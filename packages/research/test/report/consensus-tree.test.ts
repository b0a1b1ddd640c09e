/**
 * Tree figures that show every document up to the leaf limit, and past it bundle only real clades,
 * opened largest first, grey when mixed, with counts that add up.
 */
import { describe, expect, it } from 'vitest';
import type { Clade, Merge } from '../../src/stylometry/index.js';
import { consensusTreeCounts, consensusTreeSvg } from '../../src/report/consensus-tree.js';
import { dendrogramSpec } from '../../src/report/plots.js';
import { FIGURE_LEAVES, lastClusters, MIXED_COLOUR, MIXED_GROUP } from '../../src/report/tree-truncation.js';

/** A chain of merges over n documents (each joins the cluster so far): every pair in one tree. */
function chainMerges(n: number): Merge[] {
  return Array.from({ length: n - 1 }, (_, i) => ({
    left: i === 0 ? 0 : n + i - 1,
    right: i + 1,
    height: i + 1,
    size: i + 2,
  }));
}

const leafTexts = (svg: string): string[] =>
  [...svg.matchAll(/<text x="[\d.]+" y="[\d.]+" font-size="11" fill="#[0-9a-f]{6}">([^<]*)</g)].map((m) => m[1]!);

describe('tree figures', () => {
  it('draw every document of an 82-document corpus, unresolved ones included', () => {
    const n = 82;
    const labels = Array.from({ length: n }, (_, i) => `No. ${i + 1}`);
    const groups = labels.map((_, i) => (i < 51 ? 'hamilton' : i < 65 ? 'madison' : 'disputed'));
    // A few clades of Hamilton's papers; most documents in no clade, as a consensus with few groups.
    const clades: Clade[] = [
      { members: [0, 1, 2, 3, 4, 5, 6, 7], support: 0.8 },
      { members: [0, 1, 2], support: 0.6 },
      { members: [51, 52, 53], support: 0.9 },
    ];
    const shown = leafTexts(consensusTreeSvg(labels, groups, clades));
    expect(shown.filter((label) => label.startsWith('No. ')).sort()).toEqual([...labels].sort());
    expect(consensusTreeCounts(labels, groups, clades)).toEqual({ documents: n, bundles: 0, bundled: 0 });
    const dendrogram = dendrogramSpec(labels, groups, chainMerges(n)) as unknown as {
      layer: Array<{ data: { values: Array<{ label: string }> } }>;
    };
    expect(dendrogram.layer[1]!.data.values.map((leaf) => leaf.label).sort()).toEqual([...labels].sort());
  });

  it('past the limit, bundle only clades, never documents in no clade, and open the largest first', () => {
    const n = FIGURE_LEAVES + 10;
    const labels = Array.from({ length: n }, (_, i) => `d${i}`);
    const groups = labels.map((_, i) => (i % 2 === 0 ? 'a' : 'b'));
    // Two clades, of 40 (mixed) and of 30 (all "a"), and 40 documents in no clade: 42 leaves; the first
    // opened makes 81, the second would make 110.
    const first = Array.from({ length: 40 }, (_, i) => i);
    const second = Array.from({ length: 40 }, (_, i) => 40 + 2 * i).filter((m) => m < n);
    const clades: Clade[] = [
      { members: first, support: 0.7 },
      { members: second.slice(0, 30), support: 0.6 },
    ];
    const svg = consensusTreeSvg(labels, groups, clades);
    const shown = leafTexts(svg);
    const inClade = new Set([...first, ...second.slice(0, 30)]);
    // Every document in no clade is drawn itself.
    for (let i = 0; i < n; i += 1) if (!inClade.has(i)) expect(shown, `d${i}`).toContain(`d${i}`);
    expect(shown.some((label) => /in no group/.test(label))).toBe(false);
    const counts = consensusTreeCounts(labels, groups, clades);
    expect(counts.documents + counts.bundled).toBe(n);
    expect(counts.documents + counts.bundles).toBeLessThanOrEqual(FIGURE_LEAVES);
    // The larger clade (40) is opened before the smaller (30), which stays closed, in one colour.
    expect(shown).toContain('d0');
    expect(shown).toContain('30 docs: a 100 %');
    // A closed mixed clade would be grey: the mixed colour appears only with mixed bundles.
    expect(svg.includes(MIXED_COLOUR)).toBe(false);
  });

  it('colour a bundle of several groups grey in both figures, and name it in the legend', () => {
    const n = FIGURE_LEAVES + 50;
    const labels = Array.from({ length: n }, (_, i) => `d${i}`);
    const groups = labels.map((_, i) => (i % 3 === 0 ? 'a' : 'b'));
    const clades: Clade[] = [{ members: Array.from({ length: 60 }, (_, i) => i), support: 0.9 }];
    const svg = consensusTreeSvg(labels, groups, clades);
    expect(svg).toContain(`fill="${MIXED_COLOUR}">60 docs: b 67 %, a 33 %<`);
    expect(svg).toContain('>several groups</text>');
    const merges = chainMerges(n);
    const { leaves } = lastClusters(labels, groups, merges, FIGURE_LEAVES);
    expect(leaves.filter((leaf) => leaf.size > 1).every((leaf) => leaf.group === MIXED_GROUP)).toBe(true);
    const spec = dendrogramSpec(labels, groups, merges) as unknown as {
      layer: Array<{ encoding: { color: { scale: { domain: string[]; range: string[] } } } }>;
    };
    const { domain, range } = spec.layer[1]!.encoding.color.scale;
    expect(range[domain.indexOf(MIXED_GROUP)]).toBe(MIXED_COLOUR);
  });
});
