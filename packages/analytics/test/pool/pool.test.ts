import { afterAll, describe, expect, it, vi } from 'vitest';
import { createAnalyticsPool, createTaskPool, type TaskSettledEvent } from '../../src/pool/index.js';
import { analyzeText } from '../../src/nlp/index.js';
import { buildGroundTruth, qualityAnalytics } from '../../src/quality/index.js';
import { AnalyticsError } from '../../src/errors.js';

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
    // @ts-expect-error a task the analytics pool does not load, called as a caller without types would
    await expect(pool.run('restyle', ['Text.', {}])).rejects.toThrow(/unknown pool method restyle/);
  });

  it('keeps its own tasks to its methods: run() refuses them by name', () => {
    const untyped = pool.run as (method: string, args: unknown[]) => Promise<unknown>;
    for (const method of ['analyzeText', 'qualityAgainst', 'styleDistance']) {
      expect(() => untyped(method, ['Two words.'])).toThrow(/is an analytics task/);
    }
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
      (s) => s.status === 'rejected' && s.reason instanceof AnalyticsError && s.reason.code === 'rate_limited',
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
  it('ends the thread of a running task aborted with endThreadOnAbort, freeing it at once', async () => {
    const aborting = createAnalyticsPool({ threads: 1 });
    try {
      await aborting.analyzeText('Warm.');
      const controller = new AbortController();
      // Several seconds of work: without ending the thread, the slot would stay taken that long.
      const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(24000);
      const running = aborting.analyzeText(long, { signal: controller.signal, endThreadOnAbort: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort(new Error('job cancelled'));
      await expect(running).rejects.toThrow('job cancelled');
      // The slot is free as soon as the thread is ended, not when the task would have finished.
      await vi.waitFor(() => expect(aborting.running).toBe(0), { timeout: 500 });
      expect((await aborting.analyzeText('Still here.')).words).toBe(2);
    } finally {
      await aborting.close();
    }
  });
});

describe('sharing the pool between tenants', () => {
  const long = 'The river rose in the night, and the fields were flooded by morning. '.repeat(600);

  it("serves a quiet tenant's task between a busy tenant's, and says what runs and waits", async () => {
    // One task per thread: when it ends, neither tenant holds the thread and they take turns (the
    // burst's came first). Two per thread: the burst still holds one when the first ends, so the
    // quiet tenant, holding none, goes first. Either way the quiet task is third, not last.
    for (const tasksPerThread of [1, 2] as const) {
      const committed = tasksPerThread;
      const shared = createAnalyticsPool({ threads: 1, tasksPerThread });
      try {
        const finished: string[] = [];
        const track = (name: string, tenant: string, text: string): Promise<unknown> =>
          shared.analyzeText(text, { tenant }).then(() => finished.push(name));
        const burst = Array.from({ length: 5 }, (_, i) => track(`burst-${i}`, 'burst', long));
        const quiet = track('quiet', 'quiet', 'A short one.');
        expect(shared.running).toBe(committed);
        expect(shared.queueSize).toBe(6 - committed);
        await Promise.all([...burst, quiet]);
        expect(finished.indexOf('quiet')).toBe(2);
        expect(shared.running).toBe(0);
        expect(shared.queueSize).toBe(0);
      } finally {
        await shared.close();
      }
    }
  });

  it("keeps a tenant's thread free for its next call, never every thread, and not for long", async () => {
    const settled: TaskSettledEvent[] = [];
    const shared = createAnalyticsPool({ threads: 2, onTaskSettled: (event) => settled.push(event) });
    try {
      const flood = Array.from({ length: 6 }, () => shared.analyzeText(long, { tenant: 'flood' }));
      // The quiet tenant's first call waits for a thread like anyone's.
      await shared.analyzeText('A short one.', { tenant: 'quiet' });
      // Its thread is kept for it: the flood still runs on one thread only…
      expect(shared.running).toBe(1);
      // …and its next call (a request's second, or the user's next request) starts at once.
      const next = shared.analyzeText('Another short one.', { tenant: 'quiet' });
      expect(shared.running).toBe(2);
      await next;
      // Once the hold lapses, the flood gets the thread back.
      await vi.waitFor(() => expect(shared.running).toBe(2), { timeout: 2_000, interval: 5 });
      await Promise.all(flood);
      const quiet = settled.filter((event) => event.tenant === 'quiet');
      expect(quiet.map((event) => event.method)).toEqual(['analyzeText', 'analyzeText']);
      expect(settled).toHaveLength(8);
    } finally {
      await shared.close();
    }
  });

  it('turns a tenant away when its own line is full, not the others', async () => {
    const shared = createAnalyticsPool({ threads: 1, maxQueue: 10, maxQueuePerTenant: 2 });
    try {
      // One goes to the thread, two wait, the other three are turned away.
      const burst = Array.from({ length: 6 }, () => shared.analyzeText(long, { tenant: 'burst' }));
      const quiet = shared.analyzeText('A short one.', { tenant: 'quiet' });
      const settled = await Promise.allSettled(burst);
      const limited = settled.filter(
        (s) => s.status === 'rejected' && (s.reason as AnalyticsError).code === 'rate_limited',
      );
      expect(limited).toHaveLength(3);
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
      // The thread runs one task; the next waits.
      const running = timed.analyzeText(long);
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
