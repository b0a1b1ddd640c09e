/** Word-level Levenshtein distance between an original and a styled text. */
import { wordIds, wordTokens, yieldToEventLoop } from './words.js';

/** Matrix cells computed between two yields to the event loop (a few milliseconds of work). */
const CELLS_PER_SLICE = 2_000_000;

/**
 * Levenshtein distance between two integer sequences: the fewest insertions, deletions and
 * substitutions (each cost 1) that turn `a` into `b`. Two-row dynamic programme, O(n·m) time and
 * O(min(n, m)) memory, after stripping the common prefix and suffix; yields to the event loop
 * every CELLS_PER_SLICE cells so a long text does not stall other requests.
 */
export async function levenshtein(a: Int32Array, b: Int32Array): Promise<number> {
  let start = 0;
  let endA = a.length;
  let endB = b.length;
  while (start < endA && start < endB && a[start] === b[start]) start += 1;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  let rows = a.subarray(start, endA);
  let columns = b.subarray(start, endB);
  if (columns.length > rows.length) [rows, columns] = [columns, rows];
  if (columns.length === 0) return rows.length;

  let previous = new Int32Array(columns.length + 1);
  let current = new Int32Array(columns.length + 1);
  for (let j = 0; j <= columns.length; j += 1) previous[j] = j;
  let cells = 0;
  const width = columns.length;
  for (let i = 1; i <= rows.length; i += 1) {
    const word = rows[i - 1];
    // Running copies of the left and upper-left cells keep the inner loop to one array read.
    let left = i;
    let diagonal = i - 1;
    current[0] = i;
    for (let j = 1; j <= width; j += 1) {
      const up = previous[j] as number;
      let cell = columns[j - 1] === word ? diagonal : diagonal + 1;
      if (up + 1 < cell) cell = up + 1;
      if (left + 1 < cell) cell = left + 1;
      current[j] = cell;
      diagonal = up;
      left = cell;
    }
    [previous, current] = [current, previous];
    cells += columns.length;
    if (cells >= CELLS_PER_SLICE) {
      cells = 0;
      await yieldToEventLoop();
    }
  }
  return previous[columns.length] as number;
}

/** What include_distance adds to a transform response. */
export interface DistanceMetrics {
  /** Word-level Levenshtein distance (insert, delete, substitute a word: cost 1 each). */
  levenshtein_distance: number;
  /** Similarity 1 − distance / max(original_words, styled_words), in [0, 1]; 1 for identical texts. */
  levenshtein_ratio: number;
  /** styled_words / original_words: above 1 the styled text is longer (0 when the original is empty). */
  length_ratio: number;
  original_words: number;
  styled_words: number;
}

/** The distance metrics between `original` and `styled`, over whitespace-separated words. */
export async function distanceMetrics(original: string, styled: string): Promise<DistanceMetrics> {
  const ids = wordIds(wordTokens(original), wordTokens(styled));
  const distance = await levenshtein(ids.a, ids.b);
  const longest = Math.max(ids.a.length, ids.b.length);
  return {
    levenshtein_distance: distance,
    levenshtein_ratio: longest === 0 ? 1 : 1 - distance / longest,
    length_ratio: ids.a.length === 0 ? 0 : ids.b.length / ids.a.length,
    original_words: ids.a.length,
    styled_words: ids.b.length,
  };
}
