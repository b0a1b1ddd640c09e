/**
 * Evaluation of a personalisation system over many rows (one personalized and one unpersonalized
 * text per row, each compared with its author): per system and metric, the mean
 * personalization_improvement with a bootstrap interval, the share of rows improved, and a Wilcoxon
 * signed-rank test of the paired distances to the author; attribution accuracy before and after.
 * Rows are added one at a time and only their numbers are kept (typed arrays), so memory grows by a
 * few hundred bytes a row whatever the texts' length; the results do not depend on the rows' order.
 */
import { bootstrapMeanInterval, type BootstrapOptions } from './bootstrap.js';
import { fnv1a } from './random.js';
import { wilcoxonSignedRank, type WilcoxonResult } from './wilcoxon.js';

/** One metric's outcome on one row. */
export interface MetricOutcome {
  /** The analytics group (the top-level key of quality_analytics, or 'authorship'). */
  group: string;
  /** Its path, e.g. 'sentence_length_stats.mean' or 'rouge.rouge1.fmeasure'. */
  metric: string;
  /** personalization_improvement (METRICS.md): positive means nearer the author. */
  improvement: number;
  /** The paired difference the test ranks: distance to the author before minus after (or score after minus before). */
  difference: number;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

/**
 * Every personalization_improvement leaf of a quality_analytics object with its paired difference:
 * with a ground truth, |unpersonalized − truth| − |personalized − truth|; for a distance (no truth),
 * unpersonalized − personalized; for ROUGE scores (higher is better), personalized − unpersonalized.
 */
export function metricOutcomes(analytics: Readonly<Node>): MetricOutcome[] {
  const outcomes: MetricOutcome[] = [];
  const visit = (node: Node, path: string[]): void => {
    const improvement = node.personalization_improvement;
    if (typeof improvement === 'number') {
      const p = num(node.personalized);
      const u = num(node.unpersonalized);
      const truth = node.ground_truth;
      const difference = typeof truth === 'number' ? Math.abs(u - truth) - Math.abs(p - truth) : u - p;
      outcomes.push({ group: path[0]!, metric: path.join('.'), improvement, difference });
      return;
    }
    if (isNode(improvement) && isNode(node.personalized) && isNode(node.unpersonalized)) {
      // ROUGE: precision, recall and F-measure, scores where higher is better.
      for (const [key, value] of Object.entries(improvement)) {
        const p = num(node.personalized[key]);
        const u = num(node.unpersonalized[key]);
        outcomes.push({
          group: path[0]!,
          metric: [...path, key].join('.'),
          improvement: num(value),
          difference: p - u,
        });
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) if (isNode(value)) visit(value, [...path, key]);
  };
  visit(analytics as Node, []);
  return outcomes.filter((outcome) => Number.isFinite(outcome.improvement) && Number.isFinite(outcome.difference));
}

/** A growable Float64Array. */
class Numbers {
  #values = new Float64Array(64);
  length = 0;
  push(value: number): void {
    if (this.length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.length++] = value;
  }
  view(): Float64Array {
    return this.#values.subarray(0, this.length);
  }
}

/** Raw values of one metric on one row, for the distribution plots. */
export interface MetricSample {
  personalized: number;
  unpersonalized: number;
  ground_truth?: number;
}

export interface MetricSummary {
  system: string;
  group: string;
  metric: string;
  n: number;
  mean_improvement: number;
  ci_low: number;
  ci_high: number;
  /** Share of rows whose improvement is positive. */
  share_improved: number;
  wilcoxon: WilcoxonResult;
}

export interface AttributionSummary {
  system: string;
  rows: number;
  /** Share of unpersonalized texts attributed to their own author among all authors. */
  accuracy_unpersonalized: number;
  accuracy_personalized: number;
}

export interface SystemComparison {
  systems: [string, string];
  /** Rows (by id) both systems answered. */
  paired_rows: number;
  metric: string;
  /** Mean of (distance of A's text − distance of B's text): negative means A is nearer the authors. */
  mean_difference: number;
  ci_low: number;
  ci_high: number;
  wilcoxon: WilcoxonResult;
}

export interface EvaluationSummary {
  systems: string[];
  rows: number;
  metrics: MetricSummary[];
  attribution: AttributionSummary[];
  comparisons: SystemComparison[];
  /** Per system and sampled metric: up to `sampleSize` rows' raw values (chosen by a seeded hash of the id). */
  samples: Record<string, Record<string, MetricSample[]>>;
}

export interface EvaluationOptions extends BootstrapOptions {
  /** Metrics whose raw values are sampled for distributions. */
  sampledMetrics?: readonly string[];
  /** Rows kept per system and sampled metric (default 2,000). */
  sampleSize?: number;
}

interface SystemState {
  metrics: Map<string, { group: string; improvements: Numbers; differences: Numbers }>;
  rows: number;
  attributedBefore: number;
  attributedAfter: number;
  /** id → the personalized text's distance to its author, for comparing systems row by row. */
  distances: Map<string, number>;
  samples: Map<string, Array<{ priority: number; sample: MetricSample }>>;
}

/** A seeded hash of a row id, in [0, 1). */
function idPriority(id: string, seed: number): number {
  let hash = fnv1a(id, seed);
  // A final mix spreads ids that differ in one last character.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x45d9f3b) >>> 0;
  hash ^= hash >>> 16;
  return hash / 4294967296;
}

/** The `size` entries of lowest priority. */
function lowest<T extends { priority: number }>(entries: T[], size: number): T[] {
  return [...entries].sort((a, b) => a.priority - b.priority).slice(0, size);
}

/** The metric systems are compared on, row by row. */
export const COMPARISON_METRIC = 'authorship.delta';

/** Collects evaluated rows, then summarizes them. */
export class EvaluationAccumulator {
  readonly #systems = new Map<string, SystemState>();
  readonly #options: EvaluationOptions;
  readonly #sampled: ReadonlySet<string>;

  constructor(options: EvaluationOptions = {}) {
    this.#options = options;
    this.#sampled = new Set(options.sampledMetrics ?? []);
  }

  #system(name: string): SystemState {
    let state = this.#systems.get(name);
    if (state === undefined) {
      state = {
        metrics: new Map(),
        rows: 0,
        attributedBefore: 0,
        attributedAfter: 0,
        distances: new Map(),
        samples: new Map(),
      };
      this.#systems.set(name, state);
    }
    return state;
  }

  /**
   * One evaluated row: its metric outcomes, raw values of the sampled metrics, whether each text
   * was attributed to the row's author, and the personalized text's Delta distance to the author.
   */
  add(row: {
    system: string;
    id: string;
    outcomes: readonly MetricOutcome[];
    samples?: Readonly<Record<string, MetricSample>>;
    attributedBefore: boolean;
    attributedAfter: boolean;
    personalizedDistance?: number;
  }): void {
    const state = this.#system(row.system);
    state.rows += 1;
    if (row.attributedBefore) state.attributedBefore += 1;
    if (row.attributedAfter) state.attributedAfter += 1;
    for (const outcome of row.outcomes) {
      let metric = state.metrics.get(outcome.metric);
      if (metric === undefined) {
        metric = { group: outcome.group, improvements: new Numbers(), differences: new Numbers() };
        state.metrics.set(outcome.metric, metric);
      }
      metric.improvements.push(outcome.improvement);
      metric.differences.push(outcome.difference);
    }
    if (row.personalizedDistance !== undefined) state.distances.set(row.id, row.personalizedDistance);
    const size = this.#options.sampleSize ?? 2_000;
    // Bottom-k sampling by a seeded hash of the row id: the rows kept do not depend on the order
    // rows arrive in (a pool finishes them in any order), and every row has the same chance.
    const priority = idPriority(row.id, this.#options.seed ?? 1);
    for (const [metric, sample] of Object.entries(row.samples ?? {})) {
      if (!this.#sampled.has(metric)) continue;
      let kept = state.samples.get(metric);
      if (kept === undefined) state.samples.set(metric, (kept = []));
      kept.push({ priority, sample });
      if (kept.length >= 2 * size) state.samples.set(metric, lowest(kept, size));
    }
  }

  summarize(): EvaluationSummary {
    const systems = [...this.#systems.keys()].sort();
    const bootstrap = {
      resamples: this.#options.resamples,
      confidence: this.#options.confidence,
      seed: this.#options.seed,
    };
    const clean = Object.fromEntries(Object.entries(bootstrap).filter(([, v]) => v !== undefined)) as BootstrapOptions;
    const metrics: MetricSummary[] = [];
    const attribution: AttributionSummary[] = [];
    for (const system of systems) {
      const state = this.#systems.get(system)!;
      for (const [metric, { group, improvements, differences }] of [...state.metrics].sort(([a], [b]) =>
        a < b ? -1 : 1,
      )) {
        // Sorted first: the rows' arrival order must not change the resamples (reproducible runs).
        const values = improvements.view().slice().sort();
        const interval = bootstrapMeanInterval(values, clean);
        let improved = 0;
        for (const value of values) if (value > 0) improved += 1;
        metrics.push({
          system,
          group,
          metric,
          n: values.length,
          mean_improvement: interval.mean,
          ci_low: interval.low,
          ci_high: interval.high,
          share_improved: values.length > 0 ? improved / values.length : 0,
          wilcoxon: wilcoxonSignedRank(differences.view()),
        });
      }
      attribution.push({
        system,
        rows: state.rows,
        accuracy_unpersonalized: state.rows > 0 ? state.attributedBefore / state.rows : 0,
        accuracy_personalized: state.rows > 0 ? state.attributedAfter / state.rows : 0,
      });
    }
    const comparisons: SystemComparison[] = [];
    for (let i = 0; i < systems.length; i += 1) {
      for (let j = i + 1; j < systems.length; j += 1) {
        const a = this.#systems.get(systems[i]!)!.distances;
        const b = this.#systems.get(systems[j]!)!.distances;
        const differences: number[] = [];
        for (const [id, distance] of a) {
          const other = b.get(id);
          if (other !== undefined) differences.push(distance - other);
        }
        if (differences.length === 0) continue;
        differences.sort((x, y) => x - y);
        const interval = bootstrapMeanInterval(differences, clean);
        comparisons.push({
          systems: [systems[i]!, systems[j]!],
          paired_rows: differences.length,
          metric: COMPARISON_METRIC,
          mean_difference: interval.mean,
          ci_low: interval.low,
          ci_high: interval.high,
          wilcoxon: wilcoxonSignedRank(differences),
        });
      }
    }
    const size = this.#options.sampleSize ?? 2_000;
    const samples = Object.fromEntries(
      systems.map((system) => [
        system,
        Object.fromEntries(
          [...this.#systems.get(system)!.samples].map(([metric, kept]) => [
            metric,
            lowest(kept, size).map((entry) => entry.sample),
          ]),
        ),
      ]),
    );
    const rows = attribution.reduce((sum, entry) => sum + entry.rows, 0);
    return { systems, rows, metrics, attribution, comparisons, samples };
  }
}
