/** The HTML report of `styler corpus`: attribution first, then the tables behind it. */
import { linkageLabel, type ConsensusTree, type CorpusAnalysis, type LinkageMethod } from '../stylometry/index.js';
import { escapeHtml, formatNumber, htmlPage, htmlTable } from './html.js';
import { consensusTreeCounts, consensusTreeSvg } from './consensus-tree.js';
import { documentGroups, documentLabel, groupOrder } from './labels.js';
import { drawnCounts, drawnSentence, FIGURE_LEAVES, lastClusters, type DrawnCounts } from './tree-truncation.js';
import type { TopLevelSpec } from 'vega-lite';
import { confusionSpec, dendrogramSpec, pcaSpec, renderPlot, type FigureSink, type PlotDrawer } from './plots.js';

export interface CorpusReportInput {
  analysis: CorpusAnalysis;
  /** Per author: the mean of each analytics feature over its documents. */
  profiles: Record<string, Record<string, number>>;
  /** Per author with any: how many of its texts look hard-wrapped (sentence figures unreliable). */
  hardWrapped?: Record<string, { hardWrapped: number; texts: number }>;
  /** linkage: how the trees join clusters (default ward). */
  settings: { mostFrequent: number; culling: number; linkage?: LinkageMethod };
  /** The bootstrap consensus tree over several MFW sizes, when it was made. */
  consensus?: ConsensusTree | undefined;
  /** Sections of stylo's other methods asked for (classification, cross-validation, MDS), after the unknown texts. */
  sections?: readonly string[];
  /** Receives each figure as a standalone SVG (confusion, pca, dendrogram, consensus-tree). */
  figures?: FigureSink;
  /** Draws the Vega plots (default: on this thread); corpusPlotSpecs gives them ahead. */
  draw?: PlotDrawer;
  /** `--probabilities`: each unknown text's calibrated probability per author, and the fit. */
  probabilities?: {
    calibration: { intercept: number; slope: number; pairs: number };
    attribution: ReadonlyArray<{ document: string; probabilities: Record<string, number>; reason?: string }>;
  };
}

const percentOf = (share: number): string => `${Math.round(share * 100)} %`;

/** A warning above the profiles when some texts are hard-wrapped: line breaks read as sentence ends. */
function hardWrappedWarning(hardWrapped: Record<string, { hardWrapped: number; texts: number }>): string[] {
  const authors = Object.entries(hardWrapped);
  if (authors.length === 0) return [];
  const which = authors.map(([author, { hardWrapped: n, texts }]) => `${escapeHtml(author)} (${n} of ${texts})`);
  return [
    `<p class="warning"><strong>Line-broken texts:</strong> some texts look hard-wrapped (most lines end without ` +
      `sentence punctuation and have about the same length): ${which.join(', ')}. The sentence splitter reads a ` +
      'single line break as a space, so a wrapped sentence is still counted once; but a heading, a salutation or a ' +
      'paragraph ending without punctuation and followed by a line break alone (no blank line) runs into the next ' +
      'sentence, so these authors’ sentence counts can be low and their sentence lengths high. Check them, or ' +
      'join each paragraph’s lines and put a blank line between paragraphs.</p>',
  ];
}

/** How the consensus tree was made, for its caption: the MFW sizes and the 50 % rule. */
function consensusCaption(consensus: ConsensusTree, linkage: string, drawn: DrawnCounts): string {
  const sizes = [...consensus.mostFrequent].sort((a, b) => a - b);
  const range = sizes.length > 1 ? `${sizes[0]}–${sizes[sizes.length - 1]} MFW` : `${sizes[0]} MFW`;
  const cut =
    drawn.bundles > 0
      ? ` Of ${drawn.documents + drawn.bundled} documents, ${drawnSentence(drawn)} (past ${FIGURE_LEAVES} leaves, the largest groups are opened while they fit; each closed group says its size and authors, grey when of several).`
      : ` All ${drawn.documents} documents are drawn.`;
  return (
    `${linkage} trees of Burrows’ Delta at ${sizes.length} MFW sizes (${range}: ${sizes.join(', ')}); a group is drawn ` +
    'when more than 50 % of the trees have it (majority rule), with that percentage beside its branch; documents in no group hang from the root.' +
    cut
  );
}

