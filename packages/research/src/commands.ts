/**
 * The research subcommands of the styler CLI, by name: each one's full help and its entry point.
 * Both load their command's module only when called, so `styler corpus --help` reads no corpus code
 * and one command does not load another's.
 */
import type { CliIO } from '@styler-dev/cli-kit';
import type { ResearchHost } from './host.js';

/** One research command: its full help and its run, each loading the command's module when called. */
export interface ResearchCommand {
  /** `styler NAME --help`: what the command does and every flag its parser accepts. */
  help(): Promise<string>;
  /** Runs the command on its arguments (the name left out); the exit code. A usage error throws CliError. */
  run(argv: string[], io: CliIO, host: ResearchHost): Promise<number>;
}

/** The research commands by name (`styler NAME`), as the styler CLI looks them up. */
export const RESEARCH_COMMANDS: Readonly<Record<string, ResearchCommand>> = Object.freeze({
  corpus: {
    help: async () => (await import('./cli/commands/corpus-help.js')).CORPUS_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/corpus.js')).main(argv, io, host),
  },
  oppose: {
    help: async () => (await import('./cli/commands/oppose.js')).OPPOSE_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/oppose.js')).main(argv, io, host),
  },
  imposters: {
    help: async () => (await import('./cli/commands/imposters.js')).IMPOSTERS_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/imposters.js')).main(argv, io, host),
  },
  verify: {
    help: async () => (await import('./cli/commands/verify.js')).VERIFY_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/verify.js')).main(argv, io, host),
  },
  rolling: {
    help: async () => (await import('./cli/commands/rolling.js')).ROLLING_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/rolling.js')).main(argv, io, host),
  },
  benchmark: {
    help: async () => (await import('./cli/commands/benchmark.js')).BENCHMARK_HELP,
    run: async (argv, io, host) => (await import('./cli/commands/benchmark.js')).main(argv, io, host),
  },
});
