/**
 * The reports' plots: Vega-Lite specifications rendered to SVG in Node by Vega (no browser, no
 * canvas, nothing fetched). Vega-Lite because a plot is a declarative JSON specification (easy to
 * check in tests, and the same one a reader can reopen in the Vega editor), its SVG renderer runs
 * headless in Node, and it draws axes, legends and ARIA labels (from `description`) for us; the
 * layouts that are ours (the dendrogram's coordinates) are computed here and only drawn by it.
 *
 * vega and vega-lite (about 19 MB) are optional peer dependencies of the package, loaded only when a
 * report draws a plot, so a service deployment does not carry them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Vega from 'vega';
import type { compile as Compile, TopLevelSpec } from 'vega-lite';
import type { Merge } from '../stylometry/index.js';
import { colourAndShape, groupStyles, PALETTE } from './colours.js';
import { FIGURE_LEAVES, lastClusters, MIXED_COLOUR, MIXED_GROUP } from './tree-truncation.js';
import { escapeHtml, metricLabel } from './html.js';
import { placeLabels } from './label-placement.js';

/** What a research report needs installed to draw its plots. */
export const PLOT_LIBRARIES_MISSING =
  'the research reports draw plots with vega and vega-lite: npm install vega vega-lite';

interface PlotLibraries {
  vega: typeof Vega;
  compile: typeof Compile;
}

// The libraries once loaded, kept for the whole process under a registered symbol rather than in
// this module: a bundle is evaluated once per process (the module cache keeps it), so a second copy
// of this module (a test runner's fresh registry, the source beside the build) that loaded it again
// would find its globals already removed.
const LOADED = Symbol.for('@styler-dev/research/plot-libraries');
const registry = globalThis as { [LOADED]?: Promise<PlotLibraries> };

/**
 * Throws PLOT_LIBRARIES_MISSING when vega or vega-lite is not installed, without loading them (their
 * hundreds of modules are most of a small run's start-up): commands that end in a report call it
 * first, so a long run does not fail at its end, and the libraries load with the first plot.
 */
export function requirePlotLibraries(): void {
  const require = createRequire(import.meta.url);
  for (const name of ['vega', 'vega-lite']) {
    try {
      require.resolve(name);
    } catch (error) {
      throw new Error(PLOT_LIBRARIES_MISSING, { cause: error });
    }
  }
}

/**
 * vega and vega-lite, loaded on first use from the single-file bundles each package ships
 * (vega.min.js, vega-lite.min.js): vega's package entry is a module graph of about 290 files whose
 * resolving and linking cost a small run more than all its drawing. The bundles are the same
 * release's code built for the browser, so they never look for node-canvas: text is measured by
 * vega's own estimate, as it is without node-canvas installed. Each bundle publishes itself as a
 * global (vega-lite's reads vega's), removed again once both are loaded; where CommonJS's globals
 * are defined (node -e, the REPL) the bundles would take those instead, so the packages' module
 * entry points are loaded there. Rejects with PLOT_LIBRARIES_MISSING when either is not installed.
 */
export function loadPlotLibraries(): Promise<PlotLibraries> {
  registry[LOADED] ??= (moduleGlobals() ? loadEntryPoints() : loadBundles()).catch((error: unknown) => {
    delete registry[LOADED];
    throw error;
  });
  return registry[LOADED];
}

/** Whether CommonJS's or AMD's globals are defined, which a bundle would publish itself on. */
function moduleGlobals(): boolean {
  const global = globalThis as Record<string, unknown>;
  return ['exports', 'module', 'define'].some((name) => global[name] !== undefined);
}

async function loadEntryPoints(): Promise<PlotLibraries> {
  requirePlotLibraries();
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  return { vega, compile: vegaLite.compile };
}

/** A package's single-file bundle beside its entry point (`build/`), or PLOT_LIBRARIES_MISSING. */
function bundleOf(name: string, file: string): string {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch (error) {
    throw new Error(PLOT_LIBRARIES_MISSING, { cause: error });
  }
  return join(dirname(entry), file);
}

