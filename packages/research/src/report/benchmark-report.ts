/** The HTML report of `styler benchmark`: the summary tables first, then the plots. */
import type { EvaluationSummary, MetricSample, MetricSummary } from '../stylometry/index.js';
import { escapeHtml, formatNumber, htmlPage, htmlTable, metricLabel } from './html.js';
import {
  distributionSpec,
  improvementNeedsPanels,
  improvementSpec,
  renderPlot,
  SHARED_SYSTEMS,
  SCALE_RATIO,
  type DistributionValue,
  type FigureSink,
} from './plots.js';

export interface BenchmarkReportInput {
  summary: EvaluationSummary;
  settings: { resamples: number; confidence: number; seed: number };
  input: readonly string[];
  /** Receives each figure, to be written beside the report. */
  figures?: FigureSink;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const pValue = (p: number): string => (p < 0.001 ? p.toExponential(1) : p.toFixed(3));

function metricRow(m: MetricSummary): string[] {
  return [
    metricLabel(m.metric),
    m.system,
    String(m.n),
    formatNumber(m.mean_improvement),
    `${formatNumber(m.ci_low)} … ${formatNumber(m.ci_high)}`,
    percent(m.share_improved),
    pValue(m.wilcoxon.p),
    formatNumber(m.wilcoxon.rankBiserial, 2),
  ];
}

/** The same numbers in any order: equal when sorted. */
function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.every((value, i) => Object.is(value, y[i]));
}

/**
 * One box per system for the personalized texts; the unpersonalized texts and the ground truth once,
 * when every system was given the same rows (their values are then the same numbers, and drawing
 * them per system would repeat one box), else once per system as well.
 */
function distributionValues(samples: EvaluationSummary['samples'], metric: string): DistributionValue[] {
  const systems = Object.keys(samples).sort();
  const of = (system: string) => (samples[system]?.[metric] ?? []) as MetricSample[];
  const values: DistributionValue[] = systems.flatMap((system) =>
    of(system).map((sample) => ({ system, text: `personalized · ${system}`, value: sample.personalized })),
  );
  const shared = (kind: 'unpersonalized' | 'ground truth', pick: (sample: MetricSample) => number | undefined) => {
    const bySystem = systems.map((system) =>
      of(system).flatMap((sample) => {
        const value = pick(sample);
        return value === undefined ? [] : [value];
      }),
    );
    if (bySystem.every((list) => sameValues(list, bySystem[0]!))) {
      values.push(...(bySystem[0] ?? []).map((value) => ({ system: SHARED_SYSTEMS, text: kind, value })));
    } else {
      systems.forEach((system, i) =>
        values.push(...bySystem[i]!.map((value) => ({ system, text: `${kind} · ${system}`, value }))),
      );
    }
  };
  shared('unpersonalized', (sample) => sample.unpersonalized);
  shared('ground truth', (sample) => sample.ground_truth);
  return values.filter((value) => Number.isFinite(value.value));
}

/** The figures a benchmark report draws, in order (its progress counts them). */
export function benchmarkFigureNames(summary: EvaluationSummary): string[] {
  const metrics = [...new Set(Object.values(summary.samples).flatMap((bySystem) => Object.keys(bySystem)))].sort();
  return [
    ...(summary.metrics.length > 0 ? ['improvement'] : []),
    ...metrics
      .filter((metric) => distributionValues(summary.samples, metric).length > 0)
      .map((metric) => `distribution-${metric}`),
  ];
}

export async function benchmarkReport({ summary, settings, input, figures }: BenchmarkReportInput): Promise<string> {
  const { samples } = summary;
  const sections: string[] = [
    `<p>Input: ${input.map((path) => `<code>${escapeHtml(path)}</code>`).join(', ')}. ${summary.rows} rows; ` +
      `intervals: ${settings.resamples} bootstrap resamples, seed ${settings.seed}. A positive improvement ` +
      'means the personalized text is nearer the author than the unpersonalized one (docs/metrics.md).</p>',
    '<h2>Attribution</h2>',
    htmlTable(
      'Attribution to the right author among all authors (Burrows’ Delta)',
      ['system', 'rows', 'unpersonalized', 'personalized'],
      summary.attribution.map((a) => [
        a.system,
        String(a.rows),
        percent(a.accuracy_unpersonalized),
        percent(a.accuracy_personalized),
      ]),
    ),
  ];
  const groupMeans = summary.metrics;
  sections.push(
    '<h2>Per metric</h2>',
    htmlTable(
      'Per metric: mean improvement, 95 % CI, share of rows improved, Wilcoxon signed-rank test of the paired distances',
      ['metric', 'system', 'rows', 'mean improvement', '95 % CI', 'improved', 'p (Wilcoxon)', 'rank-biserial r'],
      groupMeans.map(metricRow),
    ),
  );
  if (summary.comparisons.length > 0) {
    sections.push(
      '<h2>Systems compared row by row</h2>',
      htmlTable(
        'Delta distance of system A’s text minus system B’s, over the rows both answered (negative: A nearer the author)',
        ['A', 'B', 'rows', 'mean difference', '95 % CI', 'p (Wilcoxon)', 'rank-biserial r'],
        summary.comparisons.map((c) => [
          c.systems[0],
          c.systems[1],
          String(c.paired_rows),
          formatNumber(c.mean_difference),
          `${formatNumber(c.ci_low)} … ${formatNumber(c.ci_high)}`,
          pValue(c.wilcoxon.p),
          formatNumber(c.wilcoxon.rankBiserial, 2),
        ]),
      ),
    );
  }
  sections.push('<h2>Improvement per metric</h2>');
  const intervals = groupMeans.map((m) => ({
    system: m.system,
    metric: metricLabel(m.metric),
    mean: m.mean_improvement,
    low: m.ci_low,
    high: m.ci_high,
    n: m.n,
  }));
  if (intervals.length > 0) {
    sections.push(
      await renderPlot(
        improvementSpec(intervals, 'Mean personalization improvement'),
        'Each point is a metric’s mean improvement over its n rows, the bar its 95 % bootstrap interval; right of 0 is nearer the author. ' +
          (improvementNeedsPanels(intervals)
            ? `One interval reaches more than ${SCALE_RATIO} times past the typical one, so each metric has its own panel and linear scale (the table above has every value).`
            : 'One linear axis spans every interval, 0 marked by the dashed line.'),
        { name: 'improvement', sink: figures },
      ),
    );
  }
  sections.push('<h2>Distributions</h2>');
  const metrics = [...new Set(Object.values(samples).flatMap((bySystem) => Object.keys(bySystem)))].sort();
  for (const metric of metrics) {
    const values = distributionValues(samples, metric);
    if (values.length === 0) continue;
    sections.push(
      await renderPlot(
        distributionSpec(values, metric),
        `${escapeHtml(metric)} of the personalized and unpersonalized texts${metric === 'authorship.delta' ? ' (distance to the author)' : ' and the authors’ ground truth'}; boxes span the middle half, whiskers 1.5 × IQR.`,
        { name: `distribution-${metric}`, sink: figures },
      ),
    );
  }
  return htmlPage('Styler benchmark report', sections);
}
