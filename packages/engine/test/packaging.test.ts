import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedInstall, type PackedInstall } from '../../../test-support/packed-install.js';

describe('@styler-dev/engine as a user installs it (npm pack, then npm ci of the tarballs)', () => {
  let install: PackedInstall;
  beforeAll(async () => {
    install = await packedInstall(['@styler-dev/engine']);
  }, 180_000);
  afterAll(() => rmSync(install.dir, { recursive: true, force: true }));

  it('fits a style and restyles on the main thread and on the pool with the same result', async () => {
    const output = await install.node(`
      import { createStylePool, fitStyle, restyle } from '@styler-dev/engine';
      import { loadProviderConfig } from '@styler-dev/engine/providers';
      const model = fitStyle([
        'We walked home. It rained, and we got wet.',
        'The letter was sent by my sister; she never wrote again.',
        'My brother wrote to me from the coast. He was well.',
      ]);
      const text = 'It was decided by the committee that the meeting would be postponed. We did not agree.';
      const pool = createStylePool({ threads: 1 });
      const pooled = await pool.restyle(text, model);
      await pool.close();
      console.log(JSON.stringify({ same: pooled === restyle(text, model), config: typeof loadProviderConfig({}) }));
    `);
    expect(JSON.parse(output)).toEqual({ same: true, config: 'object' });
  });

  it('brings none of the service dependencies', () => {
    for (const name of ['better-sqlite3', 'fastify', 'mammoth', 'yauzl', '@styler-dev/styler']) {
      expect(existsSync(join(install.dir, 'node_modules', name)), name).toBe(false);
    }
  });
});
