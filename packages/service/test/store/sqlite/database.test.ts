import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/index.js';

/** SQLite's numbers for the synchronous pragma. */
const SYNCHRONOUS = { NORMAL: 1, FULL: 2 };

describe('openDatabase', () => {
  it('syncs the write-ahead log at every commit (FULL) unless told NORMAL', () => {
    for (const [options, expected] of [
      [{}, SYNCHRONOUS.FULL],
      [{ synchronous: 'FULL' as const }, SYNCHRONOUS.FULL],
      [{ synchronous: 'NORMAL' as const }, SYNCHRONOUS.NORMAL],
    ] as const) {
      const db = openDatabase(':memory:', options);
      try {
        expect(db.pragma('synchronous', { simple: true })).toBe(expected);
      } finally {
        db.close();
      }
    }
  });

  it('refuses a setting it does not know', () => {
    expect(() => openDatabase(':memory:', { synchronous: 'OFF' as 'FULL' })).toThrow(RangeError);
  });
});
