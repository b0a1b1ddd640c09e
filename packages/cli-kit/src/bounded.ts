/**
 * Maps over many items with at most `limit` calls running: the pool refuses work past its queue
 * bound (a full queue is a 429 for the service), and a corpus of thousands of files must not read
 * every file into memory at once.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await map(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Calls in flight per pool thread: enough to keep every thread busy, far below the queue bound. */
export const CALLS_PER_THREAD = 4;

/**
 * Pool options of a research command: one user's batch, so each thread is handed its next task
 * beside the one it runs (about 5 % more calls per second, bench/pool/overhead.mjs); the service
 * hands a thread one task at a time so that tenants keep their turns.
 */
export function batchPoolOptions(threads?: number): { threads?: number; tasksPerThread: 2 } {
  return threads === undefined ? { tasksPerThread: 2 } : { threads, tasksPerThread: 2 };
}
