import { afterAll, describe, expect, it } from 'vitest';
import { ANALYTICS_TASK_NAMES, createAnalyticsPool, createTaskPool } from '../../src/pool/index.js';
import { tasks } from '../../src/pool/analytics-tasks.js';
import { buildGroundTruth, qualityAnalytics } from '../../src/quality/index.js';
import { AnalyticsError } from '../../src/errors.js';

// The pool runs the built worker (dist/pool/worker.js): `npm test` builds before vitest.
const pool = createAnalyticsPool({ threads: 1 });
afterAll(() => pool.close());

describe('the pool says what is wrong with its options', () => {
  it('names a number passed as a string as a string', () => {
    expect(() => createAnalyticsPool({ threads: '2' as unknown as number })).toThrow(/got the string "2"/);
  });

  it('refuses an option it does not know, naming it', () => {
    expect(() => createAnalyticsPool({ thread: 2 } as never)).toThrow(/unknown pool option 'thread'/);
    expect(() => createTaskPool({ taskModules: [new URL(import.meta.url)], maxqueue: 3 } as never)).toThrow(
      /'maxqueue'/,
    );
  });

  it('refuses an unknown call option', async () => {
    await expect(pool.analyzeText('Two words.', { deadLine: Date.now() } as never)).rejects.toThrow(
      /unknown call option 'deadLine'/,
    );
  });

  it('takes a deadline as a time, and says so when given a duration', async () => {
    await expect(pool.analyzeText('Two words.', { deadline: 5_000 })).rejects.toThrow(
      /not a duration: got 5000; .*Date\.now\(\) \+ 5000/,
    );
    await expect(pool.analyzeText('Two words.', { deadline: 'soon' as never })).rejects.toThrow(TypeError);
    expect((await pool.analyzeText('Two words.', { deadline: Date.now() + 60_000 })).words).toBe(2);
  });

  it('refuses arguments a thread cannot be sent as a TypeError, as the direct call does', async () => {
    await expect(pool.analyzeText(Symbol('text') as never)).rejects.toThrow(TypeError);
    await expect(pool.analyzeText((() => 'text') as never)).rejects.toThrow(/cannot be sent to a pool thread/);
  });
});

describe('closing the pool', () => {
  it('rejects waiting and later calls with pool_closed, and lets the running task finish', async () => {
    const closing = createAnalyticsPool({ threads: 1 });
    await closing.analyzeText('Warm.');
    const running = closing.analyzeText('The river rose in the night. '.repeat(400));
    const waiting = closing.analyzeText('Waiting.');
    const closed = closing.close();
    await expect(waiting).rejects.toMatchObject({ name: 'AnalyticsError', code: 'pool_closed' });
    const outcome = await running.then(
      (features) => features.sentences,
      (error: unknown) => error,
    );
    // Finished, or refused with the pool's own code: never a bare AbortError.
    if (typeof outcome !== 'number') expect(outcome).toMatchObject({ code: 'pool_closed' });
    else expect(outcome).toBe(400);
    await closed;
    await expect(closing.analyzeText('After.')).rejects.toBeInstanceOf(AnalyticsError);
    await expect(closing.analyzeText('After.')).rejects.toMatchObject({ code: 'pool_closed' });
  });
});

describe('the analytics task names', () => {
  it('are those of the task module', () => {
    expect([...ANALYTICS_TASK_NAMES].sort()).toEqual(Object.keys(tasks).sort());
  });
});

describe('qualityAnalytics input', () => {
  const groundTruth = buildGroundTruth(['We walked home. It rained, and we got wet.']);

  it('refuses a field it does not know, naming it', () => {
    expect(() =>
      qualityAnalytics({ personalized: 'A.', unpersonalized: 'B.', groundTruth, include_rouge: true } as never),
    ).toThrow(/unknown quality input field 'include_rouge'/);
  });

  it('types rouge as present when includeRouge is true', async () => {
    const input = { personalized: 'We went home.', unpersonalized: 'We walked home.', groundTruth };
    const direct = qualityAnalytics({ ...input, includeRouge: true });
    const pooled = await pool.qualityAnalytics({ ...input, includeRouge: true });
    // Compiles only because `rouge` is not optional here.
    expect(direct.rouge.rouge1.personalized.fmeasure).toBeGreaterThan(0);
    expect(pooled.rouge.rouge1.personalized.fmeasure).toBe(direct.rouge.rouge1.personalized.fmeasure);
  });
});
