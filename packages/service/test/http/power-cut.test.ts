/**
 * A simulated power cut under `styler serve` on SQLite (bench/service/power-cut-core.mjs): the data
 * directory on ext4 in a loop device, the device copied right after SIGKILL, before the kernel
 * writes back what nobody synced. With synchronous=FULL (the default) every acknowledged upload and
 * job is in the recovered copy; with NORMAL the same cut loses acknowledged ones, which shows the
 * simulation drops unsynced writes (so the FULL check can fail). Needs root (losetup, mount):
 * skipped elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { canSimulatePowerCut, runPowerCut } from '../../../../bench/service/power-cut-core.mjs';

describe.skipIf(!canSimulatePowerCut())('a power cut under the embedded store', () => {
  it('keeps every acknowledged upload and job with synchronous=FULL', async () => {
    const cut = await runPowerCut({ synchronous: 'FULL', durationMs: 3_000 });
    expect(cut.uploadsAcked).toBeGreaterThan(5);
    expect(cut.jobsAcked).toBeGreaterThan(0);
    expect([cut.lostUploads, cut.lostJobs]).toEqual([[], []]);
  }, 120_000);

  it('loses acknowledged uploads with synchronous=NORMAL (the cut drops what was not synced)', async () => {
    const cut = await runPowerCut({ synchronous: 'NORMAL', durationMs: 3_000 });
    expect(cut.uploadsAcked).toBeGreaterThan(5);
    expect(cut.lostUploads.length).toBeGreaterThan(0);
  }, 120_000);
});
