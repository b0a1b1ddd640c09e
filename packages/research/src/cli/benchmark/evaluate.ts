/** One benchmark row on the pool: quality analytics of both texts, their Delta distances and attribution. */
import {
  deltaReference,
  distanceImprovement,
  type DeltaReference,
  type GroundTruth,
  type QualityAnalytics,
} from '@styler-dev/analytics/metrics';
import type { AnalyticsPool } from '@styler-dev/analytics/pool';
import type { BenchmarkInput } from './rows.js';

/** Words of the Delta reference made from the authors (the attribute default). */
const MOST_FREQUENT = 150;

/** What rows.jsonl holds for a row. */
export interface BenchmarkRow {
  id: string;
  system: string;
  author: string;
  quality_analytics: QualityAnalytics;
  /** Burrows' Delta of each text to the author's ground truth (METRICS.md improvement of a distance). */
  delta: { personalized: number; unpersonalized: number; personalization_improvement: number };
  /** The author each text is nearest to, among all authors. */
  attribution: { personalized: string; unpersonalized: string };
}

/** The authors and the reference their distances are measured on, made once per run. */
export interface EvaluationContext {
  candidates: Record<string, GroundTruth>;
  reference: DeltaReference;
  includeRouge: boolean;
}

export function evaluationContext(authors: ReadonlyMap<string, GroundTruth>, includeRouge: boolean): EvaluationContext {
  const candidates = Object.fromEntries(authors);
  const profiles = [...authors.values()].map((truth) => truth.wordForms!);
  return { candidates, reference: deltaReference(profiles, MOST_FREQUENT), includeRouge };
}

export async function evaluateRow(
  pool: AnalyticsPool,
  context: EvaluationContext,
  row: BenchmarkInput,
): Promise<BenchmarkRow> {
  const groundTruth = context.candidates[row.author]!;
  const options = { reference: context.reference };
  const [analytics, personalized, unpersonalized] = await Promise.all([
    pool.qualityAnalytics({
      personalized: row.personalized,
      unpersonalized: row.unpersonalized,
      groundTruth,
      includeRouge: context.includeRouge,
    }),
    pool.attribute(row.personalized, context.candidates, options),
    pool.attribute(row.unpersonalized, context.candidates, options),
  ]);
  const p = personalized.distances[row.author]!;
  const u = unpersonalized.distances[row.author]!;
  return {
    id: row.id,
    system: row.system,
    author: row.author,
    quality_analytics: analytics,
    delta: { personalized: p, unpersonalized: u, personalization_improvement: distanceImprovement(p, u) },
    attribution: { personalized: personalized.author, unpersonalized: unpersonalized.author },
  };
}
