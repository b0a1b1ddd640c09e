/**
 * A database whose job queue pg-boss 10 made (the Styler release before Node 20 was dropped) comes
 * through the upgrade to pg-boss 12 without losing a job: pg-boss 10 itself (installed as the
 * `pg-boss-10` devDependency) creates the queue and the messages of jobs still waiting, then the
 * current PgBossJobRunner starts on the same database and runs them. The sweep's heartbeat timeout is an
 * hour here, so the jobs can only run because their messages were carried over.
 */
import Fastify from 'fastify';
import pg from 'pg';
import PgBoss10 from 'pg-boss-10';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStylePool, type StylePool } from '@styler-dev/engine';
import { loadServiceConfig } from '../../src/config.js';
import { FINE_TUNE_QUEUE, QUEUE_SCHEMA, PgBossJobRunner } from '../../src/jobs/pg-boss-job-runner.js';
import { PG_BOSS_10_SCHEMA_VERSION, setAsideSchemaName } from '../../src/jobs/queue-upgrade.js';
import { toNewJob } from '../../src/http/routes/jobs.js';
import {
  openPostgresStore,
  type JobMessageQueue,
  type PostgresStylerStore,
  type Principal,
} from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';
import { acmeWithTrainingFile } from '../http/support/fixtures.js';

/** What the previous release's PgBossJobRunner made its pg-boss 10 queue with (its defaults). */
const V10_QUEUE = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 };

describe('upgrading a job queue made by pg-boss 10', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: StylePool;

  beforeAll(() => {
    pool = createStylePool({ threads: 1 });
  });
  beforeEach(async () => {
    database = await freshTestDatabase();
  });
  afterEach(async () => {
    await database?.drop();
  });
  afterAll(async () => {
    await pool?.close();
  });

  /** The previous release at work: Styler's tables, a queue on pg-boss 10, jobs queued with messages. */
  async function previousRelease(): Promise<{ principal: Principal; jobIds: string[] }> {
    const boss = new PgBoss10({
      connectionString: database.url,
      schema: QUEUE_SCHEMA,
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue(FINE_TUNE_QUEUE, { name: FINE_TUNE_QUEUE, ...V10_QUEUE });
    const store = await openPostgresStore(database.url);
    try {
      const { principal, fileId } = await acmeWithTrainingFile(store);
      // As the previous PgBossJobRunner did: the message sent in the transaction that creates the row.
      const v10Queue: JobMessageQueue = {
        async enqueue(client, jobId) {
          await boss.send(
            FINE_TUNE_QUEUE,
            { jobId },
            { db: { executeSql: (sql, values) => client.query(sql, values) } },
          );
        },
      };
      const jobs = store.withJobQueue(v10Queue).jobs;
      const jobIds: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const created = await jobs.create(toNewJob({ training_files: [fileId] }, principal));
        if (!('job' in created)) throw new Error(`missing file ${created.missingFileId}`);
        jobIds.push(created.job.id);
      }
      // The second job's first delivery failed (a worker without database, say): its message waits in 'retry'.
      const [delivery] = await boss.fetch<{ jobId: string }>(FINE_TUNE_QUEUE, { batchSize: 1 });
      if (delivery === undefined) throw new Error('pg-boss 10 delivered nothing');
      await boss.fail(FINE_TUNE_QUEUE, delivery.id, { message: 'database unavailable' });
      return { principal, jobIds };
    } finally {
      await store.close();
      await boss.stop({ graceful: false, wait: true });
    }
  }

  function queueRunner(store: PostgresStylerStore): PgBossJobRunner {
    const config = loadServiceConfig({ DATABASE_URL: database.url });
    return new PgBossJobRunner({
      store,
      databaseUrl: database.url,
      pool,
      logger: Fastify({ logger: false }).log,
      concurrency: 1,
      maxAttempts: config.jobMaxAttempts,
      retryDelayMs: config.jobRetryDelayMs,
      leaseSeconds: config.jobLeaseSeconds,
      heartbeatTimeoutSeconds: 3600,
    });
  }

  /** The states of the queue's messages in the current queue schema, sorted. */
  async function messageStates(admin: pg.Client): Promise<string[]> {
    const sql = `SELECT state::text FROM ${QUEUE_SCHEMA}.job WHERE name = $1 ORDER BY state`;
    return (await admin.query<{ state: string }>(sql, [FINE_TUNE_QUEUE])).rows.map((row) => row.state);
  }

  /** Waits (a minute at most) until none of the jobs is queued or running; their records. */
  async function settled(store: PostgresStylerStore, principal: Principal, ids: string[]): Promise<unknown[]> {
    const records = [];
    for (const id of ids) {
      let job = await store.jobs.get(principal.organizationId, id);
      for (let waited = 0; (job?.status === 'queued' || job?.status === 'running') && waited < 60_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await store.jobs.get(principal.organizationId, id);
      }
      records.push(job);
    }
    return records;
  }

  /** Checks the upgrade's end state: pg-boss 12's schema alone, every job run once into one model. */
  async function expectUpgraded(admin: pg.Client, jobs: unknown[]): Promise<void> {
    const version = await admin.query<{ version: number }>(`SELECT version FROM ${QUEUE_SCHEMA}.version`);
    expect(version.rows[0]!.version).toBeGreaterThan(PG_BOSS_10_SCHEMA_VERSION);
    const aside = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      setAsideSchemaName(QUEUE_SCHEMA),
    ]);
    expect(aside.rowCount).toBe(0);
    for (const job of jobs) expect(job).toMatchObject({ status: 'succeeded' });
    // pg-boss marks a message completed after the handler has returned (and idle() resolved): the
    // job's row says succeeded first, the message follows a moment later.
    const completed = jobs.map(() => 'completed');
    await vi.waitFor(async () => expect(await messageStates(admin)).toEqual(completed), {
      timeout: 10_000,
      interval: 100,
    });
    const models = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM models');
    expect(models.rows[0]!.n).toBe(jobs.length);
  }

  it('runs every job pg-boss 10 had queued, and leaves pg-boss 12 alone with its own schema', async () => {
    const { principal, jobIds } = await previousRelease();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const store = await openPostgresStore(database.url);
    const runner = queueRunner(store);
    try {
      const version = await admin.query<{ version: number }>(`SELECT version FROM ${QUEUE_SCHEMA}.version`);
      expect(version.rows[0]!.version).toBe(PG_BOSS_10_SCHEMA_VERSION);
      expect(await messageStates(admin)).toEqual(['created', 'retry']);

      await runner.start();
      const jobs = await settled(runner.store, principal, jobIds);
      await runner.idle();
      await expectUpgraded(admin, jobs);

      // Started again (a restart): nothing left to carry over, nothing sent twice.
      await runner.stop();
      const again = queueRunner(store);
      await again.start();
      await again.stop();
      expect(await messageStates(admin)).toEqual(['completed', 'completed']);
    } finally {
      await runner.stop();
      await store.close();
      await admin.end();
    }
  }, 120_000);

  it('upgrades once when two processes start on the old queue at the same moment', async () => {
    const { principal, jobIds } = await previousRelease();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const stores = [await openPostgresStore(database.url), await openPostgresStore(database.url)];
    const runners = stores.map((store) => queueRunner(store));
    try {
      await Promise.all(runners.map((runner) => runner.start()));
      const jobs = await settled(runners[0]!.store, principal, jobIds);
      await Promise.all(runners.map((runner) => runner.idle()));
      await expectUpgraded(admin, jobs);
    } finally {
      for (const runner of runners) await runner.stop();
      for (const store of stores) await store.close();
      await admin.end();
    }
  }, 120_000);
});
