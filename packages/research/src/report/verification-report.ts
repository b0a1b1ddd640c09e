/** The page of `styler verify`: PAN's metrics per method and the reliability diagram. */
import type { TopLevelSpec } from 'vega-lite';
import type { ReliabilityBin, VerificationMetrics } from '../stylometry/index.js';
import { escapeHtml, htmlPage, htmlTable } from './html.js';
import { renderPlot, type FigureSink } from './plots.js';

/** Each method's bins: mean score against the observed share of same-author problems, and the diagonal. */
export function reliabilitySpec(bins: ReadonlyArray<ReliabilityBin & { method: string }>): TopLevelSpec {
  return {
    title: 'Reliability diagram',
    description:
      'Line chart per method: the mean score of each score bin (x) against the share of its problems by the same author (y); a calibrated method follows the diagonal.',
    width: 360,
    height: 360,
    layer: [
      {
        data: { values: [{ x: 0 }, { x: 1 }].map((point) => ({ ...point, y: point.x })) },
        mark: { type: 'line', strokeDash: [4, 4], color: '#888' },
        encoding: {
          x: { field: 'x', type: 'quantitative', title: 'mean score of the bin', scale: { domain: [0, 1] } },
          y: {
            field: 'y',
            type: 'quantitative',
            title: 'observed share by the same author',
            scale: { domain: [0, 1] },
          },
        },
      },
      {
        data: { values: bins.map((bin) => ({ ...bin })) },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'meanScore', type: 'quantitative' },
          y: { field: 'observed', type: 'quantitative' },
          color: { field: 'method', type: 'nominal', title: 'method', legend: { labelLimit: 240 } },
          tooltip: [{ field: 'method' }, { field: 'problems', type: 'quantitative' }],
        },
      },
    ],
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
            'Problems binned by score: each bin’s mean score against the share of its problems by the same author.',
            { name: 'reliability', sink: figures },
          ),
        ]),
  ]);
}
