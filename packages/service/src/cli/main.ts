import { CliError, EXIT, type CliIO } from '@styler-dev/cli-kit';
import { COMMAND_HELP } from './command-help.js';
import {
  importResearch,
  RESEARCH_COMMAND_NAMES,
  researchCommand,
  researchHost,
  type ImportResearch,
} from './research.js';

type Command = (argv: string[], io: CliIO) => Promise<number>;

const HELP = `styler: learn a writing style, measure it, restyle text toward it.

Commands:
  styler quality --personalized FILE --unpersonalized FILE --ground-truth PATH... [--rouge]
  styler analyze PATH... [--format json|csv] [--threads N]
  styler rouge --jsonl              JSON Lines {"id","target","prediction","use_stemmer"} on stdin
  styler classify --jsonl           JSON Lines {"id","text"} on stdin (each text one sentence)
  styler fit PATH... --out model.json [--shorten]      a style model from sample documents (as a job makes it)
  styler restyle --model model.json PATH... --out DIR  the embedded engine over files, one output per input
  styler describe model.json [--json]  the readable card of a style model (--json: its summary as JSON)
  styler serve [--role all|api|worker]  start the HTTP service (PORT, STYLER_DATA_DIR, DATABASE_URL, ...)
  styler keys create --org ORG --project PROJECT | keys list | keys revoke KEY_ID

Research commands, from the optional package @styler-dev/research (packed from a clone: npm pack -w packages/research):
  styler corpus AUTHOR_DIR... [--unknown DIR] --out DIR [--mfw N] [--culling PERCENT] [--distance D] [--classify C] [--cv K] ...
                                    stylometry of a corpus (one folder per author): Delta, attribution, PCA, clusters
  styler oppose PRIMARY_DIR SECONDARY_DIR --out DIR [--test DIR] [--slice N]
                                    Craig's Zeta: words one group prefers and avoids against another
  styler imposters AUTHOR_DIR... --unknown PATH --out DIR [--candidate NAME...]
                                    authorship verification by the imposters method
  styler verify PROBLEMS --out DIR [--imposters DIR...]
                                    verification problems (PAN folders or JSONL): imposters and calibrated
                                    Delta, PAN's metrics (AUC, c@1, F0.5u, Brier), reliability diagram
  styler rolling TEXT AUTHOR_DIR... --out DIR [--window N] [--step N]
                                    rolling Delta: where a long text reads like which author
  styler benchmark RUNS.jsonl --authors DIR --out DIR [--rouge] [--shard K/N]
                                    evaluate a personalisation system: per-row metrics, CIs, tests, report
  styler benchmark merge OUT_DIR... --out DIR   join the shards of a benchmark run
                                    (the research commands draw their report.html plots with vega and
                                    vega-lite, optional: npm install vega vega-lite)

styler COMMAND --help lists every flag of a command.
`;

function requireJsonl(argv: string[], name: string): void {
  if (argv.length !== 1 || argv[0] !== '--jsonl') throw new CliError(`usage: styler ${name} --jsonl`);
}

// Commands load lazily so `styler rouge` does not pay for the HTTP stack or the tagger.
const COMMANDS: Record<string, () => Promise<Command>> = {
  quality: async () => (await import('./commands/quality.js')).main,
  analyze: async () => (await import('./commands/analyze.js')).main,
  rouge: async () => {
    const { runRougeJsonl } = await import('./commands/rouge.js');
    return async (argv, io) => {
      requireJsonl(argv, 'rouge');
      return runRougeJsonl(io.stdin, io.stdout, io.stderr);
    };
  },
  classify: async () => {
    const { runClassifyJsonl } = await import('./commands/classify.js');
    return async (argv, io) => {
      requireJsonl(argv, 'classify');
      return runClassifyJsonl(io.stdin, io.stdout, io.stderr);
    };
  },
  fit: async () => (await import('./commands/fit.js')).main,
  restyle: async () => (await import('./commands/restyle.js')).main,
  describe: async () => (await import('./commands/describe.js')).main,
  serve: async () => (await import('./commands/serve.js')).main,
  keys: async () => (await import('./commands/keys.js')).main,
};

/** How main() reaches what it does not import statically. */
export interface MainOptions {
  /** How @styler-dev/research is loaded; tests pass one that fails as a missing package does. */
  importResearch?: ImportResearch;
}

function wantsHelp(argv: string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** `styler NAME ...` of a research command: its help or its run, from @styler-dev/research. */
async function runResearch(name: string, argv: string[], io: CliIO, options: MainOptions): Promise<number> {
  const command = await researchCommand(name, options.importResearch ?? importResearch);
  if (wantsHelp(argv)) {
    io.stdout.write(await command.help());
    return EXIT.ok;
  }
  return command.run(argv, io, await researchHost());
}

/** Runs one CLI command; returns the process exit code. Never throws. */
export async function main(argv: string[], io: CliIO, options: MainOptions = {}): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const load = COMMANDS[name];
  const research = RESEARCH_COMMAND_NAMES.includes(name);
  if (load === undefined && !research) {
    io.stderr.write(`styler: unknown command '${name}'\n\n${HELP}`);
    return EXIT.usage;
  }
  try {
    if (research) return await runResearch(name, rest, io, options);
    const help = COMMAND_HELP[name];
    if (help !== undefined && wantsHelp(rest)) {
      io.stdout.write(help);
      return EXIT.ok;
    }
    return await (
      await load!()
    )(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`styler ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`styler ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}
