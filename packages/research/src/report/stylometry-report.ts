/**
 * The report pieces of stylo's other methods: the classification of a corpus with its
 * cross-validation and MDS map (sections of the corpus report), and the pages of `styler oppose`,
 * `styler imposters` and `styler rolling`.
 */
import { zetaLabel, type CorpusClassification, type MdsResult, type ZetaResult } from '../stylometry/index.js';
import { escapeHtml, formatNumber, htmlPage, htmlTable } from './html.js';
import { documentLabel } from './labels.js';
import { confusionSpec, renderPlot, type FigureSink } from './plots.js';
import { mdsSpec, rollingSpec, zetaSpec, zetaWordsSpec, ZETA_WORDS_SHOWN } from './stylometry-plots.js';

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

/** The classification sections: unknown texts, then the cross-validation. */
export async function classificationSections(
  result: CorpusClassification,
  description: string,
  authors: readonly string[],
  figures?: FigureSink,
): Promise<string[]> {
  const sections = [
    `<h2>Classification: ${escapeHtml(result.classifier)}</h2>`,
    `<p>${escapeHtml(description)}. Scores: ${escapeHtml(result.score.meaning)}.</p>`,
  ];
  if (result.culling.shrunk) {
    sections.push(
      `<p>Culling at ${result.culling.culling} % left ${result.culling.afterCulling} of ${result.culling.vocabulary} features: ${result.culling.used} compared, ${result.culling.asked} asked.</p>`,
    );
  }
  if (result.attribution.length > 0) {
    const probabilities = result.attribution.some((entry) => entry.probabilities !== undefined);
    sections.push(
      htmlTable(
        'Unknown texts',
        ['document', 'attributed to', ...authors, ...(probabilities ? authors.map((a) => `p(${a})`) : [])],
        result.attribution.map((entry) => [
          entry.document,
          entry.label ?? `not attributed: ${entry.reason ?? ''}`,
          ...authors.map((author) => entry.scores[author] ?? Number.NaN),
          ...(probabilities ? authors.map((author) => entry.probabilities?.[author] ?? Number.NaN) : []),
        ]),
      ),
    );
  }
  const cv = result.crossValidation;
  if (cv !== null) {
    sections.push(
      `<h2>${cv.folds}-fold cross-validation</h2>`,
      `<p>Accuracy ${percent(cv.metrics.accuracy)} over ${cv.documents.length} labelled documents (stratified folds, seeded).</p>`,
      htmlTable(
        'Per author',
        ['author', 'precision', 'recall', 'F1', 'documents'],
        [
          ...Object.entries(cv.metrics.perClass).map(([author, m]) => [author, m.precision, m.recall, m.f1, m.support]),
          [
            'macro average',
            cv.metrics.macro.precision,
            cv.metrics.macro.recall,
            cv.metrics.macro.f1,
            cv.documents.length,
          ],
        ],
      ),
      await renderPlot(
        { ...confusionSpec(cv.metrics.confusion), title: `${cv.folds}-fold cross-validation` },
        'Each labelled document classified by a model trained on the other folds; the diagonal is right.',
        { name: 'cross-validation', sink: figures },
      ),
    );
  }
  return sections;
}

/** The MDS section of the corpus report. */
export async function mdsSection(
  mds: MdsResult,
  documents: ReadonlyArray<{ name: string; author: string | null }>,
  distance: string,
  figures?: FigureSink,
): Promise<string[]> {
  return [
    '<h2>Multidimensional scaling</h2>',
    await renderPlot(
      mdsSpec(
        documents.map((document, i) => ({
          document: documentLabel(document.name),
          author: document.author ?? 'unknown',
          known: document.author !== null,
          x: mds.coordinates[i]?.[0] ?? 0,
          y: mds.coordinates[i]?.[1] ?? 0,
        })),
        distance,
      ),
      `Classical (Torgerson) MDS of the ${escapeHtml(distance)} between documents${
        mds.fit === null ? '' : `; the two dimensions keep ${percent(mds.fit[1])} of the positive eigenvalues`
      }.`,
      { name: 'mds', sink: figures },
    ),
  ];
}

