/** Shared arguments of pool calls: sent to a thread once, then named by key, and equal results. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskPool, sharedKey, type TaskPool, type TaskSignatures } from '../../src/pool/index.js';

const VISIT_TASKS = new URL('./fixtures/visit-tasks.mjs', import.meta.url);

/** The signature of fixtures/visit-tasks.mjs's one task. */
interface VisitTasks extends TaskSignatures {
  visit(label: string, record: object): { label: string; visits: number; size: number };
}

describe('shared arguments', () => {
  let pool: TaskPool<VisitTasks>;
  beforeAll(() => {
    pool = createTaskPool<VisitTasks>({ threads: 1, taskModules: [VISIT_TASKS] });
  });
  afterAll(() => pool.close());

  const visit = (record: object, shared = true) =>
    pool.run('visit', ['x', record], {}, shared ? { index: 1, key: sharedKey(record) } : undefined);

  it('gives the same object by key, while unshared arguments arrive as fresh copies', async () => {
    const model = { payload: 'a'.repeat(1000) };
    expect(await visit(model)).toEqual({ label: 'x', visits: 1, size: 1000 });
    expect(await visit(model)).toEqual({ label: 'x', visits: 2, size: 1000 });
    expect(await visit(model)).toEqual({ label: 'x', visits: 3, size: 1000 });
    // The caller's object is never touched: the thread counts on its own copy.
    expect(model).toEqual({ payload: 'a'.repeat(1000) });
    expect(await visit(model, false)).toMatchObject({ visits: 1 });
    expect(await visit(model, false)).toMatchObject({ visits: 1 });
  });

  it('keys objects by identity and variant', () => {
    const a = { payload: '' };
    const b = { payload: '' };
    expect(sharedKey(a)).toBe(sharedKey(a));
    expect(sharedKey(a)).not.toBe(sharedKey(b));
    expect(sharedKey(a, 'slim')).not.toBe(sharedKey(a));
  });

  it('keeps a bounded number per thread, the least recently used going first', async () => {
    const first = { payload: 'first' };
    await visit(first);
    expect(await visit(first)).toMatchObject({ visits: 2 });
    for (let i = 0; i < 16; i += 1) await visit({ payload: `other ${i}` });
    // Sent again after eviction: a fresh copy, counted from 1.
    expect(await visit(first)).toMatchObject({ visits: 1, size: 5 });
  });

  it('fills a new thread on demand, so every thread answers alike', async () => {
    const two = createTaskPool<VisitTasks>({ threads: 2, taskModules: [VISIT_TASKS] });
    try {
      const model = { payload: 'shared' };
      const key = { index: 1, key: sharedKey(model) };
      const results = await Promise.all(Array.from({ length: 8 }, () => two.run('visit', ['x', model], {}, key)));
      expect(results.every((result) => result.size === 6)).toBe(true);
      // Eight calls over two threads, each thread counting its own copy: the counts sum to eight.
      const counts = results.map((result) => result.visits).sort((a, b) => a - b);
      expect(counts[counts.length - 1]).toBeGreaterThan(1);
    } finally {
      await two.close();
    }
  });
});
