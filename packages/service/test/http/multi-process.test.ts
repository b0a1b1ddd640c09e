/**
 * Styler past one machine: two API processes and two worker processes (`styler serve --role …`)
 * on one PostgreSQL, each on its own port. A worker killed with SIGKILL mid-job loses it to the
 * other worker when its heartbeat stops (long before the lease would expire), which finishes it;
 * exactly one model results, and either API serves it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { darwin } from './support/fixtures.js';
import {
  childApi,
  childCreateJob,
  childJob,
  childJobSettled,
  childUpload,
  killChildren,
  startChildService,
  type ChildService,
} from './support/child-service.js';

const API_KEY = 'sk-styler-multi-process-key';
// Big enough that its fit is still running when its worker is killed.
const BIG = Array.from({ length: 8 }, () => [1, 2, 3, 4, 5, 6, 7].map(darwin))
  .flat()
  .join('\n***\n');

/** Jobs running in a worker, from its /health (which shows load to a valid key). */
async function runningJobs(worker: ChildService): Promise<number> {
  const health = (await (
    await fetch(`${worker.url}/health`, { headers: { authorization: `Bearer ${API_KEY}` } })
  ).json()) as {
    jobs?: { running: number };
  };
  return health.jobs?.running ?? 0;
}

describe('API and worker processes over one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>>;
  const children: ChildService[] = [];

  beforeAll(async () => {
    database = await freshTestDatabase();
  });
  afterAll(async () => {
    await killChildren(children);
    await database.drop();
  });

  it('moves a killed worker’s job to the other worker and makes exactly one model', async () => {
    // What each process said, should the test fail: the only account of a hang among four processes.
    onTestFailed(() => {
      for (const [i, child] of children.entries()) console.error(`--- process ${i} ---\n${child.output()}`);
    });
    const env = {
      DATABASE_URL: database.url,
      STYLER_POOL_THREADS: '1',
      // The default lease (900 s): the dead worker's job must move on by its stopped heartbeat.
      STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '8',
      STYLER_JOB_RETRY_DELAY_MS: '1000',
    };
    // Started together: the migrations must run once whoever comes first.
    const [apiA, apiB, worker1, worker2] = await Promise.all([
      startChildService(API_KEY, env, ['--role', 'api']),
      startChildService(API_KEY, env, ['--role', 'api']),
      startChildService(API_KEY, env, ['--role', 'worker']),
      startChildService(API_KEY, env, ['--role', 'worker']),
    ]);
    children.push(apiA!, apiB!, worker1!, worker2!);

    // A worker serves health only.
    expect((await childApi(worker1!, '/files')).status).toBe(404);
    expect(await (await fetch(`${apiA!.url}/health`)).json()).toEqual({ status: 'ok', role: 'api' });
    expect((await fetch(`${worker1!.url}/health/ready`)).status).toBe(200);

    const fileId = await childUpload(apiA!, 'darwin.txt', BIG);
    const jobId = await childCreateJob(apiB!, fileId);

    // Whichever worker took it: kill it mid-fit.
    let holder: ChildService | undefined;
    const lookUntil = Date.now() + 60_000;
    while (holder === undefined) {
      if (Date.now() > lookUntil)
        throw new Error(`no worker ran the job: ${JSON.stringify(await childJob(apiA!, jobId))}`);
      for (const worker of [worker1!, worker2!]) if ((await runningJobs(worker)) > 0) holder = worker;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    holder.process.kill('SIGKILL');
    expect(await holder.exit).toBeNull();
    const survivor = holder === worker1 ? worker2! : worker1!;
    const killedAt = Date.now();

    const job = await childJobSettled(apiA!, jobId);
    // Found by its heartbeat: within the heartbeat timeout and a sweep, not the 900 s lease.
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(survivor.output()).not.toMatch(/"level":(50|60)/);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const models = await client.query('SELECT name FROM models');
    const attempts = await client.query('SELECT attempts FROM jobs WHERE id = $1', [jobId]);
    await client.end();
    expect(models.rows).toEqual([{ name: job.fine_tuned_model }]);
    expect(attempts.rows[0].attempts).toBe(2);

    for (const api of [apiA!, apiB!]) {
      const response = await childApi(api, '/style/transform', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'rewrite', model: job.fine_tuned_model, message: darwin(2).slice(0, 600) }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { object: string }).object).toBe('chat.completion');
    }
  }, 180_000);
});
