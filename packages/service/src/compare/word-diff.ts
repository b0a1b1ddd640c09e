/**
 * Word-level diff between an original and a styled text: Myers' O((N+M)·D) algorithm in its
 * linear-space form (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations",
 * Algorithmica 1986, section 4b: find the middle snake, recurse on both halves). Kept over the `diff`
 * package for a measured reason (docs/BENCHMARKS.md, "Word diff"): on the worst input it is 11× faster
 * and yields to the event loop, where diffArrays blocked it for 53 s.
 */
import { wordIds, wordTokens, yieldToEventLoop, type WordToken } from './words.js';

/** One run of the diff. `text` keeps the words' original spacing. */
export interface DiffSegment {
  /** equal: in both texts; delete: only in the original; insert: only in the styled text. */
  type: 'equal' | 'delete' | 'insert';
  text: string;
}

/** An edit script over two integer sequences: runs of [type, start, end) in a (equal/delete) or b (insert). */
export type EditRun = { type: DiffSegment['type']; from: number; to: number };

/** Diagonal steps between two yields to the event loop. */
const STEPS_PER_SLICE = 1_000_000;

class Budget {
  steps = 0;
  async spend(steps: number): Promise<void> {
    this.steps += steps;
    if (this.steps >= STEPS_PER_SLICE) {
      this.steps = 0;
      await yieldToEventLoop();
    }
  }
}

interface Snake {
  x: number;
  y: number;
  u: number;
  v: number;
}

/** The middle snake of a[aLo, aHi) vs b[bLo, bHi) (both non-empty), in coordinates relative to aLo/bLo. */
async function middleSnake(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  budget: Budget,
): Promise<Snake> {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const max = Math.ceil((n + m) / 2);
  const offset = max + 1;
  const forward = new Int32Array(2 * max + 3);
  const backward = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d += 1) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (forward[offset + k - 1] as number) < (forward[offset + k + 1] as number))
          ? (forward[offset + k + 1] as number)
          : (forward[offset + k - 1] as number) + 1;
      let y = x - k;
      const startX = x;
      const startY = y;
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
        x += 1;
        y += 1;
      }
      forward[offset + k] = x;
      const reverseK = delta - k;
      if (odd && reverseK >= -(d - 1) && reverseK <= d - 1 && x + (backward[offset + reverseK] as number) >= n) {
        return { x: startX, y: startY, u: x, v: y };
      }
    }
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (backward[offset + k - 1] as number) < (backward[offset + k + 1] as number))
          ? (backward[offset + k + 1] as number)
          : (backward[offset + k - 1] as number) + 1;
      let y = x - k;
      const startX = x;
      const startY = y;
      while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
        x += 1;
        y += 1;
      }
      backward[offset + k] = x;
      const forwardK = delta - k;
      if (!odd && forwardK >= -d && forwardK <= d && x + (forward[offset + forwardK] as number) >= n) {
        return { x: n - x, y: m - y, u: n - startX, v: m - startY };
      }
    }
    await budget.spend(2 * d + 2);
  }
  /* c8 ignore next */
  throw new Error('middle snake not found');
}

async function diffRange(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  runs: EditRun[],
  budget: Budget,
): Promise<void> {
  let prefix = 0;
  while (aLo + prefix < aHi && bLo + prefix < bHi && a[aLo + prefix] === b[bLo + prefix]) prefix += 1;
  push(runs, 'equal', aLo, aLo + prefix);
  aLo += prefix;
  bLo += prefix;
  let suffix = 0;
  while (aHi - suffix > aLo && bHi - suffix > bLo && a[aHi - 1 - suffix] === b[bHi - 1 - suffix]) suffix += 1;
  const suffixFrom = aHi - suffix;
  aHi -= suffix;
  bHi -= suffix;
  if (aLo === aHi) {
    push(runs, 'insert', bLo, bHi);
  } else if (bLo === bHi) {
    push(runs, 'delete', aLo, aHi);
  } else {
    const snake = await middleSnake(a, aLo, aHi, b, bLo, bHi, budget);
    await diffRange(a, aLo, aLo + snake.x, b, bLo, bLo + snake.y, runs, budget);
    push(runs, 'equal', aLo + snake.x, aLo + snake.u);
    await diffRange(a, aLo + snake.u, aHi, b, bLo + snake.v, bHi, runs, budget);
  }
  push(runs, 'equal', suffixFrom, suffixFrom + suffix);
}