async function loadBundles(): Promise<PlotLibraries> {
  const vegaFile = bundleOf('vega', 'vega.min.js');
  const vegaLiteFile = bundleOf('vega-lite', 'vega-lite.min.js');
  const global = globalThis as { vega?: unknown; vegaLite?: unknown };
  const before = { vega: global.vega, vegaLite: global.vegaLite };
  try {
    // Both packages are ES modules, so their bundles load as modules too: without a CommonJS
    // `exports` the bundles set globalThis.vega and globalThis.vegaLite.
    await import(pathToFileURL(vegaFile).href);
    const vega = global.vega as typeof Vega;
    await import(pathToFileURL(vegaLiteFile).href);
    const { compile } = global.vegaLite as { compile: typeof Compile };
    if (typeof vega?.View !== 'function' || typeof compile !== 'function') {
      throw new Error(`${vegaFile} or ${vegaLiteFile} did not define vega and vega-lite`);
    }
    return { vega, compile };
  } finally {
    global.vega = before.vega;
    global.vegaLite = before.vegaLite;
    if (before.vega === undefined) delete global.vega;
    if (before.vegaLite === undefined) delete global.vegaLite;
  }
}

const CONFIG = {
  font: 'system-ui, sans-serif',
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 280 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 14, anchor: 'start' as const },
};

/**
 * Receives each figure of a report as a standalone SVG document with its caption (the report's
 * HTML caption text), to be written beside the report.
 */
export type FigureSink = (name: string, svg: string, caption?: string) => void | Promise<void>;

/** Draws a plot's Vega-Lite specification as an SVG document (vega's SVG text). */
export type PlotDrawer = (spec: TopLevelSpec) => Promise<string>;

