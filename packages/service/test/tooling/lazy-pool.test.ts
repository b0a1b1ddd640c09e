/** The test services' style pool (test-support/lazy-pool.ts): threads only once a task needs them. */
import { describe, expect, it } from 'vitest';
import { lazyStylePool } from '../../../../test-support/lazy-pool.js';

describe('lazyStylePool', () => {
  it('reports an idle pool and closes without ever starting threads', async () => {
    const pool = lazyStylePool({ threads: 2 });
    expect([pool.threads, pool.queueSize, pool.running, pool.started]).toEqual([2, 0, 0, false]);
    await pool.close();
    expect(pool.started).toBe(false);
  });

  it('starts on its first task and answers as the real pool', async () => {
    const pool = lazyStylePool({ threads: 1 });
    try {
      expect((await pool.analyzeText('Two words.')).words).toBe(2);
      expect(pool.started).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
