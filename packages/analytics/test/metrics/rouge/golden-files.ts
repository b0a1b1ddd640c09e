import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REFERENCE_DIR = fileURLToPath(new URL('../../fixtures/reference/', import.meta.url));

/** Every record of a JSON Lines golden file in fixtures/reference/. */
export function readGolden<T>(name: string): T[] {
  return readFileSync(REFERENCE_DIR + name, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export interface GoldenScore {
  precision: number;
  recall: number;
  fmeasure: number;
}
export type GoldenScores = Record<'rouge1' | 'rouge2' | 'rougeL' | 'rougeLsum', GoldenScore>;

/** Largest absolute difference between two score sets over the listed types. */
export function maxAbsDifference<Type extends string>(
  actual: Record<Type, GoldenScore>,
  expected: Record<Type, GoldenScore>,
  types: readonly Type[],
): number {
  let max = 0;
  for (const type of types) {
    for (const key of ['precision', 'recall', 'fmeasure'] as const) {
      const a: number | undefined = actual[type]?.[key];
      const e: number | undefined = expected[type]?.[key];
      if (a === undefined || e === undefined) return Number.POSITIVE_INFINITY;
      max = Math.max(max, Math.abs(a - e));
    }
  }
  return max;
}
