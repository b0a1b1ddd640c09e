/**
 * A bounded kill -9 campaign (issue 20: an upload answered 200 was gone after a kill): the built
 * `styler serve` under concurrent uploads, deletes and jobs, killed with SIGKILL every 1.5 s or so
 * and restarted on the same data directory; every operation it acknowledged must survive, checked
 * by content hash, job status and model, and the data directory by its rows against its blobs.
 * The long campaign is bench/service/kill-campaign.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKillCampaign } from '../../../../bench/service/kill-campaign-core.mjs';

describe('styler serve under repeated kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-kill-campaign-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged upload, delete and job across four kills', async () => {
    const summary = await runKillCampaign({ rounds: 4, roundMs: 1500, concurrency: 8, dataDir });
    // The whole summary on failure: each violation's id, expectation and timing against the kills.
    expect(summary.violations, JSON.stringify(summary, null, 2)).toEqual([]);
    expect(summary.kills).toBe(4);
    expect(summary.uploadsAcked).toBeGreaterThan(50);
    expect(summary.deletesAcked).toBeGreaterThan(5);
    expect(summary.jobsAcked).toBeGreaterThan(2);
    expect(summary.unexpected).toBe(0);
    expect(summary.dataDirectory?.rows).toBe(summary.filesListed);
  }, 90_000);
});
