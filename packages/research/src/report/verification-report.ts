/** The page of `styler verify`: PAN's metrics per method and the reliability diagram. */
import type { TopLevelSpec } from 'vega-lite';
import type { ReliabilityBin, VerificationMetrics } from '../stylometry/index.js';
import { escapeHtml, htmlPage, htmlTable } from './html.js';
import { renderPlot, type FigureSink } from './plots.js';

/**
 * The reliability diagram, one panel per method: each score bin's mean score (x) against the share of
 * its problems by the same author (y), with that share's 95 % Wilson interval and the bin's number of
 * problems beside its point; the diagonal is perfect calibration.
 */
export function reliabilitySpec(bins: ReadonlyArray<ReliabilityBin & { method: string }>): TopLevelSpec {
  const axis = { scale: { domain: [0, 1] }, axis: { labelFontSize: 11, titleFontSize: 11 } };
  const x = { field: 'meanScore', type: 'quantitative', title: 'mean score of the bin', ...axis };
  const y = { field: 'observed', type: 'quantitative', title: 'share by the same author', ...axis };
  return {
    title: 'Reliability diagram',
    description:
      'One panel per method: the mean score of each score bin (x) against the share of its problems by the same author (y), with its 95 % interval and the number of problems; a calibrated method follows the diagonal.',
    data: { values: bins.map((bin) => ({ ...bin })) },
    facet: {
      field: 'method',
      type: 'nominal',
      title: null,
      sort: [...new Set(bins.map((bin) => bin.method))],
      header: { labelFontSize: 12 },
    },
    columns: 2,
    spec: {
      width: 240,
      height: 240,
      layer: [
        {
          mark: { type: 'rule', strokeDash: [4, 4], color: '#888' },
          encoding: {
            x: { datum: 0, type: 'quantitative', ...axis, title: 'mean score of the bin' },
            y: { datum: 0, type: 'quantitative', ...axis, title: 'share by the same author' },
            x2: { datum: 1 },
            y2: { datum: 1 },
          },
        },
        {
          mark: { type: 'rule', color: '#4c78a8' },
          encoding: { x, y: { ...y, field: 'observedLow' }, y2: { field: 'observedHigh' } },
        },
        {
          mark: { type: 'line', point: true, color: '#4c78a8' },
          encoding: {
            x,
            y,
            tooltip: [
              { field: 'problems', type: 'quantitative' },
              { field: 'observedLow', type: 'quantitative', format: '.2f' },
              { field: 'observedHigh', type: 'quantitative', format: '.2f' },
            ],
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 5, dy: -7, fontSize: 11, color: '#333' },
          encoding: { x, y, text: { field: 'problems', type: 'quantitative' } },
        },
      ],
    },
  } as TopLevelSpec;
}

export interface VerificationReportInput {
  description: string;
  /** Per method: the metrics (null when no problem has an answer). */
  metrics: Record<string, VerificationMetrics | null>;
  bins: ReadonlyArray<ReliabilityBin & { method: string }>;
  figures?: FigureSink;
}

/** The HTML report; the reliability diagram only when some problem has an answer. */
export async function verificationReport({
  description,
  metrics,
  bins,
  figures,
}: VerificationReportInput): Promise<string> {
  const rows = Object.entries(metrics).flatMap(([method, m]) =>
    m === null
      ? []
      : [[method, m.auc ?? Number.NaN, m.c_at_1, m.f_05_u, m.brier, m.overall ?? Number.NaN, m.brier_loss]],
  );
  return htmlPage('Authorship verification', [
    `<p>${escapeHtml(description)}</p>`,
    ...(rows.length === 0
      ? ['<p>No problem has an answer: no metrics.</p>']
      : [
          htmlTable(
            'PAN metrics (brier: 1 − Brier score, as PAN reports it; Brier loss: the score itself)',
            ['method', 'AUC', 'c@1', 'F0.5u', 'brier', 'overall', 'Brier loss'],
            rows,
          ),
          await renderPlot(
            reliabilitySpec(bins),
            'Problems binned by score, one panel per method: each bin’s mean score against the share of its problems by the same author, the vertical bar its 95 % Wilson interval, the number beside the point its problems.',
            { name: 'reliability', sink: figures },
          ),
        ]),
  ]);
}
