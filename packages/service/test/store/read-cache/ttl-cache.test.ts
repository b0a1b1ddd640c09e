import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../../src/store/index.js';

describe('TtlCache', () => {
  it('answers for the TTL after the confirmation, not a millisecond longer', () => {
    const cache = new TtlCache<string>(1_000, 10);
    cache.set('k', 'v', 5_000);
    expect(cache.get('k', 5_999)).toEqual({ value: 'v', confirmedAtMs: 5_000 });
    expect(cache.get('k', 6_000)).toBeUndefined();
    // Expired entries are dropped, not kept around.
    expect(cache.size).toBe(0);
  });

  it('a new confirmation restarts the TTL', () => {
    const cache = new TtlCache<string>(1_000, 10);
    cache.set('k', 'old', 0);
    cache.set('k', 'new', 900);
    expect(cache.get('k', 1_500)?.value).toBe('new');
  });

  it('keeps nothing with a TTL or a bound of 0', () => {
    for (const cache of [new TtlCache<string>(0, 10), new TtlCache<string>(1_000, 0)]) {
      cache.set('k', 'v', 0);
      expect(cache.get('k', 0)).toBeUndefined();
    }
  });

  it('forgets what deleteWhere matches', () => {
    const cache = new TtlCache<{ keyId: string }>(1_000, 10);
    cache.set('a', { keyId: 'key-1' }, 0);
    cache.set('b', { keyId: 'key-2' }, 0);
    cache.deleteWhere((_, value) => value.keyId === 'key-1');
    expect([cache.get('a', 1), cache.get('b', 1)?.value]).toEqual([undefined, { keyId: 'key-2' }]);
  });

  it('never holds more than its bound, and keeps the latest writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 60 }),
        (bound, keys) => {
          const cache = new TtlCache<number>(1_000, bound);
          keys.forEach((key, index) => cache.set(key, index, 0));
          expect(cache.size).toBeLessThanOrEqual(bound);
          const latest = [...new Set([...keys].reverse())].slice(0, bound);
          for (const key of latest) expect(cache.get(key, 0)?.value).toBe(keys.lastIndexOf(key));
        },
      ),
    );
  });

  it('refuses a negative TTL or bound', () => {
    expect(() => new TtlCache(-1, 1)).toThrow(RangeError);
    expect(() => new TtlCache(1, 1.5)).toThrow(RangeError);
  });
});
