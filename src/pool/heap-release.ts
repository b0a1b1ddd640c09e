/**
 * Gives memory back after a large task. A pool thread waits for its next task blocked on Atomics,
 * never idle in its event loop, so V8's idle-time memory reducer never runs there: after one
 * 100,000-character restyle a thread kept ~150 MiB of garbage committed for good. A full collection
 * right after a task that grew the heap far past its size at start-up returns it; ordinary tasks
 * never reach the margin, so they pay nothing but one heap-size read.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of the committed heap over its size at the thread's start that triggers a collection. */
export const HEAP_GROWTH_TO_COLLECT = 96 * 1024 * 1024;

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

/** Call after every task: collects when the heap grew far past its size when the thread started. */
export function createHeapReleaser(): () => void {
  const collect = exposeCollector();
  const baseline = getHeapStatistics().total_heap_size;
  return () => {
    if (collect !== undefined && shouldCollect(getHeapStatistics().total_heap_size, baseline)) collect();
  };
}
