/** `styler keys create|list|revoke`: manage API keys in the service's database (DATABASE_URL or STYLER_DATA_DIR). */
import { SERVICE_DEFAULTS, SERVICE_ENV_VARS } from '../../config.js';
import { openStore, type ApiKeyInfo } from '../../store/index.js';
import { CliError, EXIT, parseArgs, single, type ArgSpec, type CliIO } from '@styler-dev/cli-kit';
import { COMMAND_USAGE } from '../command-help.js';

const USAGE = `usage:${COMMAND_USAGE.keys}`;

function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function formatKeys(keys: ApiKeyInfo[]): string {
  const rows = [
    ['ID', 'ORGANIZATION', 'PROJECT', 'KEY', 'CREATED', 'STATUS'],
    ...keys.map((key) => [
      key.id,
      key.organizationName,
      key.projectName,
      `${key.prefix}...`,
      isoDate(key.createdAt),
      key.revokedAt === null ? 'active' : `revoked ${isoDate(key.revokedAt)}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

export const KEYS_ARGS: ArgSpec = { single: ['org', 'project', 'data-dir'] };

/** Runs a keys subcommand against DATABASE_URL (PostgreSQL) or the SQLite database in --data-dir, STYLER_DATA_DIR or ./data. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, KEYS_ARGS);
  const dataDir =
    single(args, 'data-dir') ?? (process.env[SERVICE_ENV_VARS.dataDir]?.trim() || SERVICE_DEFAULTS.dataDir);
  if (action !== 'create' && action !== 'list' && action !== 'revoke') throw new CliError(USAGE);

  const databaseUrl = process.env[SERVICE_ENV_VARS.databaseUrl]?.trim();
  const store = await openStore({ databaseUrl, dataDir });
  try {
    if (action === 'create') {
      const organization = single(args, 'org');
      const project = single(args, 'project');
      if (!organization || !project || args.positionals.length > 0) throw new CliError(USAGE);
      const { key, info } = await store.tenancy.createKey({ organization, project });
      io.stdout.write(
        `Created key ${info.id} for organization '${info.organizationName}' (${info.organizationId}), ` +
          `project '${info.projectName}'. It is shown only this once:\n\n  ${key}\n\n`,
      );
      return EXIT.ok;
    }
    if (action === 'list') {
      if (args.positionals.length > 0 || args.flags.has('org') || args.flags.has('project')) throw new CliError(USAGE);
      const keys = await store.tenancy.listKeys();
      io.stdout.write(keys.length === 0 ? 'No keys yet: the service creates one on first start.\n' : formatKeys(keys));
      return EXIT.ok;
    }
    const [id, ...extra] = args.positionals;
    if (!id || extra.length > 0 || args.flags.has('org') || args.flags.has('project')) throw new CliError(USAGE);
    if (!(await store.tenancy.revokeKey(id)))
      throw new CliError(`no active key with id '${id}': styler keys list shows the ids`);
    io.stdout.write(`Revoked key ${id}.\n`);
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
