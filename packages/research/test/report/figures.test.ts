/**
 * The figures as a reader sees them: distinct colours for many groups, trees of hundreds of
 * documents cut to a page, labels and groups named as the corpus names them, Zeta drawn as stylo
 * draws it, captions in the figure files, and every figure bounded in pixels.
 */
import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import type { Clade, Merge } from '../../src/stylometry/index.js';
import { benchmarkFigureNames } from '../../src/report/benchmark-report.js';
import { groupStyles, PALETTE } from '../../src/report/colours.js';
import { consensusTreeSvg } from '../../src/report/consensus-tree.js';
import { captionedSvg } from '../../src/report/figure-files.js';
import { boundedSvg, FIGURE_MAX_SIDE, svgSize } from '../../src/report/figure-size.js';
import { metricLabel } from '../../src/report/html.js';
import { documentGroups, documentLabel, groupOrder } from '../../src/report/labels.js';
import {
  confusionSpec,
  dendrogramSpec,
  distributionSpec,
  improvementSpec,
  pcaSpec,
  renderPlot,
  zeroTicks,
} from '../../src/report/plots.js';
import { svgToPng } from '../../src/report/png.js';
import { zetaSpec, zetaWordsSpec } from '../../src/report/stylometry-plots.js';
import { FIGURE_LEAVES } from '../../src/report/tree-truncation.js';

/** The SVG of a spec, as the report draws it. */
async function draw(spec: TopLevelSpec): Promise<string> {
  return /<svg[\s\S]*<\/svg>/.exec(await renderPlot(spec, 'caption'))![0];
}

/** Fill colours of the symbols drawn (legend symbols included). */
const fills = (svg: string): Set<string> => new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => m[1]!));

/** A balanced Ward-like linkage over n leaves: pairs joined first, then pairs of pairs. */
function balancedMerges(n: number): Merge[] {
  const merges: Merge[] = [];
  let level = [...Array(n).keys()].map((node) => ({ node, size: 1 }));
  let height = 1;
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) {
        next.push(level[i]!);
        continue;
      }
      const size = level[i]!.size + level[i + 1]!.size;
      merges.push({ left: level[i]!.node, right: level[i + 1]!.node, height, size });
      next.push({ node: n + merges.length - 1, size });
    }
    level = next;
    height += 1;
  }
  return merges;
}

