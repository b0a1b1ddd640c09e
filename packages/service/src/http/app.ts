/**
 * Builds the fastify app from injected dependencies, so tests can run it in-process (inject) or on
 * port 0, and the CLI on PORT. The job runner starts when the app is ready and stops on close.
 */
import type { Duplex } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { StylePool } from '@styler-dev/engine';
import type { ProviderConfig } from '@styler-dev/engine/providers';
import type { OpenedStore } from '../store/index.js';
import { installAuth } from './auth.js';
import { installCors } from './cors.js';
import { LOG_SERIALIZERS } from '../log-redaction.js';
import { trackConnections } from './connection-drain.js';
import type { ServiceConfig } from '../config.js';
import { errorBody, errorHeaders, frameworkErrorHandler, installErrorHandlers } from './error-handler.js';
import { ERRORS, ServiceError, type ErrorCode } from '../errors.js';
import { createJobExecutor } from '../jobs/job-executor.js';
import { withReadCache } from '../store/index.js';
import { registerOpenApi } from './openapi.js';
import { API_SCHEMAS } from './api-schemas.js';
import type { TypedApp } from './fastify-types.js';
import { validatorCompiler } from './validation.js';
import type { RouteContext } from './route-context.js';
import { fileRoutes } from './routes/files.js';
import { consoleRoutes, loadConsole } from './routes/console.js';
import { healthRoute } from './routes/health.js';
import { jobRoutes } from './routes/jobs.js';
import { modelRoutes } from './routes/models.js';
import { transformRoutes } from './routes/transform.js';
import { chatRoutes } from './routes/chat.js';
import { ChatPipeline } from './chat/pipeline.js';
import { StyleBriefs } from '../style-models/briefs.js';
import { StyleModelCache } from '../style-models/cache.js';
import { TransformPipeline } from './transform/pipeline.js';

/** Methods that carry no body by their nature. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/** What Node's HTTP parser refuses before fastify sees a request, answered with the documented error body. */
const MALFORMED: Readonly<Record<string, readonly [string, ErrorCode]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['Request Timeout', 'request_timeout'],
  HPE_HEADER_OVERFLOW: ['Request Header Fields Too Large', 'headers_too_large'],
};

/**
 * Headers every API answer carries: its JSON is never sniffed as another type, never framed (the
 * console sets a stricter policy of its own for its pages), and never stored by a browser or proxy
 * (answers hold keys' data and change with every call; the console's hashed assets set their own).
 */
const API_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cache-control': 'no-store' };

/** fastify's clientErrorHandler: a malformed, too slow or too large request gets `{"error": …}` too. */
function malformedRequestHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [reason, code] = MALFORMED[error.code ?? ''] ?? ['Bad Request', 'malformed_request'];
  const { status } = ERRORS[code];
  const body = JSON.stringify(errorBody(code));
  const headers = {
    'content-length': String(Buffer.byteLength(body)),
    'content-type': 'application/json; charset=utf-8',
    ...API_HEADERS,
    ...errorHeaders(status, code),
    connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/** Decodes strictly: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON bodies the service reads. fastify's JSON parser refuses an empty body, while clients (and
 * SDKs) send `Content-Type: application/json` on every call, body or not: a body-less method or
 * route takes an empty body as none, while routes that read a body still answer that it is empty.
 * And a body that is not UTF-8 is refused with a 400 (as uploads are with a 415), rather than read
 * with its bad bytes silently replaced: a text would be restyled that nobody wrote.
 */
function parseJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // No route reads plain text: without fastify's parser for it, a text/plain body gets the answer
  // every other type the route does not read gets (a form, an octet stream), not a schema error.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = STRICT_UTF8.decode(body as Buffer);
    } catch {
      done(new ServiceError('invalid_input', 'Request body is not valid UTF-8.'), undefined);
      return;
    }
    const bodyless = BODYLESS_METHODS.has(request.method) || request.routeOptions.config.bodyless === true;
    if (bodyless && text.trim() === '') {
      done(null, undefined);
      return;
    }
    // The default parser answers through done (its type also allows a promise, which it never returns).
    void json(request, text, done);
  });
}

/** Everything the app needs; the caller owns (and closes) store and pool. */
export interface AppDeps {
  store: OpenedStore;
  pool: StylePool;
  config: ServiceConfig;
  providerConfig: ProviderConfig;
  /** A pino logger; false for none; absent: fastify's own at config.logLevel. */
  logger?: FastifyBaseLogger | false;
}

