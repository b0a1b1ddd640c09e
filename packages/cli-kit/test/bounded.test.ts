import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapBounded } from '../src/bounded.js';

describe('mapBounded', () => {
  it('maps every item in order with at most `limit` calls running', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (items, limit) => {
          let running = 0;
          let most = 0;
          const results = await mapBounded(items, limit, async (item, index) => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setImmediate(resolve));
            running -= 1;
            return [item, index];
          });
          expect(results).toEqual(items.map((item, index) => [item, index]));
          expect(most).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapBounded([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n)),
    ).rejects.toThrow('two');
  });
});
