import { advanceLcsState, patternHas, type LcsPattern } from './lcs.js';

/**
 * Above this many stored words (16 MiB), column states are kept only at checkpoints and each block
 * of columns is recomputed during the walk back.
 */
const FULL_HISTORY_WORD_LIMIT = 1 << 22;

/** A typed array at least `length` long: `current` when it is, else a new one with room to grow. */
function atLeast<T extends Int32Array | Uint8Array>(current: T, length: number, create: (n: number) => T): T {
  return current.length >= length ? current : create(Math.max(length, current.length * 2));
}

/**
 * Reads out the one LCS that rouge-score's `lcs_ind` picks from its DP table t (target = rows i,
 * prediction = columns j), from bit-parallel column states instead of the table. Reusable: it keeps
 * its work buffers between calls, which matters when rougeLsum compares many sentence pairs.
 *
 * rouge-score walks back from (n, m): equal tokens are taken diagonally; otherwise it moves left
 * when t[i][j-1] > t[i-1][j], else up. On a mismatch t[i][j] = max(t[i][j-1], t[i-1][j]), so "left"
 * happens exactly when t[i-1][j] = t[i][j] - 1, i.e. when bit i-1 of column j's state is 0.
 *
 * Prediction tokens absent from the target leave the state unchanged, so only the other ("real")
 * columns are computed and stored. A run of absent-token columns after real column j repeats V_j:
 * the walk climbs in it while bit i-1 of V_j is 1 and crosses the whole run once the bit is 0.
 * A run before the first real column repeats V_0 (all ones): the walk only climbs there, and
 * marks nothing more, so it can stop.
 *
 * Memory: one state per real column, r × ceil(n / 32) words, while that stays under 16 MiB; beyond,
 * states at every B-th real column (B = ceil(√r)) plus one block of B recomputed states, so
 * O(√r × n / 32) words, for at most one extra pass over the columns.
 */
export class RougeLcsBacktracker {
  private realColumns = new Int32Array(64);
  /** runAfter[k] = 1 when absent-token columns follow real column k (k = 0: before the first). */
  private runAfter = new Uint8Array(65);
  private checkpoints = new Int32Array(64);
  private block = new Int32Array(256);
  private state = new Int32Array(8);

  /**
   * Sets marks[i] = 1 for each target position i in rouge-score's LCS of `target` (the ids the
   * pattern was built from, in order) and `prediction`. When given, `toPatternId` translates
   * prediction ids into the pattern's ids first (-1: absent). `historyWordLimit` (words) switches to
   * checkpoints; it is a parameter so tests can force that path.
   */
  mark(
    pattern: LcsPattern,
    target: Int32Array,
    prediction: Int32Array,
    marks: Uint8Array,
    toPatternId?: Int32Array,
    historyWordLimit: number = FULL_HISTORY_WORD_LIMIT,
  ): void {
    const rows = target.length;
    if (rows === 0 || prediction.length === 0) return;
    const wordCount = pattern.wordCount;

    this.realColumns = atLeast(this.realColumns, prediction.length, (n) => new Int32Array(n));
    this.runAfter = atLeast(this.runAfter, prediction.length + 1, (n) => new Uint8Array(n));
    const { realColumns, runAfter } = this;
    let columns = 0;
    runAfter[0] = 0;
    for (const predictionId of prediction) {
      const id = toPatternId === undefined ? predictionId : toPatternId[predictionId]!;
      if (patternHas(pattern, id)) {
        realColumns[columns++] = id;
        runAfter[columns] = 0;
      } else {
        runAfter[columns] = 1;
      }
    }
    if (columns === 0) return;

    const blockColumns = columns * wordCount <= historyWordLimit ? columns : Math.ceil(Math.sqrt(columns));
    // checkpoints[c] = state after real column c × blockColumns, for each block start before the last column.
    const checkpointCount = Math.ceil(columns / blockColumns);
    this.checkpoints = atLeast(this.checkpoints, checkpointCount * wordCount, (n) => new Int32Array(n));
    this.block = atLeast(this.block, blockColumns * wordCount, (n) => new Int32Array(n));
    this.state = atLeast(this.state, wordCount, (n) => new Int32Array(n));
    const { checkpoints, block } = this;
    const state = this.state.subarray(0, wordCount).fill(-1);
    checkpoints.set(state, 0);
    const lastCheckpointColumn = (checkpointCount - 1) * blockColumns;
    for (let j = 1; j <= lastCheckpointColumn; j++) {
      advanceLcsState(pattern, state, realColumns[j - 1]!);
      if (j % blockColumns === 0) checkpoints.set(state, (j / blockColumns) * wordCount);
    }

    // block[(j - blockStart - 1) × wordCount ...] = state after real column j, for j in (blockStart, blockEnd].
    let blockStart = -1;
    const loadBlockFor = (column: number): void => {
      const index = Math.floor((column - 1) / blockColumns);
      blockStart = index * blockColumns;
      const blockEnd = Math.min(blockStart + blockColumns, columns);
      state.set(checkpoints.subarray(index * wordCount, (index + 1) * wordCount));
      for (let c = blockStart + 1; c <= blockEnd; c++) {
        advanceLcsState(pattern, state, realColumns[c - 1]!);
        block.set(state, (c - blockStart - 1) * wordCount);
      }
    };

    let i = rows;
    let j = columns;
    let inRun = runAfter[columns] === 1;
    loadBlockFor(j);
    while (i > 0 && j > 0) {
      if (j <= blockStart) loadBlockFor(j);
      if (!inRun && target[i - 1] === realColumns[j - 1]) {
        marks[i - 1] = 1;
        i--;
        j--;
        inRun = runAfter[j] === 1;
        continue;
      }
      const row = i - 1;
      const stepsUp = (block[(j - blockStart - 1) * wordCount + (row >>> 5)]! >>> (row & 31)) & 1;
      if (stepsUp === 1) {
        i--;
      } else if (inRun) {
        inRun = false;
      } else {
        j--;
        inRun = runAfter[j] === 1;
      }
    }
  }
}