/** The fastify app with every route under config.basePath, plus the unversioned GET /health. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { pool, config, providerConfig } = deps;
  const app = Fastify({
    bodyLimit: config.maxBodyBytes,
    // Requests are logged with their URL redacted (a key sent as ?api_key= must not reach the log).
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger.child({}, { serializers: LOG_SERIALIZERS }) }
        : { logger: { level: config.logLevel, serializers: LOG_SERIALIZERS } }),
    // Requests that arrive while closing get our own 503 body (the hook below), not fastify's.
    return503OnClosing: false,
    // A client that stalls must not hold a connection: its headers within headersTimeoutMs (20 s by
    // default), the whole request (a 10 MiB upload on a slow link included) within bodyTimeoutMs
    // (120 s by default), checked every 2 s (Node checks every 30 s by default, so a stalled client
    // stayed up to half a minute past its bound). Node refuses a headers bound past the request's.
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.bodyTimeoutMs),
      connectionsCheckingInterval: 2_000,
    },
    requestTimeout: config.bodyTimeoutMs,
    clientErrorHandler: malformedRequestHandler,
    frameworkErrors: frameworkErrorHandler(config),
  }) as unknown as FastifyInstance;

  // Over PostgreSQL the app uses the queue runner's store, whose new jobs go on the runner's queue;
  // requests read keys and models through a cache that serves them while the database is away.
  const { jobs, store: jobStore } = createJobExecutor(deps.store, {
    pool,
    logger: app.log,
    concurrency: config.role === 'api' ? 0 : config.jobConcurrency,
    maxAttempts: config.jobMaxAttempts,
    retryDelayMs: config.jobRetryDelayMs,
    databaseUrl: config.databaseUrl,
    leaseSeconds: config.jobLeaseSeconds,
    heartbeatTimeoutSeconds: config.jobHeartbeatTimeoutSeconds,
  });
  const store = withReadCache(jobStore, {
    ttlMs: config.cacheTtlSeconds * 1000,
    maxEntries: config.cacheMaxEntries,
  });
  const models = new StyleModelCache(store, config.modelCacheSize);
  const briefs = new StyleBriefs(store, models);
  const context: RouteContext = {
    store,
    config,
    jobs,
    models,
    transforms: new TransformPipeline({
      store,
      pool,
      models,
      briefs,
      providerConfig,
      maxTextChars: config.maxTextChars,
      requestTimeoutMs: config.requestTimeoutMs,
    }),
    chats: new ChatPipeline({ store, models, briefs, providerConfig, maxTextChars: config.maxTextChars }),
  };

  installErrorHandlers(app, config);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are written as they are: the schemas document them (and the tests check them against
  // the schemas) but never drop a field or round a number on the way out.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of API_SCHEMAS) app.addSchema(schema);
  await registerOpenApi(app, config);
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    void reply.header('connection', 'close');
    throw new ServiceError('service_unavailable');
  });
  installCors(app, config.corsOrigins);
  parseJsonBodies(app);
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(API_HEADERS)) if (!reply.hasHeader(name)) void reply.header(name, value);
  });
  installAuth(app, store);
  await app.register(multipart, {
    limits: { fileSize: config.maxFileBytes, files: 1, fields: 8, parts: 9, fieldSize: 4096 },
  });

  const health = { pool, jobs, store, cache: store, role: config.role };
  const typed = app.withTypeProvider<TypeBoxTypeProvider>() as TypedApp;
  healthRoute(typed, '/health', health, false);
  if (config.role !== 'worker') consoleRoutes(typed, await loadConsole());
  await typed.register(
    async (v1) => {
      healthRoute(v1, '/health', health, true);
      // A worker process answers health checks only.
      if (config.role === 'worker') return;
      const openapi = {
        operationId: 'openapi',
        security: [],
        response: { 200: { description: 'This document.', type: 'object' } },
      };
      v1.get('/openapi.json', { schema: openapi, config: { public: true } }, async () => app.swagger());
      fileRoutes(v1, context);
      jobRoutes(v1, context);
      modelRoutes(v1, context);
      transformRoutes(v1, context);
      chatRoutes(v1, context);
    },
    { prefix: config.basePath },
  );

  app.addHook('onReady', async () => jobs.start());
  const connections = trackConnections(app.server);
  app.addHook('preClose', async () => {
    closing = true;
    await jobs.stop();
    connections.drain();
  });
  return app;
}
