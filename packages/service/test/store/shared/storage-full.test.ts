/** A full disk is recognised whether fs or SQLite reports it. */
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { asStorageFull, isStorageFull, StorageFullError } from '../../../src/store/index.js';
import { fillDatabase, noSpaceError, temporaryStore } from '../helpers.js';

describe('isStorageFull', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  it('recognises ENOSPC from the kernel and EDQUOT', async () => {
    const enospc = await noSpaceError();
    expect(enospc.code).toBe('ENOSPC');
    expect(isStorageFull(enospc)).toBe(true);
    const edquot = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT', errno: -122 });
    expect(isStorageFull(edquot)).toBe(true);
  });

  it('recognises SQLITE_FULL from SQLite', () => {
    const { store, cleanup } = temporaryStore();
    cleanups.push(cleanup);
    fillDatabase(store.db);
    let caught: unknown;
    try {
      store.db.exec(`CREATE TABLE big (x); INSERT INTO big VALUES ('${'x'.repeat(20_000)}');`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(isStorageFull(caught)).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isStorageFull(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
    expect(isStorageFull(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isStorageFull(new AnalyticsError('internal'))).toBe(false);
    expect(isStorageFull(new Error('no space'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('ENOSPC')).toBe(false);
  });

  it('turns a full-disk error into a StorageFullError, keeping the cause', async () => {
    const enospc = await noSpaceError();
    const mapped = asStorageFull(enospc);
    expect(mapped).toBeInstanceOf(StorageFullError);
    expect(mapped).toMatchObject({ code: 'storage_full', cause: enospc });
    expect(isStorageFull(mapped)).toBe(true);
    expect(asStorageFull(mapped)).toBe(mapped);
    const other = new Error('other');
    expect(asStorageFull(other)).toBe(other);
  });
});
