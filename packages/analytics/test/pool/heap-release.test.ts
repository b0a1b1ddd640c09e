import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
  it('collects only past the margin over the reference', () => {
    expect(shouldCollect(100 * MIB + HEAP_GROWTH_TO_COLLECT, 100 * MIB)).toBe(false);
    expect(shouldCollect(100 * MIB + HEAP_GROWTH_TO_COLLECT + 1, 100 * MIB)).toBe(true);
  });

  it('does not collect after every task once V8 has grown its young generation', () => {
    // Committed 176 MiB against 80 at start-up, 45 MiB in use: the steady state of a busy thread.
    let reading = { used: 40 * MIB, committed: 80 * MIB };
    let collections = 0;
    const release = createHeapReleaser({ readHeap: () => reading, collect: () => (collections += 1), idleMs: 60_000 });
    reading = { used: 45 * MIB, committed: 176 * MIB };
    for (let task = 0; task < 1_000; task += 1) release();
    expect(collections).toBe(0);
  });

  it('collects once per margin of growth, measured from what the last collection left', () => {
    let reading = { used: 40 * MIB, committed: 80 * MIB };
    let live = 40 * MIB;
    let collections = 0;
    const collect = (): void => {
      collections += 1;
      reading = { ...reading, used: live };
    };
    const release = createHeapReleaser({ readHeap: () => reading, collect, idleMs: 60_000 });
    // Each task leaves 10 MiB of garbage and 1 MiB of new live data (a cache that grows for good).
    for (let task = 0; task < 100; task += 1) {
      live += MIB;
      reading = { used: reading.used + 11 * MIB, committed: 300 * MIB };
      release();
    }
    // About 1,100 MiB of growth in margins of 96 MiB; never a collection per task.
    expect(collections).toBeGreaterThanOrEqual(9);
    expect(collections).toBeLessThanOrEqual(12);
  });

  it('does nothing where no collector can be reached', () => {
    const release = createHeapReleaser({ readHeap: () => ({ used: 1e12, committed: 1e12 }), collect: undefined });
    expect(() => release()).not.toThrow();
  });

  // Before the large task's test: the heap that one leaves committed (Node 24's V8 keeps more of it
  // after a collection) could hold this test's garbage without growing past the idle margin.
  it('gives back a smaller growth once no task followed for the idle time', async () => {
    const release = createHeapReleaser({ idleMs: 50 });
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

  // The built releaser in a fresh process, as a pool thread runs it: a releaser that tested the
  // committed heap ran a full collection after ~9 tasks in 10 of this steady load.
  it('runs a full collection only now and then under a steady load of small tasks', () => {
    const script = fileURLToPath(new URL('./fixtures/gc-count.mjs', import.meta.url));
    const output = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    const { tasks, majors } = JSON.parse(output) as { tasks: number; majors: number };
    expect(majors).toBeLessThan(tasks / 20);
  });
});
