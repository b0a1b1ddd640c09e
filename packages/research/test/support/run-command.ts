/**
 * `styler NAME ARGS` of a research command as the styler CLI runs it (service/src/cli/main.ts):
 * `--help` prints the command's help; a CliError becomes its exit code and one line on stderr. The
 * documents are read as text (textHost).
 */
import { CliError } from '@styler-dev/cli-kit';
import { memoryIo } from '../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../src/index.js';
import { textHost } from './text-host.js';

export async function runCommand(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const [name = '', ...rest] = argv;
  const command = RESEARCH_COMMANDS[name];
  if (command === undefined) throw new Error(`no research command '${name}'`);
  const memory = memoryIo();
  let code: number;
  if (rest.includes('--help')) {
    memory.io.stdout.write(await command.help());
    code = 0;
  } else {
    try {
      code = await command.run(rest, memory.io, textHost);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      memory.io.stderr.write(`styler ${name}: ${error.message}\n`);
      code = error.exitCode;
    }
  }
  return { code, out: memory.out(), err: memory.err() };
}
