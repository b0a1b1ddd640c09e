import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyticsPool } from '../../src/pool/index.js';
import { analyzeText } from '../../src/nlp/index.js';
import { buildGroundTruth, qualityAnalytics } from '../../src/quality/index.js';
import { StylerError } from '../../src/errors.js';

// The pool runs the built worker (dist/pool/worker.js): `npm test` builds before vitest.
const pool = createAnalyticsPool({ threads: 1, maxQueue: 4 });
afterAll(() => pool.close());

const docs = ['We walked home. It rained, and we got wet.', 'The letter was sent by my sister; she never wrote again.'];

describe('createAnalyticsPool', () => {
  it('gives the same results as the direct calls', async () => {
    expect(await pool.analyzeText(docs[0]!)).toEqual(analyzeText(docs[0]!));
    const groundTruth = await pool.buildGroundTruth(docs);
    expect(groundTruth).toEqual(buildGroundTruth(docs));
    const input = { personalized: docs[1]!, unpersonalized: docs[0]!, groundTruth, includeRouge: true };
    expect(await pool.qualityAnalytics(input)).toEqual(qualityAnalytics(input));
  });

  it('brings errors back as their class with the argument named', async () => {
    await expect(pool.analyzeText(5 as unknown as string)).rejects.toThrow(TypeError);
    await expect(
      pool.qualityAnalytics({ personalized: '', unpersonalized: '', groundTruth: {} as never }),
    ).rejects.toThrow(/groundTruth/);
  });

  it('rejects at once with rate_limited when the queue is full', async () => {
    const long = docs.join(' ').repeat(200);
    const calls = Array.from({ length: 12 }, () => pool.analyzeText(long));
    const settled = await Promise.allSettled(calls);
    const limited = settled.filter(
      (s) => s.status === 'rejected' && s.reason instanceof StylerError && s.reason.code === 'rate_limited',
    );
    expect(limited.length).toBeGreaterThan(0);
    expect(settled.some((s) => s.status === 'fulfilled')).toBe(true);
  });

  it('validates its options', () => {
    expect(() => createAnalyticsPool({ threads: 0 })).toThrow(RangeError);
    expect(() => createAnalyticsPool({ maxQueue: -1 })).toThrow(RangeError);
  });
});

describe('aborting a pool call', () => {
  it('rejects with the abort reason and leaves the pool usable', async () => {
    const aborting = createAnalyticsPool({ threads: 1 });
    try {
      const controller = new AbortController();
      const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(4000);
      const running = aborting.analyzeText(long, { signal: controller.signal });
      const queued = aborting.analyzeText(long, { signal: controller.signal });
      controller.abort();
      await expect(running).rejects.toThrow();
      await expect(queued).rejects.toThrow();
      await expect(aborting.analyzeText('Still here.', { signal: AbortSignal.abort() })).rejects.toThrow();
      expect((await aborting.analyzeText('Still here.')).words).toBe(2);
    } finally {
      await aborting.close();
    }
  });
});
