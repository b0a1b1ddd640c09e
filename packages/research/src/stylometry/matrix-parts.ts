/**
 * Parts of a condensed matrix and the tiled walk over their pairs: a part is a run of rows, one
 * stretch of the condensed matrix, so threads can each compute one into a buffer of their own; the
 * walk takes a block of columns at a time so that it stays in a core's cache.
 */

/** Rows of a tile: enough that a tile's rows of `words` columns stay in a core's cache (~256 kB). */
export function tileRows(words: number): number {
  return Math.max(16, Math.floor(32_768 / Math.max(1, words)));
}

/**
 * Visits the pairs (i, j), i < j, of a part's rows i tile by tile (the part's rows against a block
 * of j rows at a time, so the block stays in cache while the i rows stream by): visit(i, jFrom, jTo,
 * k) with k the index of (i, jFrom) in the part's stretch of the condensed matrix; after each block,
 * done(pairs visited so far).
 */
export function forEachSegment(
  n: number,
  rowsPerTile: number,
  visit: (i: number, jFrom: number, jTo: number, k: number) => void,
  done: ((pairsDone: number) => void) | undefined,
  part: MatrixPart,
): void {
  const start = partStart(n, part.from);
  let pairs = 0;
  for (let jb = part.from + 1; jb < n; jb += rowsPerTile) {
    const je = Math.min(n, jb + rowsPerTile);
    for (let i = part.from; i < Math.min(part.to, je - 1); i += 1) {
      const jFrom = Math.max(i + 1, jb);
      visit(i, jFrom, je, i * n - (i * (i + 1)) / 2 + jFrom - i - 1 - start);
      pairs += je - jFrom;
    }
    done?.(pairs);
  }
}

/**
 * A part of a matrix: the pairs (i, j), i < j, of rows i in [from, to), which are one stretch of the
 * condensed matrix (from partStart(n, from) to partStart(n, to)). Parts of disjoint rows hold
 * disjoint pairs, so threads can each compute one into a buffer of their own.
 */
export interface MatrixPart {
  from: number;
  to: number;
}

/** Where row `i`'s pairs start in the condensed matrix of n items (the pairs of the rows before it). */
export function partStart(n: number, i: number): number {
  return i * n - (i * (i + 1)) / 2;
}

/** The pairs of a part. */
export function partLength(n: number, part: MatrixPart): number {
  return partStart(n, part.to) - partStart(n, part.from);
}

/** The rows [0, n) cut into at most `parts` runs of about as many pairs each. */
export function matrixParts(n: number, parts: number): MatrixPart[] {
  if (!Number.isInteger(parts) || parts < 1) {
    throw new RangeError(`parts must be a positive integer, got ${String(parts)}`);
  }
  const total = partStart(n, n);
  const bounds = [0];
  for (let k = 1; k < parts; k += 1) {
    // The first row whose pairs before it reach k / parts of all.
    let low = bounds.at(-1)!;
    let high = n;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (partStart(n, middle) * parts < k * total) low = middle + 1;
      else high = middle;
    }
    bounds.push(low);
  }
  bounds.push(n);
  return bounds
    .slice(1)
    .map((to, k) => ({ from: bounds[k]!, to }))
    .filter((part) => part.to > part.from);
}

export function partOf(n: number, part: MatrixPart | undefined): MatrixPart {
  const whole = part ?? { from: 0, to: n };
  if (!(
    Number.isInteger(whole.from) &&
    Number.isInteger(whole.to) &&
    0 <= whole.from &&
    whole.from <= whole.to &&
    whole.to <= n
  )) {
    throw new RangeError(`part [${whole.from}, ${whole.to}) is not within the ${n} rows`);
  }
  return whole;
}
