/** The report of what tests left in a run's temporary folder (test-support/temp-dir-global-setup.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftoverReport, SHARED_PREFIX } from '../../../../test-support/temp-dir-global-setup.js';

describe('leftoverReport', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says nothing of an empty folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'leftovers-'));
    expect(leftoverReport(dir)).toBe('');
  });

  it('names what tests left, and not the fixtures the run shares on purpose', () => {
    dir = mkdtempSync(join(tmpdir(), 'leftovers-'));
    mkdirSync(join(dir, `${SHARED_PREFIX}tarballs`));
    writeFileSync(join(dir, `${SHARED_PREFIX}tarballs`, 'a.tgz'), Buffer.alloc(4096));
    expect(leftoverReport(dir)).toBe('');
    mkdirSync(join(dir, 'styler-forgotten-x'));
    writeFileSync(join(dir, 'styler-forgotten-y'), Buffer.alloc(1024 * 1024));
    expect(leftoverReport(dir)).toBe(
      'tests left 2 temporary entries (1.0 MiB), removed now: styler-forgotten-x, styler-forgotten-y\n',
    );
  });
});
