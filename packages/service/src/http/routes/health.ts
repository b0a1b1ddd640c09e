/**
 * GET /health (and /v1/health): a cheap liveness answer for load balancers, public, with the
 * process's role. The load (queue depth, running tasks and jobs) and the database say how busy and
 * how well the service is, so only a valid key sees them. GET /health/ready is the readiness check:
 * 503 while the database cannot be reached, so a load balancer sends no traffic to a process that
 * could not serve it.
 */
import { errorBody, errorHeaders } from '../error-handler.js';
import type { AnalyticsPool } from '@styler/analytics/pool';
import type { StylerStore } from '../../store/index.js';
import { bearerToken } from '../auth.js';
import type { ServiceRole } from '../../config.js';
import type { JobExecutor } from '../../jobs/fine-tuning.js';
import { Health, Ready } from '../api-schemas.js';
import type { TypedApp } from '../fastify-types.js';
import { failure, ok } from '../openapi.js';

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

/**
 * Registers `path` (liveness, details with a valid key) and `path`/ready (readiness); `documented`:
 * listed in the OpenAPI document (the versioned copy is, the unversioned one is not).
 */
export function healthRoute(
  app: TypedApp,
  path: string,
  { pool, jobs, store, role }: HealthDeps,
  documented: boolean,
): void {
  const common = { security: [], hide: !documented };
  const health = { ...common, operationId: 'health', response: { 200: ok(Health, 'Alive.') } };
  app.get(path, { schema: health, config: { public: true } }, async (request) => {
    const key = bearerToken(request.headers.authorization);
    // An absent or invalid key (or a database that cannot check it) still gets the liveness answer.
    const principal = key === undefined ? undefined : await store.tenancy.authenticate(key).catch(() => undefined);
    if (principal === undefined) return { status: 'ok' as const, role };
    return {
      status: 'ok' as const,
      role,
      database: { kind: store.kind, reachable: await databaseReachable(store) },
      pool: { threads: pool.threads, queued_tasks: pool.queueSize, running_tasks: pool.running },
      jobs: { running: jobs.running },
    };
  });
  const ready = {
    ...common,
    operationId: 'ready',
    response: {
      200: ok(Ready, 'The database answers: ready for traffic.'),
      503: failure('The database cannot be reached.', 'database_unavailable'),
    },
  };
  app.get(`${path}/ready`, { schema: ready, config: { public: true } }, async (_request, reply) => {
    if (await databaseReachable(store)) return { status: 'ready' as const, role };
    return reply.headers(errorHeaders(503, 'database_unavailable')).code(503).send(errorBody('database_unavailable'));
  });
}
