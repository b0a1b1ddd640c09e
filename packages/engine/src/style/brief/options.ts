import type { WordProfile } from '@styler-dev/analytics/metrics';
import { STYLE_DEFAULTS } from '../defaults.js';
import type { StyleBriefOptions } from './types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertReference(reference: unknown): asserts reference is WordProfile {
  if (!isRecord(reference) || !isRecord(reference.counts))
    throw new TypeError('options.reference must be word counts: { total: number, counts: { word: count } }');
  const total = reference.total;
  if (typeof total !== 'number' || !Number.isFinite(total) || total < 0)
    throw new RangeError('options.reference.total must be a finite number ≥ 0');
  for (const [word, count] of Object.entries(reference.counts)) {
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0)
      throw new RangeError(`options.reference.counts[${JSON.stringify(word)}] must be a finite number ≥ 0`);
  }
}

/** styleBrief's options, validated, with their defaults filled in. */
export function briefOptions(options: unknown): {
  reference: WordProfile | undefined;
  exampleTokenBudget: number;
  maxExamples: number;
} {
  if (options === undefined) options = {};
  if (!isRecord(options)) throw new TypeError('options must be an object');
  const { reference, exampleTokenBudget, maxExamples } = options as StyleBriefOptions;
  if (reference !== undefined) assertReference(reference);
  if (
    exampleTokenBudget !== undefined &&
    (typeof exampleTokenBudget !== 'number' || !Number.isFinite(exampleTokenBudget) || exampleTokenBudget < 0)
  )
    throw new RangeError('options.exampleTokenBudget must be a finite number ≥ 0 (tokens)');
  if (maxExamples !== undefined && (!Number.isInteger(maxExamples) || maxExamples < 0))
    throw new RangeError('options.maxExamples must be an integer ≥ 0');
  return {
    reference,
    exampleTokenBudget: exampleTokenBudget ?? STYLE_DEFAULTS.llmExampleTokens,
    maxExamples: maxExamples ?? STYLE_DEFAULTS.llmExamples,
  };
}
