/**
 * `styler describe model.json [--json]`: a style model's readable card (the habits the web console
 * shows), or with --json the summary GET /v1/models/{model} returns.
 */
import { describeStyle } from '@styler-dev/engine';
import { COMMAND_USAGE } from '../command-help.js';
import { CliError, EXIT, parseArgs, type ArgSpec, type CliIO } from '@styler-dev/cli-kit';
import { styleCardText } from '../style-card-text.js';
import { readModelFile } from './model-file.js';

export const DESCRIBE_ARGS: ArgSpec = { boolean: ['json'] };

export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, DESCRIBE_ARGS);
  if (args.positionals.length !== 1) throw new CliError(`usage: ${COMMAND_USAGE.describe}`);
  const summary = describeStyle(await readModelFile(args.positionals[0]!));
  io.stdout.write(args.flags.has('json') ? `${JSON.stringify(summary, null, 2)}\n` : styleCardText(summary));
  return EXIT.ok;
}
