/**
 * Service settings: one frozen defaults object, overridden by environment variables. Every value is
 * validated here, once; a bad variable stops start-up with a RangeError that names it.
 */
import { isPostgresUrl } from './store/open-store.js';
import { SQLITE_SYNCHRONOUS, type SqliteSynchronous } from './store/sqlite/database.js';
import { DEFAULT_DOCX_LIMITS } from './docx-limits.js';

/** Everything the service reads from its environment. Sizes are bytes, durations milliseconds. */
export interface ServiceConfig {
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /**
   * Address to listen on: this machine only by default (fastify's own default), so a first
   * `npm start` exposes nothing; HOST=0.0.0.0 (or ::) in a container or behind a load balancer.
   */
  readonly host: string;
  /** Version segment every route lives under. */
  readonly basePath: string;
  /** Holds styler.db (SQLite, WAL) and files/ (uploads and their extracted text). */
  readonly dataDir: string;
  /**
   * postgres://… (DATABASE_URL): every process of a deployment shares this database, and nothing is
   * kept in dataDir. Absent: the embedded SQLite store in dataDir.
   */
  readonly databaseUrl?: string;
  /** A known key registered at start (development and tests); absent: a random key on first start. */
  readonly apiKey?: string;
  /** Largest upload accepted by POST /files. */
  readonly maxFileBytes: number;
  /** Largest JSON request body. */
  readonly maxBodyBytes: number;
  /** Longest text a transform accepts: `message`, or all `messages` contents together (UTF-16 code units). */
  readonly maxTextChars: number;
  /** Most a .docx may expand to when unzipped (zip-bomb guard), all entries together. */
  readonly maxDocxExpandedBytes: number;
  /** Most entries a .docx zip may hold. */
  readonly maxDocxEntries: number;
  /** .docx extractions running at once in the process (each a worker thread with a bounded heap). */
  readonly docxExtractions: number;
  /** .docx extractions running at once for one organization. */
  readonly docxExtractionsPerOrg: number;
  /**
   * What this process does: `api` serves the HTTP API and runs no jobs, `worker` runs fine-tuning
   * jobs and serves only /health, `all` (default) both. With PostgreSQL, a deployment runs N api and
   * M worker processes on one database.
   */
  readonly role: ServiceRole;
  /**
   * How long a worker holds a job on the PostgreSQL job queue: a job whose worker died is retried
   * on another worker after this long. Set it above the longest fit you expect, as a fit still
   * running past it is handed on too (and its own result discarded).
   */
  readonly jobLeaseSeconds: number;
  /**
   * How long a running job's worker may go without a heartbeat (PostgreSQL mode; it beats four times
   * in that span while the fit runs) before another worker takes the job over: a dead worker is
   * found in about this long, whatever the lease and however long the fit.
   */
  readonly jobHeartbeatTimeoutSeconds: number;
  /** Fine-tuning jobs run at the same time (0: this process runs none, it only serves the API). */
  readonly jobConcurrency: number;
  /** Starts after which a job that keeps being interrupted (e.g. the process dies during it) fails. */
  readonly jobMaxAttempts: number;
  /** Wait before retrying a job the full worker pool turned away. */
  readonly jobRetryDelayMs: number;
  /** Worker threads (style engine and analytics); absent: one per CPU. */
  readonly poolThreads?: number;
  /** Pool tasks that may wait for a thread; beyond it requests get 429 at once. */
  readonly poolMaxQueue: number;
  /** Pool tasks one organization may have waiting, so one organization's burst cannot fill the queue. */
  readonly poolMaxQueuePerOrg: number;
  /**
   * Time budget of a transform's own work (restyle and analytics, waiting for a thread included);
   * past it the request answers 503 time_budget_exceeded and the work stops.
   */
  readonly requestTimeoutMs: number;
  /** A client's request headers must arrive within this; past it the connection gets 408 and closes. */
  readonly headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this; past it 408 and the connection closes. */
  readonly bodyTimeoutMs: number;
  /** Grace for in-flight requests at shutdown before connections are cut. */
  readonly shutdownTimeoutMs: number;
  /** Parsed style models kept in memory. */
  readonly modelCacheSize: number;
  /**
   * How long (seconds) a key, a model or a model list the database confirmed may still be used while
   * the database is unreachable: the longest a key revoked, or a model deleted, on another process
   * can still be used on this one during an outage (while the database answers, at once). 0: none.
   */
  readonly cacheTtlSeconds: number;
  /** Answers of each kind (keys, models, model lists, finished jobs) kept for outages. */
  readonly cacheMaxEntries: number;
  /**
   * SQLite's `synchronous`: FULL (default) syncs the write-ahead log at every commit, so what was
   * acknowledged survives a power cut; NORMAL syncs it only at checkpoints, faster, and a power cut
   * (not a process crash) may lose the last commits, acknowledged uploads and jobs included.
   */
  readonly sqliteSynchronous: SqliteSynchronous;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  readonly logLevel: string;
  /**
   * Origins whose browser pages may call the API (CORS), e.g. `https://app.example.com`; `*` for any.
   * Empty (the default): no cross-origin access, as a server-to-server API needs none.
   */
  readonly corsOrigins: readonly string[];
}

