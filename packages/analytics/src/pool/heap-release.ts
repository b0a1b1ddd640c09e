/**
 * Gives memory back after large tasks and when a thread falls idle. V8's idle-time memory reducer
 * does not run on a pool thread (it waits for tasks on Atomics): after one 100,000-character restyle
 * a thread kept ~150 MiB of garbage committed for good, and after a busy minute of ordinary tasks
 * about 100 MiB each. So a full collection runs right after a task that left the heap *using* far
 * more than it used after the last collection (bounding garbage under load), and once when the
 * thread has had no task for a second and still holds more than a little over its start-up size
 * (giving it back when idle).
 *
 * The test after a task reads the heap in use, not the heap committed: once V8 has grown its young
 * generation, the committed heap stays ~100 MiB over its start-up size with little of it in use, and
 * a test on it ran a full collection after every task (a 30-fold slowdown after ~1,000 tasks). And
 * it measures growth from the last collection's result, so live data that grows for good (cached
 * models) moves the reference up instead of triggering a collection after every task.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of the heap in use since the last collection (or start-up) that triggers one after a task. */
export const HEAP_GROWTH_TO_COLLECT = 96 * 1024 * 1024;

/** Growth of the committed heap over its start-up size worth collecting once the thread is idle. */
export const IDLE_HEAP_GROWTH_TO_COLLECT = 8 * 1024 * 1024;

/** How long without a task counts as idle, in milliseconds. */
export const IDLE_MS = 1_000;

/** The two sizes the releaser reads: bytes in use by objects (live or not yet collected) and committed. */
export interface HeapReading {
  used: number;
  committed: number;
}

export interface HeapReleaserOptions {
  /** Milliseconds without a task before the idle check; default IDLE_MS. */
  idleMs?: number;
  /** Reads the heap; default V8's heap statistics. */
  readHeap?: () => HeapReading;
  /** A full collection; default V8's gc(). Given as undefined: none (as where gc() cannot be reached). */
  collect?: (() => void) | undefined;
}

/** True when a heap using `used` bytes has grown more than `margin` past `reference`. */
export function shouldCollect(used: number, reference: number, margin = HEAP_GROWTH_TO_COLLECT): boolean {
  return used > reference + margin;
}

function readV8Heap(): HeapReading {
  const { used_heap_size: used, total_heap_size: committed } = getHeapStatistics();
  return { used, committed };
}

/** V8's full collection, or undefined where it cannot be reached. */
function exposeCollector(): (() => void) | undefined {
  try {
    // --expose-gc exposes gc() only in contexts created after the flag is set: hence a new context.
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Call after every task: collects when the heap in use grew HEAP_GROWTH_TO_COLLECT past what it
 * used after the last collection, and arms an idle check that collects a smaller growth of the
 * committed heap if no task follows within `idleMs` (the thread's event loop must run between tasks
 * for it: Piscina's `atomics: 'async'`). Ordinary busy tasks pay one heap read and a timer reset.
 */
export function createHeapReleaser(options: HeapReleaserOptions = {}): () => void {
  const { idleMs = IDLE_MS, readHeap = readV8Heap } = options;
  const collect = 'collect' in options ? options.collect : exposeCollector();
  if (collect === undefined) return () => {};
  const start = readHeap();
  /** What the heap used after the last collection: growth past it is garbage or new live data. */
  let reference = start.used;
  let idleTimer: NodeJS.Timeout | undefined;
  const collectNow = (): void => {
    collect();
    reference = readHeap().used;
  };
  const collectIfIdleAndGrown = (): void => {
    if (shouldCollect(readHeap().committed, start.committed, IDLE_HEAP_GROWTH_TO_COLLECT)) collectNow();
  };
  return () => {
    if (shouldCollect(readHeap().used, reference)) collectNow();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(collectIfIdleAndGrown, idleMs);
    idleTimer.unref();
  };
}
