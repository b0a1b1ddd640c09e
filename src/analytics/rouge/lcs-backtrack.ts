import { advanceLcsState, initialLcsState, type LcsPattern } from './lcs.js';

/**
 * Above this many stored words (16 MiB), column states are kept only at checkpoints and each block
 * of columns is recomputed during the walk back.
 */
const FULL_HISTORY_WORD_LIMIT = 1 << 22;

/**
 * Marks, in `marks`, the target positions of the one LCS that rouge-score's `lcs_ind` reads out of
 * its DP table t (target = rows i, prediction = columns j). Walking back from (n, m): equal tokens
 * are taken diagonally; otherwise it moves left when t[i][j-1] > t[i-1][j], else up. On a mismatch
 * t[i][j] = max(t[i][j-1], t[i-1][j]), so "left" happens exactly when t[i-1][j] = t[i][j] - 1, i.e.
 * when bit i-1 of column j's bit-parallel state is 0. The walk therefore needs one bit per cell it
 * visits and never the table itself.
 *
 * Memory: the state after every column, m × ceil(n / 32) words, while that stays under 16 MiB;
 * beyond, states at every B-th column (B = ceil(√m)) plus one block of B recomputed states, so
 * O(√m × n / 32) words, for at most one extra pass over the columns.
 *
 * `target` holds the pattern's ids in order; `prediction` ids not in the pattern never match.
 * `historyWordLimit` (words) switches to checkpoints; it exists so tests can force that path.
 */
export function markRougeLcsTargetPositions(
  pattern: LcsPattern,
  target: Int32Array,
  prediction: Int32Array,
  marks: Uint8Array,
  historyWordLimit: number = FULL_HISTORY_WORD_LIMIT,
): void {
  const rows = target.length;
  const columns = prediction.length;
  if (rows === 0 || columns === 0) return;
  const wordCount = pattern.wordCount;
  const blockColumns = columns * wordCount <= historyWordLimit ? columns : Math.ceil(Math.sqrt(columns));
  // checkpoints[c] = state after column c × blockColumns, for every block start before the last column.
  const checkpointCount = Math.ceil(columns / blockColumns);
  const checkpoints = new Int32Array(checkpointCount * wordCount);
  const state = initialLcsState(pattern);
  checkpoints.set(state, 0);
  const lastCheckpointColumn = (checkpointCount - 1) * blockColumns;
  for (let j = 1; j <= lastCheckpointColumn; j++) {
    advanceLcsState(pattern, state, prediction[j - 1]!);
    if (j % blockColumns === 0) checkpoints.set(state, (j / blockColumns) * wordCount);
  }

  // block[(j - blockStart - 1) × wordCount ...] = state after column j, for j in (blockStart, blockEnd].
  const block = new Int32Array(blockColumns * wordCount);
  let blockStart = -1;
  const loadBlockFor = (column: number): void => {
    const index = Math.floor((column - 1) / blockColumns);
    blockStart = index * blockColumns;
    const blockEnd = Math.min(blockStart + blockColumns, columns);
    state.set(checkpoints.subarray(index * wordCount, (index + 1) * wordCount));
    for (let c = blockStart + 1; c <= blockEnd; c++) {
      advanceLcsState(pattern, state, prediction[c - 1]!);
      block.set(state, (c - blockStart - 1) * wordCount);
    }
  };

  let i = rows;
  let j = columns;
  loadBlockFor(j);
  while (i > 0 && j > 0) {
    if (j <= blockStart) loadBlockFor(j);
    if (target[i - 1] === prediction[j - 1]) {
      marks[i - 1] = 1;
      i--;
      j--;
      continue;
    }
    const row = i - 1;
    const bit = (block[(j - blockStart - 1) * wordCount + (row >>> 5)]! >>> (row & 31)) & 1;
    if (bit === 0) j--;
    else i--;
  }
}