const MIB = 1024 * 1024;

/** A comma-separated list of origins (scheme://host[:port]) or `*`; RangeError naming the variable otherwise. */
function origins(env: Env, name: string): string[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const list = raw
    .split(',')
    .map((one) => one.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of list) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin))
      throw new RangeError(`${name} must list origins such as https://app.example.com (or *), got ${origin}`);
  }
  return list;
}

/** The roles of `styler serve --role`. */
export const SERVICE_ROLES = ['all', 'api', 'worker'] as const;
export type ServiceRole = (typeof SERVICE_ROLES)[number];

/** The one place service defaults live. */
export const SERVICE_DEFAULTS = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  basePath: '/v1',
  dataDir: './data',
  maxFileBytes: 10 * MIB,
  maxBodyBytes: 2 * MIB,
  maxTextChars: 100_000,
  maxDocxExpandedBytes: DEFAULT_DOCX_LIMITS.maxExpandedBytes,
  maxDocxEntries: DEFAULT_DOCX_LIMITS.maxEntries,
  docxExtractions: 2,
  docxExtractionsPerOrg: 1,
  role: 'all',
  sqliteSynchronous: 'FULL',
  jobLeaseSeconds: 900,
  jobHeartbeatTimeoutSeconds: 45,
  jobConcurrency: 1,
  jobMaxAttempts: 3,
  jobRetryDelayMs: 2_000,
  poolMaxQueue: 256,
  poolMaxQueuePerOrg: 64,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 120_000,
  shutdownTimeoutMs: 30_000,
  modelCacheSize: 32,
  cacheTtlSeconds: 60,
  cacheMaxEntries: 10_000,
  corsOrigins: [],
  logLevel: 'info',
} satisfies Omit<ServiceConfig, 'apiKey' | 'poolThreads' | 'databaseUrl' | 'role' | 'sqliteSynchronous'> & {
  role: ServiceRole;
  sqliteSynchronous: SqliteSynchronous;
});

/** Environment variable → setting, for docs and error messages. */
export const SERVICE_ENV_VARS = Object.freeze({
  port: 'PORT',
  host: 'HOST',
  dataDir: 'STYLER_DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  apiKey: 'STYLER_API_KEY',
  maxFileBytes: 'STYLER_MAX_FILE_BYTES',
  maxBodyBytes: 'STYLER_MAX_BODY_BYTES',
  maxTextChars: 'STYLER_MAX_TEXT_CHARS',
  maxDocxExpandedBytes: 'STYLER_MAX_DOCX_EXPANDED_BYTES',
  maxDocxEntries: 'STYLER_MAX_DOCX_ENTRIES',
  docxExtractions: 'STYLER_DOCX_EXTRACTIONS',
  docxExtractionsPerOrg: 'STYLER_DOCX_EXTRACTIONS_PER_ORG',
  role: 'STYLER_ROLE',
  jobLeaseSeconds: 'STYLER_JOB_LEASE_SECONDS',
  jobHeartbeatTimeoutSeconds: 'STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS',
  jobConcurrency: 'STYLER_JOB_CONCURRENCY',
  jobMaxAttempts: 'STYLER_JOB_MAX_ATTEMPTS',
  jobRetryDelayMs: 'STYLER_JOB_RETRY_DELAY_MS',
  poolThreads: 'STYLER_POOL_THREADS',
  poolMaxQueue: 'STYLER_POOL_MAX_QUEUE',
  poolMaxQueuePerOrg: 'STYLER_POOL_MAX_QUEUE_PER_ORG',
  requestTimeoutMs: 'STYLER_REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'STYLER_HEADERS_TIMEOUT_MS',
  bodyTimeoutMs: 'STYLER_BODY_TIMEOUT_MS',
  shutdownTimeoutMs: 'STYLER_SHUTDOWN_TIMEOUT_MS',
  modelCacheSize: 'STYLER_MODEL_CACHE_SIZE',
  cacheTtlSeconds: 'STYLER_CACHE_TTL_SECONDS',
  cacheMaxEntries: 'STYLER_CACHE_MAX_ENTRIES',
  sqliteSynchronous: 'STYLER_SQLITE_SYNCHRONOUS',
  corsOrigins: 'STYLER_CORS_ORIGINS',
  logLevel: 'STYLER_LOG_LEVEL',
} satisfies Record<Exclude<keyof ServiceConfig, 'basePath'>, string>);

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

type Env = Readonly<Record<string, string | undefined>>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

/**
 * The service configuration from `env` (default process.env), with `overrides` (CLI flags) applied
 * last. Empty variables count as unset. Throws RangeError naming the variable for a bad value.
 */
