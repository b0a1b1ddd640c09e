/**
 * From rows.jsonl to the run's summary.json, summary.csv and report.html. The rows are streamed
 * through the accumulator, which keeps their numbers only, so a run of any length fits in memory.
 */
import { join } from 'node:path';
import { createProgress, writeCsv, writeFileAtomic } from '@styler-dev/cli-kit';
import {
  EvaluationAccumulator,
  metricOutcomes,
  type EvaluationSummary,
  type MetricSample,
} from '../../stylometry/index.js';
import { benchmarkFigureNames, benchmarkReport } from '../../report/benchmark-report.js';
import { figureFiles, type FigureFormats } from '../../report/figure-files.js';
import { writeJsonFile } from '../json-file.js';
import type { BenchmarkRow } from './evaluate.js';
import { readLines } from './rows.js';

/** Metrics whose raw values the report plots as distributions. */
export const DISTRIBUTION_METRICS = [
  'sentence_length_stats.mean',
  'word_length_stats.mean',
  'readability.flesch_reading_ease',
  'lexical_density',
  'authorship.delta',
] as const;

export interface SummaryOptions {
  resamples: number;
  seed: number;
  confidence: number;
}

type Node = Record<string, unknown>;

function at(analytics: Node, path: string): Node | undefined {
  let node: unknown = analytics;
  for (const key of path.split('.')) node = (node as Node | undefined)?.[key];
  return typeof node === 'object' && node !== null ? (node as Node) : undefined;
}

function samplesOf(row: BenchmarkRow): Record<string, MetricSample> {
  const samples: Record<string, MetricSample> = {
    'authorship.delta': { personalized: row.delta.personalized, unpersonalized: row.delta.unpersonalized },
  };
  for (const metric of DISTRIBUTION_METRICS) {
    const node = at(row.quality_analytics as unknown as Node, metric);
    if (node === undefined) continue;
    samples[metric] = {
      personalized: node.personalized as number,
      unpersonalized: node.unpersonalized as number,
      ground_truth: node.ground_truth as number,
    };
  }
  return samples;
}

/** Adds one row of rows.jsonl to `accumulator`. */
export function addRow(accumulator: EvaluationAccumulator, row: BenchmarkRow): void {
  accumulator.add({
    system: row.system,
    id: row.id,
    outcomes: [
      ...metricOutcomes(row.quality_analytics as unknown as Node),
      {
        group: 'authorship',
        metric: 'authorship.delta',
        improvement: row.delta.personalization_improvement,
        difference: row.delta.unpersonalized - row.delta.personalized,
      },
    ],
    samples: samplesOf(row),
    attributedBefore: row.attribution.unpersonalized === row.author,
    attributedAfter: row.attribution.personalized === row.author,
    personalizedDistance: row.delta.personalized,
  });
}

/** The summary of every row of a rows.jsonl (a run's, or the merge of shards, which holds each row once). */
export async function summarizeRows(path: string, options: SummaryOptions): Promise<EvaluationSummary> {
  const accumulator = new EvaluationAccumulator({
    ...options,
    sampledMetrics: DISTRIBUTION_METRICS,
  });
  for await (const { line } of readLines(path)) addRow(accumulator, JSON.parse(line) as BenchmarkRow);
  return accumulator.summarize();
}

const SUMMARY_COLUMNS = [
  'system',
  'group',
  'metric',
  'n',
  'mean_improvement',
  'ci_low',
  'ci_high',
  'share_improved',
  'wilcoxon_n',
  'w_plus',
  'w_minus',
  'p_value',
  'z',
  'rank_biserial',
  'effect_r',
];

/** Writes summary.json, summary.csv, report.html and its figures (figure-*.svg, .png, as `formats` says) into `out`. */
export async function writeSummary(
  out: string,
  summary: EvaluationSummary,
  options: SummaryOptions,
  input: string[],
  stderr: NodeJS.WritableStream,
  formats: FigureFormats = 'png',
): Promise<string[]> {
  const figures = figureFiles(out, stderr, formats);
  // One tick a figure, and one for the page.
  const reporting = createProgress(stderr, benchmarkFigureNames(summary).length + 1, 'report.html and figures', {
    lines: true,
  });
  figures.track(() => reporting.tick());
  const report = await benchmarkReport({ summary, settings: options, input, figures: figures.sink });
  reporting.tick();
  reporting.done();
  const files = ['rows.jsonl', 'summary.json', 'summary.csv', 'report.html', ...figures.files];
  // The sampled raw values are for the plots only.
  const { samples: _samples, ...numbers } = summary;
  const json = {
    input,
    settings: { bootstrap_resamples: options.resamples, confidence: options.confidence, seed: options.seed },
    ...numbers,
    files,
  };
  const rows = summary.metrics.map((m) => [
    m.system,
    m.group,
    m.metric,
    m.n,
    m.mean_improvement,
    m.ci_low,
    m.ci_high,
    m.share_improved,
    m.wilcoxon.n,
    m.wilcoxon.wPlus,
    m.wilcoxon.wMinus,
    m.wilcoxon.p,
    m.wilcoxon.z,
    m.wilcoxon.rankBiserial,
    m.wilcoxon.r,
  ]);
  await Promise.all([
    writeJsonFile(join(out, 'summary.json'), json),
    writeCsv(join(out, 'summary.csv'), SUMMARY_COLUMNS, rows),
    writeFileAtomic(join(out, 'report.html'), report),
  ]);
  return files;
}