describe('figures', () => {
  it('names documents without the folder their file repeats, and unknown texts by their folder', () => {
    expect(documentLabel('Hamilton/Hamilton_29.txt')).toBe('Hamilton_29');
    expect(documentLabel('austen/01.txt')).toBe('austen/01');
    expect(documentLabel('plain.txt')).toBe('plain');
    const documents = [
      { name: 'a/1.txt', author: 'a' },
      { name: 'disputed/x.txt', author: null },
      { name: 'y.txt', author: null },
    ];
    const groups = documentGroups(documents);
    expect(groups).toEqual(['a', 'disputed', 'unknown']);
    expect(groupOrder([...documents.map((d) => d.author)], groups)).toEqual(['a', 'disputed', 'unknown']);
  });

  it('gives 15 groups 15 colours, and past 20 a shape as well', async () => {
    const authors = Array.from({ length: 15 }, (_, i) => `author${String(i).padStart(2, '0')}`);
    const points = authors.map((author, i) => ({ document: `${author}/1`, author, pc1: i, pc2: i % 3 }));
    const colours = [...fills(await draw(pcaSpec(points, [0.3, 0.2])))].filter((fill) => PALETTE.includes(fill));
    expect(colours).toHaveLength(15);
    const styles = groupStyles(Array.from({ length: 30 }, (_, i) => `g${i}`));
    const pairs = new Set(styles.colours.map((colour, i) => `${colour} ${styles.shapes[i]}`));
    expect(pairs.size).toBe(30);
    expect(new Set(styles.colours.slice(0, 20)).size).toBe(20);
  });

  it('labels the PCA points when few, and the unknown texts always', async () => {
    const few = await draw(
      pcaSpec(
        [
          { document: 'Hamilton_1', author: 'Hamilton', pc1: 0, pc2: 1 },
          { document: 'Madison_2', author: 'Madison', pc1: 1, pc2: 0 },
        ],
        [0.5, 0.2],
      ),
    );
    expect(few).toContain('>Hamilton_1<');
    const many = Array.from({ length: 200 }, (_, i) => ({
      document: `doc${i}`,
      author: i % 2 === 0 ? 'a' : 'b',
      known: i !== 7,
      pc1: i,
      pc2: -i,
    }));
    const svg = await draw(pcaSpec(many, [0.5, 0.2]));
    expect(svg).toContain('>doc7<');
    expect(svg).not.toContain('>doc8<');
  });

  it(`draws a dendrogram of 500 documents as its last ${FIGURE_LEAVES} clusters, each with its size and authors`, async () => {
    const n = 500;
    const labels = Array.from({ length: n }, (_, i) => `doc${i}`);
    const groups = labels.map((_, i) => (i % 5 === 0 ? 'twain' : 'austen'));
    const spec = dendrogramSpec(labels, groups, balancedMerges(n));
    const leaves = (spec as unknown as { layer: Array<{ data: { values: Array<{ label: string }> } }> }).layer[1]!.data
      .values;
    expect(leaves).toHaveLength(FIGURE_LEAVES);
    expect(leaves.reduce((sum, leaf) => sum + Number(/^(\d+) docs/.exec(leaf.label)?.[1] ?? 1), 0)).toBe(n);
    expect(leaves[0]!.label).toMatch(/^\d+ docs: austen \d+ %, twain \d+ %$/);
    const svg = await draw(spec);
    expect(svgSize(svg).height).toBeLessThan(2_000);
  });

  it(`draws a consensus tree of 500 documents in at most ${FIGURE_LEAVES} leaves, with its title`, () => {
    const n = 500;
    const labels = Array.from({ length: n }, (_, i) => `doc${i}`);
    const groups = labels.map((_, i) => ['austen', 'twain', 'darwin'][i % 3]!);
    // Nested clades of a balanced tree, and 100 documents left unresolved at the root.
    const clades: Clade[] = [];
    const merges = balancedMerges(400);
    const members: number[][] = [];
    for (const merge of merges) {
      const side = (node: number) => (node < 400 ? [node] : members[node - 400]!);
      members.push([...side(merge.left), ...side(merge.right)]);
      if (members.at(-1)!.length < 400) clades.push({ members: members.at(-1)!, support: 0.8 });
    }
    const svg = consensusTreeSvg(labels, groups, clades);
    const leafLabels = [...svg.matchAll(/<text x="[\d.]+" y="[\d.]+" font-size="11" fill="#[0-9a-f]{6}">([^<]*)</g)];
    expect(leafLabels.length).toBeGreaterThan(1);
    expect(leafLabels.length).toBeLessThanOrEqual(FIGURE_LEAVES);
    expect(leafLabels.some(([, label]) => /^\d+ docs: /.test(label!))).toBe(true);
    expect(svg).toContain('>Bootstrap consensus tree</text>');
    expect(svgSize(svg).height).toBeLessThan(2_000);
  });

  it('bounds every figure to FIGURE_MAX_SIDE pixels a side, SVG and PNG', async () => {
    const tall = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="90000" viewBox="0 0 600 90000"><rect width="600" height="90000" fill="#eee"/></svg>`;
    const bounded = boundedSvg(tall);
    expect(svgSize(bounded).height).toBe(FIGURE_MAX_SIDE);
    expect(bounded).toContain('viewBox="0 0 600 90000"');
    const png = Buffer.from((await svgToPng(tall))!);
    expect(png.readUInt32BE(16)).toBeLessThanOrEqual(FIGURE_MAX_SIDE);
    expect(png.readUInt32BE(20)).toBeLessThanOrEqual(FIGURE_MAX_SIDE);
    // A wide one too, and no viewBox to keep: one is added so the drawing scales.
    const wide = boundedSvg('<svg xmlns="http://www.w3.org/2000/svg" width="40000" height="300"></svg>');
    expect(svgSize(wide).width).toBe(FIGURE_MAX_SIDE);
    expect(wide).toContain('viewBox="0 0 40000 300"');
  });

  it('puts the caption in the figure file, under the drawing', async () => {
    const inner = await draw(confusionSpec({ a: { a: 2, b: 0 }, b: { a: 1, b: 1 } }));
    const caption =
      'Each labelled document attributed by Burrows’ Delta to the nearest author profile, its own left out.';
    const captioned = captionedSvg(inner, caption);
    expect(svgSize(captioned).height).toBeGreaterThan(svgSize(inner).height);
    expect(captioned.replace(/<[^>]*>/g, ' ')).toMatch(/Each labelled document attributed by Burrows’\s+Delta/);
  });

  it('slants the confusion matrix’s column labels, so no empty band sits above its x title', () => {
    const spec = confusionSpec({ a: { a: 1 } }) as unknown as { encoding: { x: { axis: { labelAngle: number } } } };
    expect(spec.encoding.x.axis.labelAngle).toBeGreaterThan(-90);
  });

  it('draws both Zeta marker-word lists with their scores', async () => {
    const svg = await draw(
      zetaWordsSpec(
        [
          { word: 'whilst', score: 0.6 },
          { word: 'upon', score: 0.4 },
        ],
        [
          { word: 'while', score: -0.5 },
          { word: 'on', score: -0.3 },
        ],
        'Hamilton',
        'Madison',
      ),
    );
    for (const word of ['whilst', 'upon', 'while', 'on']) expect(svg).toContain(`>${word}<`);
    expect(svg).toContain('>preferred by Hamilton<');
    expect(svg).toContain('>preferred by Madison<');
    expect(svg).toContain('>0.60<');
    expect(svg).toContain('>−0.50<');
  });

  it('fits the Zeta slices’ axes to the data, test slices in their own shape, each legend entry once', async () => {
    const points = [
      { text: 'h1', group: 'Hamilton', preferred: 0.31, avoided: 0.12 },
      { text: 'h2', group: 'Hamilton', preferred: 0.36, avoided: 0.14 },
      { text: 'm1', group: 'Madison', preferred: 0.15, avoided: 0.33 },
      { text: 'm2', group: 'Madison', preferred: 0.18, avoided: 0.38 },
      { text: 'x', group: 'test: paper49', preferred: 0.2, avoided: 0.3 },
      { text: 'x', group: 'test: paper49', preferred: 0.22, avoided: 0.28 },
    ];
    const spec = zetaSpec(points, 'Hamilton', 'Madison') as unknown as {
      encoding: { x: { scale: { domain?: unknown; zero: boolean } }; shape: { scale: { range: string[] } } };
    };
    expect(spec.encoding.x.scale.domain).toBeUndefined();
    expect(spec.encoding.x.scale.zero).toBe(false);
    expect(spec.encoding.shape.scale.range).toEqual(['circle', 'square', 'triangle-up']);
    const svg = await draw(zetaSpec(points, 'Hamilton', 'Madison'));
    const ticks = [...svg.matchAll(/>(0\.\d+|1\.0|0)</g)].map((m) => Number(m[1]));
    expect(Math.max(...ticks)).toBeLessThan(0.5);
    expect(svg.match(/>test: paper49</g)).toHaveLength(1);
    expect(svg.match(/>Hamilton</g)).toHaveLength(1);
  });

  it('gives the improvement plot a 0 tick label, readable metric names and n once when the same', async () => {
    const rows = [
      { system: 'llm', metric: metricLabel('sentence_length_stats.mean'), mean: 0.3, low: 0.1, high: 0.5, n: 20 },
      {
        system: 'llm',
        metric: metricLabel('function_words.jensen_shannon_distance'),
        mean: -0.1,
        low: -0.2,
        high: 0.05,
        n: 20,
      },
    ];
    expect(rows.map((row) => row.metric)).toEqual(['sentence length stats: mean', 'function words (JSD)']);
    const svg = await draw(improvementSpec(rows, 'Mean personalization improvement'));
    expect(svg).toMatch(/>0(\.0+)?</);
    expect(svg.match(/>[^<]*n = 20[^<]*</g)).toHaveLength(1);
    expect(zeroTicks([-0.23, 0.55])).toContain(0);
    // Scales far apart: one panel per metric, each with its own x scale and a 0 tick.
    const apart = [...rows, { system: 'llm', metric: 'authorship: delta', mean: 40, low: 35, high: 45, n: 20 }];
    const spec = improvementSpec(apart, 't') as unknown as { vconcat: unknown[]; resolve: unknown };
    expect(spec.vconcat).toHaveLength(3);
    expect(spec.resolve).toEqual({ scale: { x: 'independent' } });
    expect((await draw(improvementSpec(apart, 't'))).match(/>0(\.0+)?</g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('does not repeat a distribution’s axis title as its figure title', () => {
    const spec = distributionSpec(
      [{ system: 'llm', text: 'personalized · llm', value: 1 }],
      'authorship.delta',
    ) as unknown as {
      title: string;
      encoding: { x: { title: string } };
    };
    expect(spec.title).not.toBe(spec.encoding.x.title);
    expect(spec.title).toContain('authorship: delta');
  });

  it('counts the benchmark report’s figures, for its progress', () => {
    expect(benchmarkFigureNames({ metrics: [], samples: {} } as never)).toEqual([]);
  });
});
