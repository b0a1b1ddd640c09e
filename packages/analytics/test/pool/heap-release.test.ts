import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  createHeapReleaser,
  HEAP_GROWTH_TO_COLLECT,
  IDLE_HEAP_GROWTH_TO_COLLECT,
  shouldCollect,
} from '../../src/pool/heap-release.js';

const MIB = 1024 * 1024;

describe('releasing heap after a large task', () => {
  it('collects only past the margin over the start-up size', () => {
    expect(shouldCollect(100 * MIB + HEAP_GROWTH_TO_COLLECT, 100 * MIB)).toBe(false);
    expect(shouldCollect(100 * MIB + HEAP_GROWTH_TO_COLLECT + 1, 100 * MIB)).toBe(true);
  });

  // Before the large task's test: the heap that one leaves committed (Node 24's V8 keeps more of it
  // after a collection) could hold this test's garbage without growing past the idle margin.
  it('gives back a smaller growth once no task followed for the idle time', async () => {
    const release = createHeapReleaser(50);
    // Past the idle margin, short of the after-task one.
    let garbage: object[] | undefined = Array.from({ length: 400_000 }, (_, i) => ({ i, pair: [i, i + 1] }));
    expect(garbage.length).toBe(400_000);
    garbage = undefined;
    release();
    const grown = getHeapStatistics().total_heap_size;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(getHeapStatistics().total_heap_size).toBeLessThan(grown - IDLE_HEAP_GROWTH_TO_COLLECT / 2);
  });

  it('gives back the memory a task left as garbage', () => {
    const release = createHeapReleaser();
    // A task's worth of garbage: well past the margin, alive until the task ends.
    let garbage: object[] | undefined = Array.from({ length: 2_000_000 }, (_, i) => ({ i, pair: [i, i + 1] }));
    expect(garbage.length).toBe(2_000_000);
    garbage = undefined;
    const grown = getHeapStatistics().total_heap_size;
    release();
    expect(getHeapStatistics().total_heap_size).toBeLessThan(grown - HEAP_GROWTH_TO_COLLECT / 2);
  });
});