async function consensusFigure(
  labels: readonly string[],
  groups: readonly string[],
  order: readonly string[],
  consensus: ConsensusTree,
  figures: FigureSink | undefined,
  linkage: string,
): Promise<string> {
  const svg = consensusTreeSvg(labels, groups, consensus.clades, linkage, order);
  const caption = consensusCaption(consensus, linkage, consensusTreeCounts(labels, groups, consensus.clades));
  await figures?.('consensus-tree', svg, caption);
  return `<figure>${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/** The documents as the plots label and colour them, and the order of their groups' colours. */
function plotDocuments(analysis: CorpusAnalysis) {
  const names = analysis.documents.map((document) => document.name);
  const authors = analysis.documents.map((document) => document.author);
  const labels = names.map(documentLabel);
  const groups = documentGroups(analysis.documents);
  return { names, authors, labels, groups, order: groupOrder(authors, groups) };
}

function pcaPlot(analysis: CorpusAnalysis): TopLevelSpec {
  const { authors, labels, groups, order } = plotDocuments(analysis);
  return pcaSpec(
    analysis.pca.scores.map((row, i) => ({
      document: labels[i]!,
      author: groups[i]!,
      known: authors[i] !== null,
      pc1: row[0] ?? 0,
      pc2: row[1] ?? 0,
    })),
    analysis.pca.explained,
    order,
  );
}

function dendrogramPlot(analysis: CorpusAnalysis, linkage: string): TopLevelSpec {
  const { labels, groups, order } = plotDocuments(analysis);
  return dendrogramSpec(labels, groups, analysis.clusters.merges, linkage, order);
}

/**
 * The Vega plots corpusReport draws of what `analysis` holds so far (a dendrogram once it has the
 * tree), the same specifications it draws: a command can have them drawn ahead.
 */
export function corpusPlotSpecs(analysis: CorpusAnalysis, linkage: LinkageMethod = 'ward'): TopLevelSpec[] {
  return [
    confusionSpec(analysis.confusion),
    pcaPlot(analysis),
    ...(analysis.clusters.merges.length > 0 ? [dendrogramPlot(analysis, linkageLabel(linkage))] : []),
  ];
}

/** The figures a corpus report draws, in order (its progress counts them). */
export function corpusFigureNames(input: Pick<CorpusReportInput, 'analysis' | 'consensus'>): string[] {
  return [
    'confusion',
    'pca',
    ...(input.analysis.clusters.merges.length > 0 ? ['dendrogram'] : []),
    ...(input.consensus !== undefined ? ['consensus-tree'] : []),
  ];
}

export async function corpusReport({
  analysis,
  profiles,
  hardWrapped = {},
  settings,
  consensus,
  sections: extra = [],
  figures,
  draw,
  probabilities,
}: CorpusReportInput): Promise<string> {
  const labelled = analysis.documents.filter((document) => document.author !== null).length;
  const linkage = linkageLabel(settings.linkage ?? 'ward');
  const sections: string[] = [];
  sections.push(
    htmlTable(
      'Summary',
      ['', 'value'],
      [
        ['authors', analysis.authors.length],
        ['labelled documents', labelled],
        ['unknown documents', analysis.documents.length - labelled],
        ['most frequent words compared', analysis.reference.words.length],
        ['culling (%)', settings.culling],
        [
          'leave-one-out attribution accuracy (Burrows’ Delta)',
          analysis.looAccuracy === null ? '–' : formatNumber(analysis.looAccuracy),
        ],
      ].map(([label, value]) => [String(label), typeof value === 'number' ? value : String(value)]),
    ),
  );
  if (analysis.attribution.length > 0) {
    sections.push(
      '<h2>Unknown texts</h2>',
      htmlTable(
        'Burrows’ Delta of each unknown text to every author (smallest: the attribution)',
        ['document', 'attributed to', ...analysis.authors],
        analysis.attribution.map((entry) => [
          entry.document,
          entry.predicted ?? `not attributed: ${entry.reason ?? ''}`,
          ...analysis.authors.map((author) => entry.distances[author] ?? Number.NaN),
        ]),
      ),
    );
  }
  if (probabilities !== undefined && probabilities.attribution.length > 0) {
    const { calibration, attribution } = probabilities;
    const signed = (x: number): string => (x < 0 ? `− ${(-x).toFixed(3)}` : `+ ${x.toFixed(3)}`);
    sections.push(
      `<p>Calibrated probabilities (--probabilities): P(the author wrote it) = σ(${calibration.intercept.toFixed(3)} ` +
        `${signed(calibration.slope)} · margin), fitted on ${calibration.pairs} leave-one-out pairs; each author’s ` +
        'probability stands alone (a verification of that author), so a row need not sum to 1.</p>',
      htmlTable(
        'Probability that each author wrote each unknown text',
        ['document', ...analysis.authors],
        attribution.map((entry) => [
          entry.document,
          ...analysis.authors.map((author) =>
            entry.reason !== undefined
              ? `not attributed: ${entry.reason}`
              : (entry.probabilities[author] ?? Number.NaN),
          ),
        ]),
      ),
    );
  }
  sections.push(...extra);
  const { names, labels, groups, order } = plotDocuments(analysis);
  sections.push(
    '<h2>Leave-one-out attribution</h2>',
    await renderPlot(
      confusionSpec(analysis.confusion),
      'Each labelled document attributed by Burrows’ Delta to the nearest author profile, its own left out; the diagonal is right.',
      { name: 'confusion', sink: figures },
      draw,
    ),
    htmlTable(
      'Confusion matrix: rows the real author, columns the attributed one',
      ['author', ...analysis.authors],
      analysis.authors.map((actual) => [
        actual,
        ...analysis.authors.map((predicted) => String(analysis.confusion[actual]?.[predicted] ?? 0)),
      ]),
    ),
    '<h2>Principal components of the z-scores</h2>',
    await renderPlot(
      pcaPlot(analysis),
      `The documents on the first two principal components of the z-scores of the ${analysis.reference.words.length} most frequent words; documents near each other use those words alike.`,
      { name: 'pca', sink: figures },
      draw,
    ),
    htmlTable(
      'Variance explained',
      ['component', 'share of variance'],
      analysis.pca.explained.map((share, i) => [`PC${i + 1}`, share]),
    ),
    htmlTable(
      'Words loading most on PC1',
      ['word', 'PC1', 'PC2'],
      analysis.reference.words
        .map((word, i) => ({ word, pc1: analysis.pca.loadings[0]?.[i] ?? 0, pc2: analysis.pca.loadings[1]?.[i] ?? 0 }))
        .sort((a, b) => Math.abs(b.pc1) - Math.abs(a.pc1))
        .slice(0, 15)
        .map(({ word, pc1, pc2 }) => [word, pc1, pc2]),
    ),
    `<h2>Cluster analysis (${linkage}, Burrows’ Delta)</h2>`,
  );
  if (analysis.clusters.merges.length > 0) {
    sections.push(
      await renderPlot(
        dendrogramPlot(analysis, linkage),
        `Hierarchical clustering (${linkage}) of the Burrows’ Delta distances between documents over the ${analysis.reference.words.length} most frequent words` +
          (names.length > FIGURE_LEAVES
            ? `; drawn to its last ${FIGURE_LEAVES} clusters (as scipy’s truncate_mode="lastp"): ${drawnSentence(
                drawnCounts(
                  lastClusters(labels, groups, analysis.clusters.merges, FIGURE_LEAVES).leaves.map((l) => l.size),
                ),
              )}, each with its size and authors (grey when of several); the whole tree is in tree.csv and the Newick text below.`
            : `; all ${names.length} documents drawn.`),
        { name: 'dendrogram', sink: figures },
        draw,
      ),
      `<p>The tree in Newick format (open it in any tree viewer):</p><pre>${escapeHtml(analysis.clusters.newick)}</pre>`,
    );
  } else {
    sections.push('<p>No tree: the corpus has more documents than the trees are drawn for (--tree-limit).</p>');
  }
  if (consensus !== undefined) {
    sections.push(
      '<h2>Bootstrap consensus tree</h2>',
      `<p>${linkage} trees at ${consensus.mostFrequent.length} MFW sizes (${consensus.mostFrequent.join(', ')}); ` +
        'groups found in more than half of them, each with the percentage of trees that have it (beside its branch in the tree).</p>',
      await consensusFigure(labels, groups, order, consensus, figures, linkage),
      htmlTable(
        'Consensus groups',
        ['documents', 'support'],
        consensus.clades.map((clade) => [clade.members.map((i) => names[i]!).join(', '), percentOf(clade.support)]),
      ),
      `<pre>${escapeHtml(consensus.newick)}</pre>`,
    );
  }
  const features = Object.keys(Object.values(profiles)[0] ?? {});
  if (features.length > 0) {
    sections.push(
      '<h2>Author profiles (analytics features, mean over documents)</h2>',
      ...hardWrappedWarning(hardWrapped),
      htmlTable(
        'Features per author (definitions: docs/metrics.md)',
        ['feature', ...analysis.authors],
        features.map((feature) => [
          feature,
          ...analysis.authors.map((author) => profiles[author]?.[feature] ?? Number.NaN),
        ]),
      ),
    );
  }
  sections.push('<h2>Most frequent words</h2>', `<p>${analysis.reference.words.map(escapeHtml).join(', ')}</p>`);
  return htmlPage('Styler corpus report', sections);
}
