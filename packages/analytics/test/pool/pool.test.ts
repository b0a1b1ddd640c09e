import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyticsPool, createTaskPool } from '../../src/pool/index.js';
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
    // Without ROUGE the references stay on this thread; the figures are the same.
    const withoutRouge = { ...input, includeRouge: false };
    expect(await pool.qualityAnalytics(withoutRouge)).toEqual(qualityAnalytics(withoutRouge));
  });

  it('runs only the tasks of the modules it was given (the library knows no engine)', async () => {
    await expect(pool.run('restyle', ['Text.', {}])).rejects.toThrow(/unknown pool method restyle/);
    expect(await pool.run('analyzeText', ['Two words.'])).toEqual(analyzeText('Two words.'));
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
    expect(() => createTaskPool({ taskModules: [] })).toThrow(/taskModules/);
    expect(() => createTaskPool({ taskModules: ['./x.js' as unknown as URL] })).toThrow(/taskModules/);
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

  it('lets a running task finish on its thread (no thread restart) and counts it until then', async () => {
    const aborting = createAnalyticsPool({ threads: 1 });
    try {
      const controller = new AbortController();
      const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(4000);
      const running = aborting.analyzeText(long, { signal: controller.signal, deadline: Date.now() + 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort(new Error('client went away'));
      await expect(running).rejects.toThrow('client went away');
      // Ending the thread would have freed the slot at once.
      expect(aborting.running).toBe(1);
      while (aborting.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await aborting.analyzeText('Still here.')).words).toBe(2);
    } finally {
      await aborting.close();
    }
  });
});

describe('sharing the pool between tenants', () => {
  const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(600);

  it("serves a quiet tenant's task between a busy tenant's, and says what runs and waits", async () => {
    const shared = createAnalyticsPool({ threads: 1 });
    try {
      const finished: string[] = [];
      const track = (name: string, tenant: string, text: string): Promise<unknown> =>
        shared.analyzeText(text, { tenant }).then(() => finished.push(name));
      const burst = Array.from({ length: 5 }, (_, i) => track(`burst-${i}`, 'burst', long));
      const quiet = track('quiet', 'quiet', 'A short one.');
      // The thread holds the task it runs and the next one; the rest wait in the fair queue.
      expect(shared.running).toBe(2);
      expect(shared.queueSize).toBe(4);
      await Promise.all([...burst, quiet]);
      // First-come order would put it last; taking turns puts it right after the next of the burst's.
      expect(finished.indexOf('quiet')).toBe(3);
      expect(shared.running).toBe(0);
      expect(shared.queueSize).toBe(0);
    } finally {
      await shared.close();
    }
  });

  it('turns a tenant away when its own line is full, not the others', async () => {
    const shared = createAnalyticsPool({ threads: 1, maxQueue: 10, maxQueuePerTenant: 2 });
    try {
      // Two go to the thread, two wait, the fifth and sixth are turned away.
      const burst = Array.from({ length: 6 }, () => shared.analyzeText(long, { tenant: 'burst' }));
      const quiet = shared.analyzeText('A short one.', { tenant: 'quiet' });
      const settled = await Promise.allSettled(burst);
      const limited = settled.filter(
        (s) => s.status === 'rejected' && (s.reason as StylerError).code === 'rate_limited',
      );
      expect(limited).toHaveLength(2);
      expect((await quiet).words).toBe(3);
    } finally {
      await shared.close();
    }
  });
});

describe('deadlines', () => {
  const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(3000);

  it('rejects a task still waiting at its deadline, and one already past it at once', async () => {
    const timed = createAnalyticsPool({ threads: 1 });
    try {
      // The thread holds two tasks (the one it runs and the next): the third waits.
      const running = Promise.all([timed.analyzeText(long), timed.analyzeText(long)]);
      const waiting = timed.analyzeText('Short.', { deadline: Date.now() + 20 });
      await expect(waiting).rejects.toMatchObject({ code: 'time_budget_exceeded' });
      expect(timed.queueSize).toBe(0);
      await expect(timed.analyzeText('Short.', { deadline: Date.now() - 1 })).rejects.toMatchObject({
        code: 'time_budget_exceeded',
      });
      await running;
    } finally {
      await timed.close();
    }
  });

  it('ends a thread that runs past its deadline and its grace, and keeps serving', async () => {
    const timed = createAnalyticsPool({ threads: 1, deadlineGraceMs: 0 });
    try {
      await expect(timed.analyzeText(long, { deadline: Date.now() + 10 })).rejects.toMatchObject({
        code: 'time_budget_exceeded',
      });
      expect(timed.running).toBe(0);
      expect((await timed.analyzeText('Still here.')).words).toBe(2);
      // A task sent right behind the overdue one is not lost when its thread is ended.
      await timed.analyzeText('Warm.');
      const overdue = timed.analyzeText(long, { deadline: Date.now() + 10 });
      const innocent = timed.analyzeText('Next in line.');
      await expect(overdue).rejects.toMatchObject({ code: 'time_budget_exceeded' });
      expect((await innocent).words).toBe(3);
    } finally {
      await timed.close();
    }
  });
});