/** The plot drawn on this thread, with the reports' fonts and sizes (CONFIG) under the spec's own config. */
export async function drawPlot(spec: TopLevelSpec): Promise<string> {
  const { vega, compile } = await loadPlotLibraries();
  const { spec: compiled } = compile({ ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec);
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * One plot as an inline SVG element, inside a figure with its caption; with `figure`, the same SVG
 * is also handed to its sink under the figure's name (figure-files.ts writes it as SVG and PNG).
 * `draw` draws it (plot-thread.ts: on a thread of its own); by default on this thread.
 */
export async function renderPlot(
  spec: TopLevelSpec,
  caption: string,
  figure?: { name: string; sink: FigureSink | undefined },
  draw: PlotDrawer = drawPlot,
): Promise<string> {
  // The accessible name and description of the picture: its title and the spec's description.
  const label = escapeHtml(String(spec.description ?? ''));
  const svg = (await draw(spec))
    .replace(/^<svg /, `<svg role="img" aria-label="${label}" `)
    .replace(/^(<svg[^>]*>)/, `$1<title>${label}</title>`);
  await figure?.sink?.(figure.name, svg, caption);
  return `<figure>${svg}<figcaption>${caption}</figcaption></figure>`;
}

export interface IntervalRow {
  system: string;
  metric: string;
  mean: number;
  low: number;
  high: number;
  /** Rows behind the mean: shown beside the effect, so a wide interval from few rows reads as such. */
  n: number;
}

/**
 * The improvement axis: it follows the data (0 always on it), one linear scale for every metric
 * unless one interval reaches more than SCALE_RATIO times past the typical one; then each metric
 * gets its own panel and scale, so the small effects are not squashed next to 0 (nor one clipped).
 */
export const SCALE_RATIO = 10;

/** Whether the metrics' intervals differ too much in size for one scale (see SCALE_RATIO). */
export function improvementNeedsPanels(rows: readonly IntervalRow[]): boolean {
  const reach = rows
    .map((row) => Math.max(Math.abs(row.low), Math.abs(row.high)))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (reach.length === 0) return false;
  const typical = reach[Math.floor(reach.length / 2)]!;
  return typical > 0 && reach[reach.length - 1]! > SCALE_RATIO * typical;
}

/** Tick values of a linear axis over `domain` (which holds 0): about five round steps, 0 among them. */
export function zeroTicks(domain: readonly [number, number]): number[] {
  const span = domain[1] - domain[0];
  if (!(span > 0)) return [0];
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
  const ticks: number[] = [];
  for (let k = Math.ceil(domain[0] / step); k * step <= domain[1] + step * 1e-9; k += 1) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
}

/** The interval plot's layers over one x scale: the 0 line, the intervals, the means, and n when it varies. */
function intervalLayers(rows: readonly IntervalRow[], systems: number, xTitle: string, showN: boolean): unknown[] {
  const finite = rows.flatMap((row) => [row.low, row.high, row.mean]).filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  const pad = (high - low) * 0.05 || 0.05;
  const domain: [number, number] = [low < 0 ? low - pad : 0, high > 0 ? high + pad : 0];
  const scale = { domain, nice: false, zero: true };
  const axis = { values: zeroTicks(domain), labelOverlap: false };
  const byMetric = {
    y: { field: 'metric', type: 'nominal', sort: null, title: null, axis: { labelLimit: 300 } },
    ...(systems > 1 && { yOffset: { field: 'system', type: 'nominal' } }),
    color: { field: 'system', type: 'nominal', title: 'system', legend: systems > 1 ? { orient: 'top' } : null },
  };
  return [
    {
      mark: { type: 'rule', color: '#888', strokeDash: [4, 3] },
      encoding: { x: { datum: 0, type: 'quantitative', scale } },
    },
    {
      mark: { type: 'rule', strokeWidth: 2 },
      encoding: {
        ...byMetric,
        x: { field: 'low', type: 'quantitative', title: xTitle, scale, axis },
        x2: { field: 'high' },
      },
    },
    {
      mark: { type: 'point', filled: true, size: 40 },
      encoding: { ...byMetric, x: { field: 'mean', type: 'quantitative', scale } },
    },
    ...(showN
      ? [
          {
            // n beside every effect, in the right margin, so it never overlaps an interval.
            mark: { type: 'text', align: 'left', dx: 6, fontSize: 11, color: '#444' },
            encoding: {
              y: byMetric.y,
              ...(systems > 1 && { yOffset: byMetric.yOffset }),
              x: { value: 420 },
              text: { field: 'nText' },
            },
          },
        ]
      : []),
  ];
}

/**
 * Mean improvement per metric with its confidence interval; systems side by side. One linear scale
 * with 0 marked when the metrics' intervals are of a size, else one panel per metric, each with its
 * own scale (improvementNeedsPanels says which). n beside each row, or once in the axis title when
 * every row has the same.
 */
export function improvementSpec(rows: readonly IntervalRow[], title: string): TopLevelSpec {
  const systems = new Set(rows.map((row) => row.system)).size;
  const ns = new Set(rows.map((row) => row.n));
  const sameN = ns.size === 1;
  const xTitle = `mean personalization improvement (95 % CI)${sameN ? `, n = ${[...ns][0]} rows each` : ''}`;
  const values = rows.map((row) => ({ ...row, nText: `n = ${row.n}` }));
  const common = {
    title,
    description: `${title}: mean personalization improvement of each metric, with 95 % bootstrap confidence intervals and the rows behind each.`,
  };
  if (!improvementNeedsPanels(rows)) {
    return {
      ...common,
      width: 420,
      height: { step: systems > 1 ? 24 : 16 },
      data: { values },
      layer: intervalLayers(rows, systems, xTitle, !sameN),
    } as TopLevelSpec;
  }
  const metrics = [...new Set(rows.map((row) => row.metric))];
  return {
    ...common,
    data: { values },
    spacing: 6,
    vconcat: metrics.map((metric, i) => {
      const own = rows.filter((row) => row.metric === metric);
      return {
        width: 420,
        height: { step: systems > 1 ? 24 : 16 },
        transform: [{ filter: { field: 'metric', equal: metric } }],
        layer: intervalLayers(own, systems, i === metrics.length - 1 ? xTitle : '', !sameN),
      };
    }),
    resolve: { scale: { x: 'independent' } },
  } as TopLevelSpec;
}

export interface DistributionValue {
  /** The system whose texts these are, or SHARED_SYSTEMS for texts every system was given. */
  system: string;
  /** The box's label: which texts ('unpersonalized', 'personalized · llm', ...). */
  text: string;
  value: number;
}

/** The system of the texts all systems share (the unpersonalized inputs, the ground truth). */
export const SHARED_SYSTEMS = 'all systems';

/** Box plots of one metric, one box per label, coloured by system (shared texts in grey). */
export function distributionSpec(values: readonly DistributionValue[], metric: string): TopLevelSpec {
  const labels = [...new Set(values.map((value) => value.text))];
  const systems = [...new Set(values.map((value) => value.system))].filter((system) => system !== SHARED_SYSTEMS);
  const colours = systems.map((_, i) => PALETTE[i % PALETTE.length]!);
  return {
    title: `Distribution of ${metricLabel(metric)}`,
    description: `Distribution of ${metric} for personalized and unpersonalized texts and the authors' ground truth.`,
    width: 420,
    height: { step: 22 },
    data: { values: values.map((value) => ({ ...value })) },
    mark: { type: 'boxplot', extent: 1.5, size: 12 },
    encoding: {
      x: { field: 'value', type: 'quantitative', title: 'value per text', scale: { zero: false } },
      y: { field: 'text', type: 'nominal', title: null, sort: labels, axis: { labelLimit: 300 } },
      color: {
        field: 'system',
        type: 'nominal',
        legend: null,
        scale: { domain: [...systems, SHARED_SYSTEMS], range: [...colours, '#8c8c8c'] },
      },
    },
  } as TopLevelSpec;
}

/** Up to this many points every point is labelled; past it, only the unknown texts' (up to as many). */
export const LABELLED_POINTS = 40;

/** Which points get their label: all when few, else the unknown texts' when they are few. */
export function labelledPoints(known: readonly boolean[]): boolean[] {
  if (known.length <= LABELLED_POINTS) return known.map(() => true);
  const unknown = known.filter((k) => !k).length;
  return known.map((k) => !k && unknown <= LABELLED_POINTS);
}

/** The longest side of a PCA plot, and the shortest, in pixels. */
const PCA_SIDE = 420;
const PCA_MIN_SIDE = 200;

/**
 * Domains and a plot size that give both axes the same pixels per unit (a distance on the plot is a
 * distance between the documents, whichever way it points): the data's ranges padded by 5 %, the
 * longer one PCA_SIDE px; the shorter side at least PCA_MIN_SIDE px, its domain widened to fit.
 */
export function equalAxes(
  xs: readonly number[],
  ys: readonly number[],
): { x: [number, number]; y: [number, number]; width: number; height: number } {
  const range = (values: readonly number[]): [number, number] => {
    const finite = values.filter(Number.isFinite);
    if (finite.length === 0) return [-1, 1];
    const [low, high] = [Math.min(...finite), Math.max(...finite)];
    // Points spread by less than rounding (subnormal gaps) are one point: a unit either side, not a
    // span of 1e-323 that the frame's arithmetic cannot divide.
    const spread = high - low;
    const pad = spread > 1e-12 * Math.max(1, Math.abs(low), Math.abs(high)) ? spread * 0.05 : 1;
    return [low - pad, high + pad];
  };
  let x = range(xs);
  let y = range(ys);
  const span = (r: [number, number]): number => r[1] - r[0];
  const widen = (r: [number, number], to: number): [number, number] => {
    const centre = (r[0] + r[1]) / 2;
    return [centre - to / 2, centre + to / 2];
  };
  const longest = Math.max(span(x), span(y));
  const unit = PCA_SIDE / longest;
  if (span(x) * unit < PCA_MIN_SIDE) x = widen(x, PCA_MIN_SIDE / unit);
  if (span(y) * unit < PCA_MIN_SIDE) y = widen(y, PCA_MIN_SIDE / unit);
  return { x, y, width: Math.round(span(x) * unit), height: Math.round(span(y) * unit) };
}

/** The font size of a scatter plot's point labels, in pixels. */
const POINT_LABEL_PX = 11;
/** A scatter point's marker radius in pixels (size 50 is 4 px; the unknown texts' ring is larger). */
const POINT_RADIUS = 5;
/** A label farther than this from its point's marker (in pixels) is joined to it by a line. */
const LEADER_AFTER_PX = 9;

/**
 * A scatter plot's points with their label positions (`lx`, `ly`, in data units: the left and the
 * vertical middle of the label's box), placed by placeLabels so that no two labels overlap, and
 * how many labels found no place. A label placed away from its point gets a leader line from the
 * point to the nearest edge of its box (`ax`, `ay`). `frame` is the plot's domains and size (linear
 * scales, not niced).
 */
export function labelledScatter<T extends object>(
  points: readonly T[],
  position: (point: T) => { x: number; y: number },
  label: (point: T, index: number) => string | undefined,
  frame: { x: [number, number]; y: [number, number]; width: number; height: number },
  priority: readonly number[] = [],
): {
  values: Array<T & { lx: number | null; ly: number | null; ax: number | null; ay: number | null }>;
  leftOut: number;
} {
  const [x0, x1] = frame.x;
  const [y0, y1] = frame.y;
  const dataX = (px: number): number => x0 + (px / frame.width) * (x1 - x0);
  const dataY = (py: number): number => y1 - (py / frame.height) * (y1 - y0);
  const pixels = points.map((point) => {
    const { x, y } = position(point);
    return { x: ((x - x0) / (x1 - x0)) * frame.width, y: ((y1 - y) / (y1 - y0)) * frame.height };
  });
  const placement = placeLabels(
    pixels,
    points.map((point, i) => label(point, i)),
    { width: frame.width, height: frame.height, fontSize: POINT_LABEL_PX, pointRadius: POINT_RADIUS },
    priority,
  );
  const values = points.map((point, i) => {
    const box = placement.boxes[i];
    if (box === undefined) return { ...point, lx: null, ly: null, ax: null, ay: null };
    const { x, y } = pixels[i]!;
    const nearX = Math.min(Math.max(x, box.x), box.x + box.width);
    const nearY = Math.min(Math.max(y, box.y), box.y + box.height);
    const away = Math.hypot(nearX - x, nearY - y) > POINT_RADIUS + LEADER_AFTER_PX;
    return {
      ...point,
      lx: dataX(box.x),
      ly: dataY(box.y + box.height / 2),
      ax: away ? dataX(nearX) : null,
      ay: away ? dataY(nearY) : null,
    };
  });
  return { values, leftOut: placement.leftOut };
}

/** The layers drawing labelledScatter's labels (`field` the text) and their leader lines. */
export function pointLabelLayers<X extends object, Y extends object>(field: string, x: X, y: Y) {
  return [
    {
      transform: [{ filter: 'datum.ax !== null' }],
      mark: { type: 'rule' as const, color: '#999', strokeWidth: 0.8 },
      encoding: { x, y, x2: { field: 'ax' }, y2: { field: 'ay' } },
    },
    {
      transform: [{ filter: 'datum.lx !== null' }],
      mark: {
        type: 'text' as const,
        align: 'left' as const,
        baseline: 'middle' as const,
        fontSize: POINT_LABEL_PX,
        color: '#333',
      },
      encoding: { x: { ...x, field: 'lx' }, y: { ...y, field: 'ly' }, text: { field } },
    },
  ];
}

/** The title with a subtitle saying how many labels were left out (none: the title alone). */
export function titleWithLeftOut(
  title: string,
  leftOut: number,
  where: string,
): string | { text: string; subtitle: string } {
  if (leftOut === 0) return title;
  return {
    text: title,
    subtitle: `${leftOut} label${leftOut === 1 ? '' : 's'} left out where ${leftOut === 1 ? 'it' : 'they'} would overlap others (${where} names every point)`,
  };
}

/** A map of documents (PCA, MDS) as the plots draw one; `values` carry each point's `known`. */
export interface DocumentMap {
  title: string | { text: string; subtitle: string };
  description: string;
  frame: { width: number; height: number };
  values: readonly object[];
  encoding: { x: object; y: object };
  /** The authors in the order their colours are given. */
  authors: readonly string[];
}

/**
 * The points coloured (and past 20 groups shaped) by author, each unknown text ringed so it stands
 * out of its group's colour, and the labels labelledScatter placed.
 */
export function documentMapSpec(map: DocumentMap): TopLevelSpec {
  return {
    title: map.title,
    description: map.description,
    width: map.frame.width,
    height: map.frame.height,
    data: { values: map.values },
    layer: [
      {
        mark: { type: 'point', filled: true, size: 50, opacity: 0.85 },
        encoding: {
          ...map.encoding,
          ...colourAndShape('author', 'author', groupStyles(map.authors)),
          tooltip: { field: 'document', type: 'nominal' },
        },
      },
      {
        transform: [{ filter: '!datum.known' }],
        mark: { type: 'point', filled: false, size: 200, color: '#222', strokeWidth: 1.5 },
        encoding: map.encoding,
      },
      ...pointLabelLayers('document', map.encoding.x, map.encoding.y),
    ],
  } as TopLevelSpec;
}

/**
 * The documents on the first two principal components, coloured (and past 20 groups shaped) by
 * group; labelled as labelledPoints says, where a label fits without overlapping another
 * (the unknown texts' first), the unknown texts drawn larger with a dark outline.
 */
export function pcaSpec(
  points: ReadonlyArray<{ document: string; author: string; known?: boolean; pc1: number; pc2: number }>,
  explained: readonly number[],
  order: readonly string[] = [...new Set(points.map((point) => point.author))].sort(),
): TopLevelSpec {
  const axis = (i: number): string => `PC${i + 1} (${((explained[i] ?? 0) * 100).toFixed(1)} % of variance)`;
  const labelled = labelledPoints(points.map((point) => point.known !== false));
  const frame = equalAxes(
    points.map((point) => point.pc1),
    points.map((point) => point.pc2),
  );
  const encoding = {
    x: { field: 'pc1', type: 'quantitative', title: axis(0), scale: { domain: frame.x, nice: false, zero: false } },
    y: { field: 'pc2', type: 'quantitative', title: axis(1), scale: { domain: frame.y, nice: false, zero: false } },
  };
  const scatter = labelledScatter(
    points.map((point, i) => ({ ...point, known: point.known !== false, labelled: labelled[i] })),
    (point) => ({ x: point.pc1, y: point.pc2 }),
    (point) => (point.labelled ? point.document : undefined),
    frame,
    points.flatMap((point, i) => (point.known === false ? [i] : [])),
  );
  return documentMapSpec({
    title: titleWithLeftOut('Principal components of the MFW z-scores', scatter.leftOut, 'pca.csv'),
    description:
      'Scatter plot of every document on the first two principal components, coloured by author; one unit is as long across as down.',
    frame,
    values: scatter.values,
    encoding,
    authors: order,
  });
}

/** Counts of attributions as a heat map: rows the real author, columns the attributed one. */
export function confusionSpec(confusion: Readonly<Record<string, Readonly<Record<string, number>>>>): TopLevelSpec {
  const authors = Object.keys(confusion);
  const values = authors.flatMap((actual) =>
    authors.map((predicted) => ({ actual, predicted, count: confusion[actual]?.[predicted] ?? 0 })),
  );
  return {
    title: 'Leave-one-out attribution',
    description: 'Confusion matrix as a heat map: each cell counts the documents of an author attributed to another.',
    width: { step: 34 },
    height: { step: 26 },
    data: { values },
    encoding: {
      // Labels slanted, not upright: an upright label's axis is as tall as the longest label allowed.
      x: { field: 'predicted', type: 'nominal', title: 'attributed to', sort: authors, axis: { labelAngle: -40 } },
      y: { field: 'actual', type: 'nominal', title: 'real author', sort: authors },
    },
    layer: [
      {
        mark: 'rect',
        encoding: { color: { field: 'count', type: 'quantitative', title: 'documents', scale: { scheme: 'blues' } } },
      },
      { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: 'count', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

interface Segment {
  x: number;
  x2: number;
  y: number;
  y2: number;
}

/**
 * The dendrogram's drawing: leaves in the tree's order down the y axis, each merge a vertical bar at
 * its height joining its two children, and horizontal lines from the children to it.
 */
export function dendrogramLayout(
  labels: readonly string[],
  merges: readonly Merge[],
): { segments: Segment[]; leaves: Array<{ label: string; index: number; y: number }> } {
  const n = labels.length;
  const order: number[] = [];
  const walk = (node: number): void => {
    if (node < n) order.push(node);
    else {
      walk(merges[node - n]!.left);
      walk(merges[node - n]!.right);
    }
  };
  if (merges.length > 0) walk(n + merges.length - 1);
  else order.push(...labels.keys());
  const y = new Map<number, number>(order.map((leaf, rank) => [leaf, rank]));
  const height = new Map<number, number>(labels.map((_, i) => [i, 0]));
  const segments: Segment[] = [];
  merges.forEach((merge, i) => {
    const node = n + i;
    const [a, b] = [merge.left, merge.right];
    segments.push({ x: height.get(a)!, x2: merge.height, y: y.get(a)!, y2: y.get(a)! });
    segments.push({ x: height.get(b)!, x2: merge.height, y: y.get(b)!, y2: y.get(b)! });
    segments.push({ x: merge.height, x2: merge.height, y: y.get(a)!, y2: y.get(b)! });
    y.set(node, (y.get(a)! + y.get(b)!) / 2);
    height.set(node, merge.height);
  });
  return { segments, leaves: order.map((leaf) => ({ label: labels[leaf]!, index: leaf, y: y.get(leaf)! })) };
}

/**
 * The dendrogram of a clustering (`linkage` names it: "Ward", …), leaves labelled and coloured by
 * their group (author, or an unknown text's folder). Past FIGURE_LEAVES documents, the last
 * FIGURE_LEAVES clusters (tree-truncation.ts), each leaf saying its size and its groups' shares,
 * grey ("mixed") when it holds several groups.
 */
export function dendrogramSpec(
  labels: readonly string[],
  groups: readonly string[],
  merges: readonly Merge[],
  linkage = 'Ward',
  order: readonly string[] = [...new Set(groups)].sort(),
): TopLevelSpec {
  const truncated = labels.length > FIGURE_LEAVES;
  const shown = truncated
    ? lastClusters(labels, groups, merges, FIGURE_LEAVES)
    : { merges: [...merges], leaves: labels.map((label, i) => ({ label, group: groups[i]!, size: 1 })) };
  const { segments, leaves } = dendrogramLayout(
    shown.leaves.map((leaf) => leaf.label),
    shown.merges,
  );
  const mixed = shown.leaves.some((leaf) => leaf.group === MIXED_GROUP);
  const base = groupStyles(order);
  // A cluster of several groups takes no author's colour: grey, named in the legend.
  const styles = mixed
    ? { ...base, groups: [...base.groups, MIXED_GROUP], colours: [...base.colours, MIXED_COLOUR] }
    : base;
  // One row per leaf, exactly: a "nice" domain would pad the tree with empty rows above and below.
  const rows = { domain: [-0.5, leaves.length - 0.5], nice: false, zero: false };
  return {
    title: {
      text: `Cluster analysis (${linkage}, Burrows’ Delta)`,
      ...(truncated && {
        subtitle: `The last ${leaves.length} clusters of ${labels.length} documents, each leaf with its size and authors`,
      }),
    },
    description: 'Dendrogram of the documents: the further right two branches join, the less alike they are.',
    width: 360,
    height: Math.max(120, leaves.length * 14),
    layer: [
      {
        data: { values: segments.map((segment) => ({ ...segment })) },
        mark: { type: 'rule', color: '#555' },
        encoding: {
          x: { field: 'x', type: 'quantitative', title: `merge height (${linkage})` },
          x2: { field: 'x2' },
          y: { field: 'y', type: 'quantitative', axis: null, scale: rows },
          y2: { field: 'y2' },
        },
      },
      {
        // Each leaf's colour is its own document's group (by index: two documents may share a label).
        data: { values: leaves.map((leaf) => ({ ...leaf, author: shown.leaves[leaf.index]!.group })) },
        mark: { type: 'text', align: 'right', dx: -4, fontSize: 11 },
        encoding: {
          x: { datum: 0, type: 'quantitative' },
          y: { field: 'y', type: 'quantitative', axis: null, scale: rows },
          text: { field: 'label' },
          color: colourAndShape('author', 'author', styles).color,
        },
      },
    ],
  } as TopLevelSpec;
}