/** The page of `styler oppose`. */
export async function opposeReport(
  zeta: ZetaResult,
  primary: string,
  secondary: string,
  sliceLength: number,
  figures?: FigureSink,
): Promise<string> {
  const words = (list: ZetaResult['preferred']) =>
    list.slice(0, 50).map((w) => [w.word, w.zeta, w.score, w.primaryShare, w.secondaryShare]);
  const header = [
    'word',
    'Zeta (0–2)',
    'stylo score',
    `share of ${primary}'s slices`,
    `share of ${secondary}'s slices`,
  ];
  return htmlPage(`${zetaLabel(zeta.method)}: ${primary} against ${secondary}`, [
    `<p>${zeta.slices.primary} slices of ${primary} and ${zeta.slices.secondary} of ${secondary}, ${sliceLength} words each; ${zeta.words.length} words considered, ${zeta.preferred.length} preferred and ${zeta.avoided.length} avoided by ${escapeHtml(primary)}.</p>`,
    htmlTable(`Preferred by ${primary} (avoided by ${secondary})`, header, words(zeta.preferred)),
    htmlTable(`Avoided by ${primary} (preferred by ${secondary})`, header, words(zeta.avoided)),
    await renderPlot(
      zetaWordsSpec(zeta.preferred, zeta.avoided, primary, secondary),
      `The ${ZETA_WORDS_SHOWN} most distinctive marker words of each side (of ${zeta.preferred.length} and ${zeta.avoided.length}), by stylo's Zeta score: the share of ${escapeHtml(primary)}'s ${sliceLength}-word slices using the word minus the share of ${escapeHtml(secondary)}'s.`,
      { name: 'zeta-words', sink: figures },
    ),
    await renderPlot(
      zetaSpec(
        zeta.markers.map((m) => ({
          ...m,
          group:
            m.group === 'primary' ? primary : m.group === 'secondary' ? secondary : `test: ${documentLabel(m.text)}`,
        })),
        primary,
        secondary,
      ),
      `Each ${sliceLength}-word slice placed by the share of each side’s marker words it uses (Craig’s plot; axes fitted to the slices); test texts’ slices, as triangles, fall nearer the side they share markers with.`,
      { name: 'zeta', sink: figures },
    ),
  ]);
}

/** The page of `styler imposters`. */
export function impostersReport(
  scores: ReadonlyArray<{ document: string; scores: Record<string, number>; reason?: string }>,
  authors: readonly string[],
  description: string,
): string {
  // A text the shared-words rule leaves out has no score: its reason stands in each candidate's cell.
  return htmlPage('Imposters: authorship verification', [
    `<p>${escapeHtml(description)}</p>`,
    htmlTable(
      'Share of rounds each candidate’s text was nearer than every imposter drawn (0–1)',
      ['document', ...authors],
      scores.map((row) => [
        row.document,
        ...authors.map((author) => row.scores[author] ?? `not verified: ${row.reason ?? 'no score'}`),
      ]),
    ),
  ]);
}

/** The page of `styler rolling`. */
export async function rollingReport(
  windows: ReadonlyArray<{
    start: number;
    end: number;
    nearest: string | null;
    reason?: string;
    distances: Record<string, number>;
  }>,
  authors: readonly string[],
  text: string,
  distance: string,
  description: string,
  figures?: FigureSink,
): Promise<string> {
  return htmlPage(`Rolling ${distance}: ${text}`, [
    `<p>${escapeHtml(description)}</p>`,
    await renderPlot(
      rollingSpec(
        windows.flatMap((w) => authors.map((author) => ({ start: w.start, author, distance: w.distances[author]! }))),
        distance,
      ),
      'Each window’s distance to every author; where the lines cross, the text reads more like another author.',
      { name: 'rolling', sink: figures },
    ),
    htmlTable(
      'Windows',
      ['words', 'nearest', ...authors],
      windows.map((w) => [
        `${w.start}–${w.end}`,
        w.nearest ?? `not attributed: ${w.reason ?? ''}`,
        ...authors.map((a) => formatNumber(w.distances[a])),
      ]),
    ),
  ]);
}
