/** `styler serve`: runs the HTTP service until SIGINT or SIGTERM, then shuts down gracefully. */
import { loadProviderConfig } from '@styler-dev/engine/providers';
import { loadServiceConfig, startService, type ServiceConfig } from '../../http/index.js';
import { SERVICE_ROLES, type ServiceRole } from '../../config.js';
import { CliError, EXIT, parseArgs, single, type ArgSpec, type CliIO } from '@styler-dev/cli-kit';
import { COMMAND_USAGE } from '../command-help.js';
import { isDatabaseUnavailable } from '../../store/index.js';
import { redactedUrl } from '../../log-redaction.js';

const USAGE = `usage: ${COMMAND_USAGE.serve}`;

function flagOverrides(argv: string[]): Partial<ServiceConfig> {
  const args = parseArgs(argv, SERVE_ARGS);
  if (args.positionals.length > 0) throw new CliError(`unexpected argument '${args.positionals[0]}'\n${USAGE}`);
  const overrides: { -readonly [K in keyof ServiceConfig]?: ServiceConfig[K] } = {};
  const port = single(args, 'port');
  if (port !== undefined) {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) throw new CliError(`--port must be 0 to 65535\n${USAGE}`);
    overrides.port = Number(port);
  }
  const host = single(args, 'host');
  if (host !== undefined) overrides.host = host;
  const dataDir = single(args, 'data-dir');
  if (dataDir !== undefined) overrides.dataDir = dataDir;
  const role = single(args, 'role');
  if (role !== undefined) {
    if (!SERVICE_ROLES.includes(role as ServiceRole)) throw new CliError(`--role must be all, api or worker\n${USAGE}`);
    overrides.role = role as ServiceRole;
  }
  return overrides;
}

/**
 * better-sqlite3 without its compiled binding (npm 11 skips a dependency's install script unless the
 * project allows it): a CliError saying how to build it, or undefined for any other error.
 */
export function missingSqliteBinding(error: unknown): CliError | undefined {
  const message = error instanceof Error ? error.message : '';
  if (!/Could not locate the bindings file|better_sqlite3\.node/.test(message)) return undefined;
  return new CliError(
    'better-sqlite3 has no compiled binding (npm did not run its install script). Allow it and build it: ' +
      '`npm approve-scripts better-sqlite3` (or "allowScripts": { "better-sqlite3": true } in package.json), ' +
      'then `npm rebuild better-sqlite3`.',
  );
}

/** A PostgreSQL that cannot be reached at start: a CliError naming it (without its password), else undefined. */
export function unreachableDatabase(error: unknown, config: ServiceConfig): CliError | undefined {
  if (config.databaseUrl === undefined || !isDatabaseUnavailable(error)) return undefined;
  return new CliError(
    `cannot reach the database at DATABASE_URL (${redactedUrl(config.databaseUrl)}): ${(error as Error).message}. ` +
      'Start PostgreSQL or fix DATABASE_URL; leave it unset for the embedded SQLite store.',
  );
}

/** Signals closer together than this are one (a Ctrl-C seen by a wrapper and by the server). */
const SAME_SIGNAL_MS = 1_000;

export const SERVE_ARGS: ArgSpec = { single: ['port', 'host', 'data-dir', 'role'] };

/**
 * Starts the service (settings from the environment: PORT, STYLER_DATA_DIR, STYLER_API_KEY, ...;
 * flags win) and resolves with exit code 0 after a graceful shutdown on SIGINT/SIGTERM. A second
 * signal during shutdown (a second or more after the first) cuts open connections at once.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let config: ServiceConfig;
  let providerConfig;
  try {
    config = loadServiceConfig(process.env, flagOverrides(argv));
    providerConfig = loadProviderConfig(process.env);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError((error as Error).message);
  }
  const service = await startService({ config, providerConfig, stdout: io.stdout }).catch((error: unknown) => {
    throw missingSqliteBinding(error) ?? unreachableDatabase(error, config) ?? error;
  });
  // A long-running server outlives what a dependency forgets to handle (pg-boss 10 leaves the
  // promise of marking a job failed unawaited, and it rejects while the database is down): logged,
  // never fatal. What it concerns is retried (a delivery expires and comes again).
  const logUnhandled = (reason: unknown): void => {
    service.app.log.error({ err: reason }, 'unhandled rejection (the service carries on)');
  };
  process.on('unhandledRejection', logUnhandled);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  service.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const firstAt = Date.now();
  // One Ctrl-C arrives twice under a wrapper (from the terminal, and passed on by the wrapper).
  const forceOnSecondSignal = (): void => {
    if (Date.now() - firstAt >= SAME_SIGNAL_MS) service.app.server.closeAllConnections();
  };
  process.on('SIGINT', forceOnSecondSignal);
  process.on('SIGTERM', forceOnSecondSignal);
  try {
    await service.close();
  } finally {
    process.off('SIGINT', forceOnSecondSignal);
    process.off('SIGTERM', forceOnSecondSignal);
    process.off('unhandledRejection', logUnhandled);
  }
  io.stdout.write('Styler service stopped.\n');
  return EXIT.ok;
}
