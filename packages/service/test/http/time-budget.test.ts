/** Every transform has a time budget, and organizations take turns for the worker threads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { fitStyle } from '@styler-dev/engine';
import { darwin } from './support/fixtures.js';
import { jsonBody, seedModel, startTestService, type TestService } from './support/harness.js';

const MODEL_JSON = JSON.stringify(fitStyle([1, 2, 3, 4].map(darwin)));

describe('the time budget of a transform', () => {
  let service: TestService;

  beforeAll(async () => {
    // A budget a short text meets easily, and a long text (allowed here up to 500,000 characters) cannot.
    service = await startTestService({
      env: { STYLER_REQUEST_TIMEOUT_MS: '300', STYLER_MAX_TEXT_CHARS: '500000' },
    });
    await seedModel(service, service.keys.acme, 'ft:darwin', MODEL_JSON);
  });
  afterAll(async () => service.close());

  it('answers 503 time_budget_exceeded when the engine needs longer, and the threads are free again', async () => {
    const message = 'The cat sat on the mat, and the dog watched it from the door. '.repeat(6000);
    const response = await service.request(
      '/style/transform',
      jsonBody({ mode: 'rewrite', model: 'ft:darwin', message }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'The request took longer than the time budget allows: retry later, or send a shorter text.',
      code: 'time_budget_exceeded',
    });
    expect(service.pool.running).toBe(0);
    // A thread stopped mid-task is replaced, and the new one loads the tagger first: on a busy
    // machine that can take longer than this tiny budget, so the service gets a few tries to recover.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10 && statuses.at(-1) !== 200; attempt += 1) {
      const small = await service.request(
        '/style/transform',
        jsonBody({ mode: 'rewrite', model: 'ft:darwin', message: 'We walked home.' }),
      );
      statuses.push(small.status);
      if (small.status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });
});

describe('organizations sharing one analytics thread', () => {
  let pool: StylePool;
  let service: TestService;

  beforeAll(async () => {
    pool = createStylePool({ threads: 1 });
    service = await startTestService({ pool });
    await seedModel(service, service.keys.acme, 'ft:darwin', MODEL_JSON);
    await seedModel(service, service.keys.globex, 'ft:darwin-globex', MODEL_JSON);
  });
  afterAll(async () => {
    await service.close();
    await pool.close();
  });

  it("serve a small request from one organization between another's burst", async () => {
    const finished: string[] = [];
    const transform = (name: string, key: string, model: string, message: string): Promise<void> =>
      service
        .request('/style/transform', { ...jsonBody({ mode: 'rewrite', model, message }), key })
        .then(async (response) => {
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          finished.push(name);
        });
    const long = [4, 5, 6, 7].map(darwin).join('\n\n');
    const burst = Array.from({ length: 6 }, (_, i) => transform(`acme-${i}`, service.keys.acme, 'ft:darwin', long));
    // Let the burst reach the queue first.
    while (pool.queueSize < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([
      ...burst,
      transform('globex', service.keys.globex, 'ft:darwin-globex', 'We walked home in the rain.'),
    ]);
    // The thread holds two of acme's; globex's goes next.
    expect(finished.indexOf('globex')).toBeLessThanOrEqual(3);
  });
});
