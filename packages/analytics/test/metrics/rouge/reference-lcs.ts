/**
 * Slow, obviously-correct LCS references for the tests: the full DP table (small inputs only) with
 * rouge-score's backtrack, a two-row DP length, and Hunt–Szymanski for long inputs.
 */

/** The (n+1) × (m+1) LCS table, t[i][j] = LCS(a[0..i), b[0..j)). Small inputs only. */
export function lcsTable(a: ArrayLike<number>, b: ArrayLike<number>): number[][] {
  const table: number[][] = [];
  for (let i = 0; i <= a.length; i++) table.push(new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table;
}

/** rouge-score's `_backtrack_norec` on the full table: target positions of its chosen LCS. */
export function rougeBacktrackPositions(target: ArrayLike<number>, prediction: ArrayLike<number>): number[] {
  const t = lcsTable(target, prediction);
  const positions: number[] = [];
  let i = target.length;
  let j = prediction.length;
  while (i > 0 && j > 0) {
    if (target[i - 1] === prediction[j - 1]) {
      positions.push(i - 1);
      i--;
      j--;
    } else if (t[i]![j - 1]! > t[i - 1]![j]!) {
      j--;
    } else {
      i--;
    }
  }
  return positions.reverse();
}

/** LCS length by the textbook two-row DP. */
export function dpLcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * LCS length by Hunt & Szymanski (1977): for each token of b, the matching positions of a, taken in
 * decreasing order, update the smallest end position of a common subsequence of each length.
 * O((matches + n) log n): fast when the alphabet is large, independent of the bit-parallel code.
 */
export function huntSzymanskiLcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const positionsById = new Map<number, number[]>();
  for (let i = a.length - 1; i >= 0; i--) {
    const list = positionsById.get(a[i]!);
    if (list === undefined) positionsById.set(a[i]!, [i]);
    else list.push(i);
  }
  const thresholds: number[] = [];
  for (let j = 0; j < b.length; j++) {
    for (const position of positionsById.get(b[j]!) ?? []) {
      let low = 0;
      let high = thresholds.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (thresholds[middle]! < position) low = middle + 1;
        else high = middle;
      }
      thresholds[low] = position;
    }
  }
  return thresholds.length;
}
