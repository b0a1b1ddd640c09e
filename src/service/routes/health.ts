/** GET /health (and /v1/health): a cheap, unauthenticated liveness answer for load balancers. */
import type { FastifyInstance } from 'fastify';
import type { AnalyticsPool } from '../../pool/index.js';
import type { JobRunner } from '../job-runner.js';

/** Registers the health route at `path`; the body says the pool's and the runner's load. */
export function healthRoute(app: FastifyInstance, path: string, pool: AnalyticsPool, jobs: JobRunner): void {
  app.get(path, { config: { public: true } }, async () => ({
    status: 'ok',
    pool: { threads: pool.threads, queued_tasks: pool.queueSize },
    jobs: { running: jobs.running },
  }));
}
