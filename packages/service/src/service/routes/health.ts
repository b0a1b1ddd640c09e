/**
 * GET /health (and /v1/health): a cheap liveness answer for load balancers, public, with the
 * process's role. The load (queue depth, running tasks and jobs) and the database say how busy and
 * how well the service is, so only a valid key sees them. GET /health/ready is the readiness check:
 * 503 while the database cannot be reached, so a load balancer sends no traffic to a process that
 * could not serve it.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@styler/analytics/errors';
import type { AnalyticsPool } from '@styler/analytics/pool';
import type { StylerStore } from '../../store/index.js';
import { bearerToken } from '../auth.js';
import type { ServiceRole } from '../config.js';
import type { JobExecutor } from '../job-runner.js';

export interface HealthDeps {
  pool: AnalyticsPool;
  jobs: JobExecutor;
  store: StylerStore;
  role: ServiceRole;
}

/** How long readiness waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2_000;

/** Resolves true when the database answers within PING_TIMEOUT_MS. */
async function databaseReachable(store: StylerStore): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([store.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Registers `path` (liveness, details with a valid key) and `path`/ready (readiness). */
export function healthRoute(app: FastifyInstance, path: string, { pool, jobs, store, role }: HealthDeps): void {
  app.get(path, { config: { public: true } }, async (request) => {
    const key = bearerToken(request.headers.authorization);
    // An absent or invalid key (or a database that cannot check it) still gets the liveness answer.
    const principal = key === undefined ? undefined : await store.tenancy.authenticate(key).catch(() => undefined);
    if (principal === undefined) return { status: 'ok', role };
    return {
      status: 'ok',
      role,
      database: { kind: store.kind, reachable: await databaseReachable(store) },
      pool: { threads: pool.threads, queued_tasks: pool.queueSize, running_tasks: pool.running },
      jobs: { running: jobs.running },
    };
  });
  app.get(`${path}/ready`, { config: { public: true } }, async (_request, reply) => {
    if (await databaseReachable(store)) return { status: 'ready', role };
    return reply.code(503).send({ error: ERRORS.database_unavailable.message });
  });
}
