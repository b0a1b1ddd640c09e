/** Runs the service: store, pool and app wired together, listening, with graceful shutdown. */
import { networkInterfaces } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createStylePool } from '@styler-dev/engine';
import type { ProviderConfig } from '@styler-dev/engine/providers';
import { openStore } from '../store/index.js';
import { buildApp } from './app.js';
import { ensureInitialKey } from '../initial-key.js';
import type { ServiceConfig } from '../config.js';
import { listeningUrls } from './listen-urls.js';
import { redactedUrl } from '../log-redaction.js';

export interface StartServiceOptions {
  config: ServiceConfig;
  providerConfig: ProviderConfig;
  /** Where the one-time key and the listening address are printed. */
  stdout: NodeJS.WritableStream;
  logger?: FastifyBaseLogger | false;
}

export interface RunningService {
  app: FastifyInstance;
  /** The first address it listens on, loopback when listening on every interface: e.g. http://127.0.0.1:8080/v1 */
  url: string;
  /**
   * Graceful shutdown: stop accepting, let in-flight requests finish (at most
   * config.shutdownTimeoutMs, then cut the connections), stop the job runner, close pool and database.
   */
  close(): Promise<void>;
}

/** Where the data lives, for the banner: the data directory, or the PostgreSQL database without its password. */
function dataLocation(config: ServiceConfig): string {
  return config.databaseUrl === undefined ? config.dataDir : `PostgreSQL ${redactedUrl(config.databaseUrl)}`;
}

/** Opens the store in config.dataDir (migrating it), starts the pool and listens on config.port. */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const { config, providerConfig, stdout } = options;
  const store = await openStore(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    { synchronous: config.sqliteSynchronous },
  );
  let pool: ReturnType<typeof createStylePool> | undefined;
  try {
    await store.prepareForServing();
    const initial = await ensureInitialKey(store, config.apiKey);
    if (initial.kind === 'created') {
      stdout.write(
        `Created the first API key, for organization '${initial.info.organizationName}', project ` +
          `'${initial.info.projectName}'. It is shown only this once:\n\n  ${initial.key}\n\n`,
      );
    } else if (initial.kind === 'seeded' && initial.info.revokedAt !== null) {
      stdout.write('Warning: STYLER_API_KEY is a revoked key; requests with it will be refused.\n');
    }
    pool = createStylePool({
      maxQueue: config.poolMaxQueue,
      maxQueuePerTenant: config.poolMaxQueuePerOrg,
      ...(config.poolThreads !== undefined && { threads: config.poolThreads }),
    });
    const app = await buildApp({
      store,
      pool,
      config,
      providerConfig,
      ...(options.logger !== undefined && { logger: options.logger }),
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const urls = listeningUrls(config.host, port, config.basePath, networkInterfaces());
    const url = urls[0]!;
    const where = urls.length === 1 ? '' : 'every interface; ';
    stdout.write(
      `Styler service listening on ${urls.join(', ')} (${where}data in ${dataLocation(config)}, ${pool.threads} worker threads)\n`,
    );
    if (config.role !== 'worker') stdout.write(`Web console at ${new URL('/', url).href} (sign in with an API key)\n`);

    const runningPool = pool;
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        const timer = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeoutMs);
        timer.unref();
        try {
          await app.close();
        } finally {
          clearTimeout(timer);
          await runningPool.close();
          await store.close();
        }
      })());
    return { app, url, close };
  } catch (error) {
    await pool?.close();
    await store.close();
    throw error;
  }
}
