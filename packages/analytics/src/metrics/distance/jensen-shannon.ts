/**
 * Jensen-Shannon distance between two distributions given as counts (or probabilities):
 * the square root of the JS divergence with base-2 logarithms, in [0, 1]. Keys are compared over
 * their union; zero or negative weights count as absent. Two empty distributions are at 0; an
 * empty and a non-empty one at 1.
 */
export function jensenShannonDistance(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): number {
  const totalA = positiveTotal(a);
  const totalB = positiveTotal(b);
  if (totalA === 0 && totalB === 0) return 0;
  if (totalA === 0 || totalB === 0) return 1;
  let divergence = 0;
  const visit = (key: string): void => {
    const p = positive(a[key]) / totalA;
    const q = positive(b[key]) / totalB;
    const m = (p + q) / 2;
    if (p > 0) divergence += 0.5 * p * Math.log2(p / m);
    if (q > 0) divergence += 0.5 * q * Math.log2(q / m);
  };
  for (const key of Object.keys(a)) visit(key);
  for (const key of Object.keys(b)) if (!(key in a)) visit(key);
  // Rounding can leave a hair below 0 or above 1.
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

function positive(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
}

function positiveTotal(distribution: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const key of Object.keys(distribution)) total += positive(distribution[key]);
  return total;
}

/**
 * jensenShannonDistance for dense arrays, for the style engine's inner loop: between counts `p`
 * and probabilities `q`, the same formula: sqrt(½ Σ a·log2(a/m) + ½ Σ b·log2(b/m)), a = p/Σp, m = (a + b)/2, clamped to [0, 1].
 * `pTotal` and `qTotal` may be given when known (they must equal Σ max(0, p) and Σ q in index order).
 * With `memo`, the terms of each index are reused where its count and the total are the same as
 * when they were computed; the sum is still taken in index order, so the result is the same float.
 */
export function jsDistance(
  p: Float64Array,
  q: Float64Array,
  pTotal?: number,
  qTotal?: number,
  memo?: JsDistanceMemo,
): number {
  let total = pTotal ?? 0;
  if (pTotal === undefined) for (let i = 0; i < p.length; i += 1) total += Math.max(0, p[i] ?? 0);
  const qSum = qTotal ?? sum(q);
  if (total === 0 && qSum === 0) return 0;
  if (total === 0 || qSum === 0) return 1;
  const row = memo?.row(total, p.length);
  let divergence = 0;
  for (let i = 0; i < p.length; i += 1) {
    const count = p[i] as number;
    const b = q[i] ?? 0;
    if (count <= 0) {
      // a = 0: m = b/2, so b·log2(b/m) = b exactly (the general formula gives the same bits).
      if (b > 0) divergence += 0.5 * b;
      continue;
    }
    let fromA: number;
    let fromB: number;
    if (row !== undefined && row.counts[i] === count) {
      fromA = row.fromA[i] as number;
      fromB = row.fromB[i] as number;
    } else {
      const a = count / total;
      const m = (a + b) / 2;
      fromA = 0.5 * a * Math.log2(a / m);
      fromB = b > 0 ? 0.5 * b * Math.log2(b / m) : 0;
      if (row !== undefined) {
        row.counts[i] = count;
        row.fromA[i] = fromA;
        row.fromB[i] = fromB;
      }
    }
    divergence += fromA;
    // Added only where b > 0, as the direct formula does (x + 0 would be the same, but keep the steps).
    if (b > 0) divergence += fromB;
  }
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

function sum(values: Float64Array): number {
  let total = 0;
  for (let i = 0; i < values.length; i += 1) total += values[i] ?? 0;
  return total;
}

/** The two terms of each index for one total, with the count they were computed for (0 = none yet). */
interface TermRow {
  counts: Float64Array;
  fromA: Float64Array;
  fromB: Float64Array;
}

/** Rows kept at most; the search visits few distinct totals between edits. */
const MAX_ROWS = 64;

/**
 * Memo of Jensen-Shannon terms against one fixed `q`, by total: the edit search tries many
 * changes of a few counts each, so most terms recur. Use one memo per target distribution.
 */
export class JsDistanceMemo {
  private readonly rows = new Map<number, TermRow>();

  /** The row of a total, made empty on first use. */
  row(total: number, length: number): TermRow {
    let row = this.rows.get(total);
    if (row === undefined) {
      if (this.rows.size >= MAX_ROWS) this.rows.clear();
      row = { counts: new Float64Array(length), fromA: new Float64Array(length), fromB: new Float64Array(length) };
      this.rows.set(total, row);
    }
    return row;
  }
}
