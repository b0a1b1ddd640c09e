/**
 * Rewrite transforms through a PostgreSQL outage, with the real processes (outage-transforms-core.mjs):
 * `styler serve --role api` over a real PostgreSQL that is stopped under the load. Transforms whose
 * key and model the process read before the outage keep being answered from its cache; uploads,
 * which must write, answer 503; nothing answers anything else, and the process outlives it. The
 * 20 s and 60 s outages are bench/service/outage-transforms.mjs.
 */
import { describe, expect, it } from 'vitest';
import { runOutageTransforms } from '../../../../bench/service/outage-transforms-core.mjs';

describe('rewrite transforms while PostgreSQL is down', () => {
  it('answers at least 99 % of them, and only 200 or 503 to anything', async () => {
    const summary = await runOutageTransforms({ outageMs: 8_000, beforeMs: 2_000, afterMs: 4_000 });
    const report = JSON.stringify(summary, null, 2);
    expect(summary.outageServedShare, report).toBeGreaterThanOrEqual(0.99);
    for (const counts of [summary.transforms, summary.uploads]) {
      for (const statuses of Object.values(counts)) {
        for (const status of Object.keys(statuses)) expect(['200', '503'], report).toContain(status);
      }
    }
    // Uploads must write: refused during the outage, accepted before and after it.
    expect(summary.uploads.outage?.['503'], report).toBeGreaterThan(0);
    expect(summary.uploads.before?.['200'], report).toBeGreaterThan(0);
    expect(summary.uploads.after?.['200'], report).toBeGreaterThan(0);
    expect(summary.transforms.after?.['200'], report).toBeGreaterThan(0);
    expect([summary.apiAlive, summary.fatalLogLines]).toEqual([true, 0]);
  }, 120_000);
});
