/** Vega-Lite plots of stylo's other analyses: MDS maps, Craig's Zeta slices and rolling Delta. */
import type { TopLevelSpec } from 'vega-lite';
import { colourAndShape, groupStyles } from './colours.js';
import { documentMapSpec, equalAxes, labelledPoints, labelledScatter, titleWithLeftOut } from './plots.js';

/**
 * Documents on the first two MDS dimensions, coloured by author, one unit as long across as down
 * (the map's distances are the documents'); labelled as the PCA plot is (labelledPoints, where a
 * label fits without overlapping another).
 */
export function mdsSpec(
  points: ReadonlyArray<{ document: string; author: string; known?: boolean; x: number; y: number }>,
  distance: string,
): TopLevelSpec {
  const frame = equalAxes(
    points.map((point) => point.x),
    points.map((point) => point.y),
  );
  const labelled = labelledPoints(points.map((point) => point.known !== false));
  const scatter = labelledScatter(
    points.map((point) => ({ ...point, known: point.known !== false })),
    (point) => point,
    (point, i) => (labelled[i] ? point.document : undefined),
    frame,
    points.flatMap((point, i) => (point.known === false ? [i] : [])),
  );
  const encoding = {
    x: { field: 'x', type: 'quantitative', title: 'dimension 1', scale: { domain: frame.x, nice: false, zero: false } },
    y: { field: 'y', type: 'quantitative', title: 'dimension 2', scale: { domain: frame.y, nice: false, zero: false } },
  };
  return documentMapSpec({
    title: titleWithLeftOut(`Classical multidimensional scaling of ${distance}`, scatter.leftOut, 'mds.csv'),
    description:
      'Scatter plot of every document on the first two MDS dimensions, coloured by author; one unit is as long across as down.',
    frame,
    values: scatter.values,
    encoding,
    authors: [...new Set(points.map((point) => point.author))].sort(),
  });
}

/** The marker words drawn per side in the Zeta words plot (stylo's oppose draws its lists so). */
export const ZETA_WORDS_SHOWN = 25;

/**
 * Both marker-word lists as stylo's oppose draws them: the words each side prefers, each with its
 * score (p_A − p_B), the primary's to the right of 0 and the secondary's to the left.
 */
export function zetaWordsSpec(
  preferred: ReadonlyArray<{ word: string; score: number }>,
  avoided: ReadonlyArray<{ word: string; score: number }>,
  primary: string,
  secondary: string,
): TopLevelSpec {
  const side = (words: ReadonlyArray<{ word: string; score: number }>, name: string) =>
    [...words]
      .sort((a, b) => Math.abs(b.score) - Math.abs(a.score))
      .slice(0, ZETA_WORDS_SHOWN)
      .map(({ word, score }) => ({ word, score, side: `preferred by ${name}` }));
  const values = [...side(preferred, primary), ...side(avoided, secondary)];
  // By score, highest first, as an explicit list: two layers share the y scale, and vega-lite drops
  // a sort by field over a shared domain (with a warning), leaving the words in alphabetical order.
  const order = [...values].sort((a, b) => b.score - a.score).map(({ word }) => word);
  const styles = groupStyles([`preferred by ${primary}`, `preferred by ${secondary}`]);
  return {
    title: `Marker words: ${primary} against ${secondary}`,
    description: `Bar chart of the marker words: right of 0 those ${primary} prefers, left those ${secondary} prefers, by stylo's Zeta score.`,
    width: 360,
    height: { step: 13 },
    data: { values },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: {
          y: { field: 'word', type: 'nominal', sort: order, title: null },
          x: {
            field: 'score',
            type: 'quantitative',
            title: `Zeta score (share of ${primary}'s slices using the word − share of ${secondary}'s)`,
            scale: { domain: [-1, 1] },
          },
          color: {
            field: 'side',
            type: 'nominal',
            title: null,
            legend: { orient: 'top', labelLimit: 300 },
            scale: { domain: styles.groups, range: styles.colours },
          },
        },
      },
      {
        mark: {
          type: 'text',
          fontSize: 11,
          dx: { expr: 'datum.score < 0 ? -4 : 4' },
          align: { expr: 'datum.score < 0 ? "right" : "left"' },
        },
        encoding: {
          y: { field: 'word', type: 'nominal', sort: order },
          x: { field: 'score', type: 'quantitative' },
          text: { field: 'score', type: 'quantitative', format: '.2f' },
        },
      },
    ],
  } as TopLevelSpec;
}

/**
 * Each slice by the shares of the two groups' marker words it uses (Craig's Zeta plot): the axes
 * fitted to the slices, the two groups as circles and squares, each test text as triangles.
 */
export function zetaSpec(
  points: ReadonlyArray<{ text: string; group: string; preferred: number; avoided: number }>,
  primary: string,
  secondary: string,
): TopLevelSpec {
  const tests = [...new Set(points.map((point) => point.group))].filter((g) => g !== primary && g !== secondary);
  const styles = groupStyles([primary, secondary, ...tests]);
  const shapes = styles.groups.map((_, i) => (i === 0 ? 'circle' : i === 1 ? 'square' : 'triangle-up'));
  const legend = { labelLimit: 300 };
  return {
    title: `Slices by the marker words they use: ${primary} against ${secondary}`,
    description: `Scatter plot of every slice: x the share of ${primary}'s marker words it uses, y the share of ${secondary}'s.`,
    width: 400,
    height: 320,
    data: { values: points.map((point) => ({ ...point })) },
    mark: { type: 'point', filled: true, size: 60, opacity: 0.85 },
    encoding: {
      x: {
        field: 'preferred',
        type: 'quantitative',
        title: `share of ${primary}'s markers`,
        scale: { zero: false, nice: true, padding: 10 },
      },
      y: {
        field: 'avoided',
        type: 'quantitative',
        title: `share of ${secondary}'s markers`,
        scale: { zero: false, nice: true, padding: 10 },
      },
      color: {
        field: 'group',
        type: 'nominal',
        title: 'slices of',
        legend,
        scale: { domain: styles.groups, range: styles.colours },
      },
      shape: {
        field: 'group',
        type: 'nominal',
        title: 'slices of',
        legend,
        scale: { domain: styles.groups, range: shapes },
      },
      tooltip: [{ field: 'text' }, { field: 'group' }],
    },
  } as TopLevelSpec;
}

/** Each window's distance to every author along the text. */
export function rollingSpec(
  values: ReadonlyArray<{ start: number; author: string; distance: number }>,
  distance: string,
): TopLevelSpec {
  const styles = groupStyles([...new Set(values.map((value) => value.author))].sort());
  return {
    title: `${distance} of each window to each author`,
    description:
      'Line chart: for each window of the text (by its first word), its distance to every author; lowest is nearest.',
    width: 520,
    height: 260,
    data: { values: values.map((value) => ({ ...value })) },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'start', type: 'quantitative', title: 'window starts at word' },
      y: { field: 'distance', type: 'quantitative', title: distance, scale: { zero: false } },
      color: colourAndShape('author', 'author', styles).color,
      // Past 20 authors colours come round again: a dash pattern tells those lines apart.
      strokeDash: {
        field: 'author',
        type: 'nominal',
        title: 'author',
        scale: { domain: styles.groups, range: styles.dashes },
      },
    },
  } as TopLevelSpec;
}
