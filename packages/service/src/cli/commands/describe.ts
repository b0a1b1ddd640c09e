/** `styler describe model.json`: the readable summary of a style model (as GET /v1/models/{model} shows it). */
import { describeStyle } from '@styler/engine';
import { COMMAND_USAGE } from '../command-help.js';
import { CliError, EXIT, type CliIO } from '@styler/cli-kit';
import { readModelFile } from './model-file.js';

export async function main(argv: string[], io: CliIO): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('--')) throw new CliError(`usage: ${COMMAND_USAGE.describe}`);
  io.stdout.write(`${JSON.stringify(describeStyle(await readModelFile(argv[0]!)), null, 2)}\n`);
  return EXIT.ok;
}
