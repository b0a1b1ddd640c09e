/**
 * `styler NAME ARGS` of a research command as the styler CLI runs it (service/src/cli/main.ts):
 * `--help` prints the command's help; an error becomes one line on stderr and the exit code, a
 * CliError's own or 1. The documents are read as text (textHost).
 */
import { CliError, EXIT, type CliIO } from '@styler-dev/cli-kit';
import { memoryIo } from '../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../src/index.js';
import { textHost } from './text-host.js';

/** Runs `argv` (the command's name first) with `io`; its exit code. */
export async function runCommandWith(argv: readonly string[], io: CliIO): Promise<number> {
  const [name = '', ...rest] = argv;
  const command = RESEARCH_COMMANDS[name];
  if (command === undefined) throw new Error(`no research command '${name}'`);
  if (rest.includes('--help')) {
    io.stdout.write(await command.help());
    return 0;
  }
  try {
    return await command.run(rest, io, textHost);
  } catch (error) {
    io.stderr.write(`styler ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof CliError ? error.exitCode : EXIT.failed;
  }
}

/** Runs `argv` (the command's name first) with its output held in memory. */
export async function runCommand(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const memory = memoryIo();
  const code = await runCommandWith(argv, memory.io);
  return { code, out: memory.out(), err: memory.err() };
}
