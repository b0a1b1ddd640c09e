/**
 * GET /health (and /v1/health): a cheap liveness answer for load balancers, public, with the
 * process's role. The load (queue depth, running tasks and jobs), the database and the cache say how
 * busy and how well the service is, so only a valid key sees them. GET /health/ready is the
 * readiness check: `ready`; `degraded` (still 200) while the database is unreachable but the cache
 * holds keys it confirmed within the TTL, whose transforms are still served; 503 when the database is
 * unreachable and nothing can be served, so a load balancer sends no traffic to that process.
 */
import { errorBody, errorHeaders } from '../error-handler.js';
import type { AnalyticsPool } from '@styler-dev/analytics/pool';
import type { ReadCacheStatus, StylerStore } from '../../store/index.js';
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
  /** The read cache in front of the store: whether it can serve while the database is away. */
  cache: { status(): ReadCacheStatus };
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
  { pool, jobs, store, cache, role }: HealthDeps,
  documented: boolean,
): void {
  const common = { security: [], hide: !documented };
  const health = { ...common, operationId: 'health', response: { 200: ok(Health, 'Alive.') } };
  app.get(path, { schema: health, config: { public: true } }, async (request) => {
    const key = bearerToken(request.headers.authorization);
    // An absent or invalid key (or a database that cannot check it) still gets the liveness answer.
    const principal = key === undefined ? undefined : await store.tenancy.authenticate(key).catch(() => undefined);
    if (principal === undefined) return { status: 'ok' as const, role };
    const reachable = await databaseReachable(store);
    const { liveKeys, ttlSeconds } = cache.status();
    return {
      // The key was just accepted: without the database, the cache did it.
      status: reachable ? ('ok' as const) : ('degraded' as const),
      role,
      cache: { ttl_seconds: ttlSeconds, live_keys: liveKeys },
      database: { kind: store.kind, reachable },
      pool: { threads: pool.threads, queued_tasks: pool.queueSize, running_tasks: pool.running },
      jobs: { running: jobs.running },
    };
  });
  const ready = {
    ...common,
    operationId: 'ready',
    response: {
      200: ok(Ready, 'The database answers (ready), or the cache serves what it confirmed (degraded).'),
      503: failure('The database cannot be reached and the cache holds no live key.', 'database_unavailable'),
    },
  };
  app.get(`${path}/ready`, { schema: ready, config: { public: true } }, async (_request, reply) => {
    if (await databaseReachable(store)) return { status: 'ready' as const, role };
    if (cache.status().liveKeys > 0) return { status: 'degraded' as const, role };
    return reply.headers(errorHeaders(503, 'database_unavailable')).code(503).send(errorBody('database_unavailable'));
  });
}