export function loadServiceConfig(env: Env = process.env, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  const d = SERVICE_DEFAULTS;
  const v = SERVICE_ENV_VARS;
  const apiKey = env[v.apiKey]?.trim();
  if (apiKey !== undefined && apiKey !== '' && (apiKey.length < 8 || /\s/.test(apiKey))) {
    throw new RangeError(`${v.apiKey} must be at least 8 characters without whitespace`);
  }
  const logLevel = env[v.logLevel]?.trim() || d.logLevel;
  if (!LOG_LEVELS.has(logLevel)) {
    throw new RangeError(`${v.logLevel} must be one of ${[...LOG_LEVELS].join(', ')}, got '${logLevel}'`);
  }
  const databaseUrl = env[v.databaseUrl]?.trim();
  if (databaseUrl !== undefined && databaseUrl !== '' && !isPostgresUrl(databaseUrl)) {
    throw new RangeError(`${v.databaseUrl} must be a postgres:// URL (leave it unset for the embedded SQLite store)`);
  }
  const role = (env[v.role]?.trim() || d.role) as ServiceRole;
  if (!SERVICE_ROLES.includes(role)) {
    throw new RangeError(`${v.role} must be one of ${SERVICE_ROLES.join(', ')}, got '${role}'`);
  }
  const sqliteSynchronous = (env[v.sqliteSynchronous]?.trim().toUpperCase() ||
    d.sqliteSynchronous) as SqliteSynchronous;
  if (!SQLITE_SYNCHRONOUS.includes(sqliteSynchronous)) {
    throw new RangeError(
      `${v.sqliteSynchronous} must be one of ${SQLITE_SYNCHRONOUS.join(', ')}, got '${sqliteSynchronous}'`,
    );
  }
  const poolThreads = env[v.poolThreads]?.trim() ? integer(env, v.poolThreads, 1, 1, 256) : undefined;
  const config: ServiceConfig = {
    port: integer(env, v.port, d.port, 0, 65_535),
    host: env[v.host]?.trim() || d.host,
    basePath: d.basePath,
    dataDir: env[v.dataDir]?.trim() || d.dataDir,
    maxFileBytes: integer(env, v.maxFileBytes, d.maxFileBytes, 1, 1024 * MIB),
    maxBodyBytes: integer(env, v.maxBodyBytes, d.maxBodyBytes, 1024, 1024 * MIB),
    maxTextChars: integer(env, v.maxTextChars, d.maxTextChars, 1, 10_000_000),
    maxDocxExpandedBytes: integer(env, v.maxDocxExpandedBytes, d.maxDocxExpandedBytes, 1024, 4096 * MIB),
    maxDocxEntries: integer(env, v.maxDocxEntries, d.maxDocxEntries, 1, 1_000_000),
    docxExtractions: integer(env, v.docxExtractions, d.docxExtractions, 1, 64),
    docxExtractionsPerOrg: integer(env, v.docxExtractionsPerOrg, d.docxExtractionsPerOrg, 1, 64),
    role,
    jobLeaseSeconds: integer(env, v.jobLeaseSeconds, d.jobLeaseSeconds, 5, 86_400),
    jobHeartbeatTimeoutSeconds: integer(env, v.jobHeartbeatTimeoutSeconds, d.jobHeartbeatTimeoutSeconds, 4, 3_600),
    jobConcurrency: integer(env, v.jobConcurrency, d.jobConcurrency, 0, 64),
    jobMaxAttempts: integer(env, v.jobMaxAttempts, d.jobMaxAttempts, 1, 100),
    jobRetryDelayMs: integer(env, v.jobRetryDelayMs, d.jobRetryDelayMs, 1, 3_600_000),
    poolMaxQueue: integer(env, v.poolMaxQueue, d.poolMaxQueue, 1, 1_000_000),
    poolMaxQueuePerOrg: integer(env, v.poolMaxQueuePerOrg, d.poolMaxQueuePerOrg, 1, 1_000_000),
    requestTimeoutMs: integer(env, v.requestTimeoutMs, d.requestTimeoutMs, 100, 3_600_000),
    headersTimeoutMs: integer(env, v.headersTimeoutMs, d.headersTimeoutMs, 1_000, 120_000),
    bodyTimeoutMs: integer(env, v.bodyTimeoutMs, d.bodyTimeoutMs, 1_000, 3_600_000),
    shutdownTimeoutMs: integer(env, v.shutdownTimeoutMs, d.shutdownTimeoutMs, 0, 3_600_000),
    modelCacheSize: integer(env, v.modelCacheSize, d.modelCacheSize, 0, 100_000),
    cacheTtlSeconds: integer(env, v.cacheTtlSeconds, d.cacheTtlSeconds, 0, 86_400),
    cacheMaxEntries: integer(env, v.cacheMaxEntries, d.cacheMaxEntries, 0, 10_000_000),
    sqliteSynchronous,
    corsOrigins: origins(env, v.corsOrigins) ?? d.corsOrigins,
    logLevel,
    ...(apiKey && { apiKey }),
    ...(databaseUrl && { databaseUrl }),
    ...(poolThreads !== undefined && { poolThreads }),
    ...overrides,
  };
  return Object.freeze(config);
}
