/** The one error handler's mapping of a full disk, whichever layer reports it. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { toErrorResponse } from '../../src/http/error-handler.js';
import { StorageFullError } from '../../src/store/index.js';
import { fillDatabase, noSpaceError, temporaryStore } from '../store/helpers.js';

const limits = { maxFileBytes: 100, maxBodyBytes: 2048 };
const storageFull = {
  status: 507,
  code: 'storage_full',
  message: 'Storage is full: the service cannot save data right now. Retry later.',
};

describe('toErrorResponse: a full disk', () => {
  it('answers 507 storage_full for ENOSPC and EDQUOT from fs', async () => {
    expect(toErrorResponse(await noSpaceError(), limits)).toEqual(storageFull);
    const quota = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT', errno: -122 });
    expect(toErrorResponse(quota, limits)).toEqual(storageFull);
    expect(toErrorResponse(new StorageFullError({ cause: quota }), limits)).toEqual(storageFull);
    expect(toErrorResponse(new ServiceError('storage_full'), limits)).toEqual(storageFull);
  });

  it('answers 507 storage_full for SQLITE_FULL from SQLite', () => {
    const { store, cleanup } = temporaryStore();
    try {
      fillDatabase(store.db);
      const error = (() => {
        try {
          store.db.exec(`CREATE TABLE big (x); INSERT INTO big VALUES ('${'x'.repeat(20_000)}');`);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(toErrorResponse(error, limits)).toEqual(storageFull);
    } finally {
      cleanup();
    }
  });

  it('keeps other errors of fs a generic 500', () => {
    const missing = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    expect(toErrorResponse(missing, limits)).toEqual({
      status: 500,
      code: 'internal',
      message: 'Internal server error.',
    });
  });
});
