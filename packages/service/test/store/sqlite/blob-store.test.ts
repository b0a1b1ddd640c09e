import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore, StorageFullError, type BlobWriter } from '../../../src/store/index.js';
import { noSpaceError } from '../helpers.js';

describe('BlobStore', () => {
  let dir: string;
  let blobs: BlobStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'styler-blobs-'));
    blobs = new BlobStore(join(dir, 'files'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes, reads and removes both blobs of a file, leaving no temporaries', async () => {
    await blobs.write('file-1', 'upload', Buffer.from([1, 2, 3]));
    await blobs.write('file-1', 'text', 'héllo');
    expect([...(await blobs.read('file-1', 'upload'))]).toEqual([1, 2, 3]);
    expect(await blobs.read('file-1', 'text')).toBe('héllo');
    expect(readdirSync(blobs.directory).sort()).toEqual(['file-1.text', 'file-1.upload']);
    await blobs.write('file-1', 'text', 'replaced');
    expect(await blobs.read('file-1', 'text')).toBe('replaced');
    await blobs.remove('file-1');
    await blobs.remove('file-1');
    expect(readdirSync(blobs.directory)).toEqual([]);
    await expect(blobs.read('file-1', 'text')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('syncs the directory once the blob has its name, and only resolves after that', async () => {
    const seen: string[][] = [];
    const synced = new BlobStore(blobs.directory, {
      syncDirectory: async (directory) => {
        seen.push(readdirSync(directory));
      },
    });
    await synced.write('file-3', 'upload', Buffer.from([7]));
    expect(seen).toEqual([['file-3.upload']]);
  });

  it('fails the write when the directory cannot be synced (a 200 must not follow)', async () => {
    const failing = new BlobStore(blobs.directory, {
      syncDirectory: () => Promise.reject(Object.assign(new Error('I/O error'), { code: 'EIO' })),
    });
    await expect(failing.write('file-4', 'text', 'lost?')).rejects.toMatchObject({ code: 'EIO' });
  });

  it('makes its directory again when it was deleted under it', async () => {
    rmSync(blobs.directory, { recursive: true, force: true });
    await blobs.write('file-2', 'text', 'back');
    expect(await blobs.read('file-2', 'text')).toBe('back');
    expect(readdirSync(blobs.directory)).toEqual(['file-2.text']);
  });

  it('answers storage_full when the disk fills mid-write, and leaves no partial file', async () => {
    const enospc = await noSpaceError();
    let partial = '';
    // Half the bytes reach the temporary file, then the disk is full.
    const fillsUp: BlobWriter = async (handle, data) => {
      await handle.write(Buffer.from(data).subarray(0, 4));
      partial = readdirSync(full.directory).join();
      throw enospc;
    };
    const full = new BlobStore(join(dir, 'full'), { writer: fillsUp });
    const error = await full.write('file-1', 'upload', Buffer.from('12345678')).catch((caught: unknown) => caught);
    expect(partial).toMatch(/^file-1\.upload\.tmp-/);
    expect(error).toBeInstanceOf(StorageFullError);
    expect(error).toMatchObject({ code: 'storage_full', cause: enospc });
    expect(readdirSync(full.directory)).toEqual([]);
  });

  it('passes other write errors on as they are, and still cleans up', async () => {
    const broken = new BlobStore(join(dir, 'broken'), {
      writer: () => Promise.reject(Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })),
    });
    await expect(broken.write('file-1', 'text', 'x')).rejects.toMatchObject({ code: 'EIO' });
    expect(readdirSync(broken.directory)).toEqual([]);
  });

  it('refuses ids that could leave the directory', async () => {
    await expect(blobs.write('../evil', 'text', 'x')).rejects.toThrow(RangeError);
    await expect(blobs.read('a/b', 'text')).rejects.toThrow(RangeError);
  });

  it('removes temporaries and orphans but keeps known blobs', async () => {
    await blobs.write('file-keep', 'text', 'k');
    await blobs.write('file-orphan', 'upload', 'o');
    writeFileSync(join(blobs.directory, 'file-keep.text.tmp-abc'), 'half');
    expect(blobs.removeLeftovers(new Set(['file-keep']))).toBe(2);
    expect(readdirSync(blobs.directory)).toEqual(['file-keep.text']);
    expect(existsSync(join(blobs.directory, 'file-orphan.upload'))).toBe(false);
  });
});
