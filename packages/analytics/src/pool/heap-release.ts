/**
 * Gives memory back after large tasks and when a thread falls idle. V8's idle-time memory reducer
 * does not run on a pool thread (it waits for tasks on Atomics): after one 100,000-character restyle
 * a thread kept ~150 MiB of garbage committed for good, and after a busy minute of ordinary tasks
 * about 100 MiB each. So a full collection runs right after a task that grew the heap far past its
 * size at start-up (bounding it under load), and once when the thread has had no task for a second
 * and still holds more than a little over its start-up size (giving it back when idle). Ordinary
 * busy tasks pay one heap-size read and a timer reset.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of the committed heap over its size at the thread's start that triggers a collection. */
export const HEAP_GROWTH_TO_COLLECT = 96 * 1024 * 1024;

/** Smaller growth worth collecting once the thread has been idle for IDLE_MS. */
export const IDLE_HEAP_GROWTH_TO_COLLECT = 8 * 1024 * 1024;

/** How long without a task counts as idle, in milliseconds. */
export const IDLE_MS = 1_000;

/** True when a heap of `committed` bytes is far enough past `baseline` to be worth a full collection. */
export function shouldCollect(committed: number, baseline: number, margin = HEAP_GROWTH_TO_COLLECT): boolean {
  return committed > baseline + margin;
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
 * Call after every task: collects when the heap grew far past its size when the thread started, and
 * arms an idle check that collects a smaller growth if no task follows within IDLE_MS (the thread's
 * event loop must run between tasks for it: Piscina's `atomics: 'async'`).
 */
export function createHeapReleaser(idleMs = IDLE_MS): () => void {
  const collect = exposeCollector();
  const baseline = getHeapStatistics().total_heap_size;
  let idleTimer: NodeJS.Timeout | undefined;
  const collectIfGrown = (margin: number): void => {
    if (collect !== undefined && shouldCollect(getHeapStatistics().total_heap_size, baseline, margin)) collect();
  };
  return () => {
    collectIfGrown(HEAP_GROWTH_TO_COLLECT);
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => collectIfGrown(IDLE_HEAP_GROWTH_TO_COLLECT), idleMs);
    idleTimer.unref();
  };
}
