/**
 * GET /health (and /v1/health): a cheap liveness answer for load balancers, public. The load
 * (queue depth, running tasks and jobs) says how busy the service is, so only a valid key sees it.
 */
import type { FastifyInstance } from 'fastify';
import type { AnalyticsPool } from '@styler/analytics/pool';
import type { StylerStore } from '../../store/index.js';
import { bearerToken } from '../auth.js';
import type { JobRunner } from '../job-runner.js';

export interface HealthDeps {
  pool: AnalyticsPool;
  jobs: JobRunner;
  store: StylerStore;
}

/** Registers the health route at `path`: `{status}` for anyone, the load too with a valid key. */
export function healthRoute(app: FastifyInstance, path: string, { pool, jobs, store }: HealthDeps): void {
  app.get(path, { config: { public: true } }, async (request) => {
    const key = bearerToken(request.headers.authorization);
    // An absent or invalid key still gets the liveness answer: health stays public and cheap.
    if (key === undefined || !(await store.tenancy.authenticate(key))) return { status: 'ok' };
    return {
      status: 'ok',
      pool: { threads: pool.threads, queued_tasks: pool.queueSize, running_tasks: pool.running },
      jobs: { running: jobs.running },
    };
  });
}
