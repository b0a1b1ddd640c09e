/** Wrong arguments exit 2 with one line saying what is wrong in words, as the README's exit codes say. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';

describe('usage errors', () => {
  it('keys revoke of an unknown id exits 2 and says where the ids are', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'styler-keys-revoke-'));
    try {
      const run = io();
      expect(await main(['keys', 'revoke', 'nope', '--data-dir', dataDir], run.io)).toBe(2);
      expect(run.err()).toMatch(/no active key with id 'nope': styler keys list shows the ids/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('describe of a missing file says so in words', async () => {
    const run = io();
    expect(await main(['describe', join(tmpdir(), 'styler-no-such-model.json')], run.io)).toBe(2);
    expect(run.err()).toMatch(/cannot read .*styler-no-such-model\.json: no such file \(ENOENT\)/);
  });
});