/** Appends a run, merging it into the previous run of the same type when they touch. */
function push(runs: EditRun[], type: EditRun['type'], from: number, to: number): void {
  if (to <= from) return;
  const last = runs[runs.length - 1];
  if (last && last.type === type && last.to === from) last.to = to;
  else runs.push({ type, from, to });
}

/**
 * Rewrites each changed stretch (the runs between two equal runs) as one delete run followed by one
 * insert run. The recursion emits a stretch's pieces in whatever order its middle snakes cut them
 * (insert before delete, or interleaved); readers expect git's convention, old words first. Within a
 * stretch the delete runs tile one range of `a` and the insert runs one range of `b`, so each
 * merges into a single run.
 */
function deletionsFirst(runs: readonly EditRun[]): EditRun[] {
  const ordered: EditRun[] = [];
  let deleted: EditRun | undefined;
  let inserted: EditRun | undefined;
  const endStretch = (): void => {
    if (deleted) ordered.push(deleted);
    if (inserted) ordered.push(inserted);
    deleted = undefined;
    inserted = undefined;
  };
  for (const run of runs) {
    if (run.type === 'equal') {
      endStretch();
      ordered.push(run);
    } else if (run.type === 'delete') {
      if (deleted) deleted.to = run.to;
      else deleted = { ...run };
    } else if (inserted) {
      inserted.to = run.to;
    } else {
      inserted = { ...run };
    }
  }
  endStretch();
  return ordered;
}

/**
 * A shortest edit script (fewest inserted plus deleted items) turning `a` into `b`, as runs:
 * equal and delete runs index `a`, insert runs index `b`. Between two equal runs there is at most
 * one delete run and then at most one insert run. Yields to the event loop on long inputs.
 */
export async function diffSequences(a: Int32Array, b: Int32Array): Promise<EditRun[]> {
  const runs: EditRun[] = [];
  await diffRange(a, 0, a.length, b, 0, b.length, runs, new Budget());
  return deletionsFirst(runs);
}

function joinTokens(tokens: readonly WordToken[], from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i += 1) {
    const token = tokens[i] as WordToken;
    text += token.word + token.trailing;
  }
  return text;
}

/**
 * The word-level diff of `original` → `styled`. Concatenating the `equal` and `insert` segments
 * gives the styled text (without its leading whitespace); `equal` and `delete` give the original,
 * up to whitespace. A replacement reads as one `delete` segment followed by one `insert` segment.
 */
export async function wordDiff(original: string, styled: string): Promise<DiffSegment[]> {
  const before = wordTokens(original);
  const after = wordTokens(styled);
  const ids = wordIds(before, after);
  const runs = await diffSequences(ids.a, ids.b);
  // Equal runs index the original; their styled-side position advances in step, so track it to
  // copy the styled text's own spacing.
  const segments: DiffSegment[] = [];
  let styledAt = 0;
  for (const run of runs) {
    if (run.type === 'delete') {
      segments.push({ type: 'delete', text: joinTokens(before, run.from, run.to) });
    } else if (run.type === 'insert') {
      segments.push({ type: 'insert', text: joinTokens(after, run.from, run.to) });
      styledAt = run.to;
    } else {
      const length = run.to - run.from;
      segments.push({ type: 'equal', text: joinTokens(after, styledAt, styledAt + length) });
      styledAt += length;
    }
  }
  return segments;
}
