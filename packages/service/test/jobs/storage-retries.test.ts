import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORAGE_RETRY_DEFAULTS, StorageRetries } from '../../src/jobs/storage-retries.js';

describe('StorageRetries', () => {
  it('gives each job maxRetries retries with a doubling delay, then none', () => {
    const retries = new StorageRetries(3, 10);
    expect([retries.next('a'), retries.next('a'), retries.next('b'), retries.next('a')]).toEqual([
      { retry: 1, delayMs: 10 },
      { retry: 2, delayMs: 20 },
      { retry: 1, delayMs: 10 },
      { retry: 3, delayMs: 40 },
    ]);
    expect(retries.next('a')).toBeUndefined();
    // Given up on, the job is forgotten: a new job under the same id starts from 1.
    expect(retries.count('a')).toBe(0);
    expect(retries.count('b')).toBe(1);
  });

  it('starts counting again once a job settles', () => {
    const retries = new StorageRetries(1, 5);
    expect(retries.next('a')).toEqual({ retry: 1, delayMs: 5 });
    retries.settled('a');
    expect(retries.next('a')).toEqual({ retry: 1, delayMs: 5 });
  });

  it('never waits longer than the cap, and allows exactly maxRetries retries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 10_000 }), (max, firstDelayMs) => {
        const retries = new StorageRetries(max, firstDelayMs);
        let given = 0;
        for (let next = retries.next('job'); next !== undefined; next = retries.next('job')) {
          given += 1;
          expect(next.delayMs).toBeLessThanOrEqual(STORAGE_RETRY_DEFAULTS.maxStorageRetryDelayMs);
        }
        expect(given).toBe(max);
      }),
    );
  });

  it('refuses a maxRetries that is not a non-negative integer', () => {
    expect(() => new StorageRetries(-1, 10)).toThrow(RangeError);
    expect(() => new StorageRetries(1.5, 10)).toThrow(/maxStorageRetries/);
  });
});
