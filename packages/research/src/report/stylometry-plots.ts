/** Vega-Lite plots of stylo's other analyses: MDS maps, Craig's Zeta slices and rolling Delta. */
import type { TopLevelSpec } from 'vega-lite';

/** Documents on the first two MDS dimensions, coloured by author. */
export function mdsSpec(
  points: ReadonlyArray<{ document: string; author: string; x: number; y: number }>,
  distance: string,
): TopLevelSpec {
  return {
    title: `Classical multidimensional scaling of ${distance}`,
    description: 'Scatter plot of every document on the first two MDS dimensions, coloured by author.',
    width: 420,
    height: 320,
    data: { values: points.map((point) => ({ ...point })) },
    mark: { type: 'point', filled: true, size: 50, opacity: 0.85 },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: 'dimension 1' },
      y: { field: 'y', type: 'quantitative', title: 'dimension 2' },
      color: { field: 'author', type: 'nominal', title: 'author' },
      shape: { field: 'author', type: 'nominal', title: 'author' },
      tooltip: { field: 'document', type: 'nominal' },
    },
  } as TopLevelSpec;
}

/** Each slice by the shares of the two groups' marker words it uses (Craig's Zeta plot). */
export function zetaSpec(
  points: ReadonlyArray<{ text: string; group: string; preferred: number; avoided: number }>,
  primary: string,
  secondary: string,
): TopLevelSpec {
  return {
    title: `Slices by the marker words they use: ${primary} against ${secondary}`,
    description: `Scatter plot of every slice: x the share of ${primary}'s marker words it uses, y the share of ${secondary}'s.`,
    width: 400,
    height: 320,
    data: { values: points.map((point) => ({ ...point })) },
    mark: { type: 'point', filled: true, size: 45, opacity: 0.8 },
    encoding: {
      x: {
        field: 'preferred',
        type: 'quantitative',
        title: `share of ${primary}'s markers`,
        scale: { domain: [0, 1] },
      },
      y: {
        field: 'avoided',
        type: 'quantitative',
        title: `share of ${secondary}'s markers`,
        scale: { domain: [0, 1] },
      },
      color: { field: 'group', type: 'nominal', title: 'slices of' },
      shape: { field: 'group', type: 'nominal', title: 'slices of' },
    },
  } as TopLevelSpec;
}

/** Each window's distance to every author along the text. */
export function rollingSpec(
  values: ReadonlyArray<{ start: number; author: string; distance: number }>,
  distance: string,
): TopLevelSpec {
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
      color: { field: 'author', type: 'nominal', title: 'author' },
    },
  } as TopLevelSpec;
}
