import { COMMAND_HELP } from './command-help.js';
import { CliError, EXIT, type CliIO } from './io.js';

type Command = (argv: string[], io: CliIO) => Promise<number>;

const HELP = `styler: learn a writing style, measure it, restyle text toward it.

Commands:
  styler quality --personalized FILE --unpersonalized FILE --ground-truth PATH... [--rouge]
  styler analyze PATH... [--format json|csv] [--threads N]
  styler rouge --jsonl              JSON Lines {"id","target","prediction","use_stemmer"} on stdin
  styler classify --jsonl           JSON Lines {"id","text"} on stdin (each text one sentence)
  styler fit PATH... --out model.json [--shorten]      a style model from sample documents (as a job makes it)
  styler restyle --model model.json PATH... --out DIR  the embedded engine over files, one output per input
  styler describe model.json        the readable summary of a style model
  styler corpus AUTHOR_DIR... [--unknown DIR] --out DIR [--mfw N] [--culling PERCENT] [--distance D] [--classify C] [--cv K] ...
                                    stylometry of a corpus (one folder per author): Delta, attribution, PCA, clusters
  styler oppose PRIMARY_DIR SECONDARY_DIR --out DIR [--test DIR] [--slice N]
                                    Craig's Zeta: words one group prefers and avoids against another
  styler imposters AUTHOR_DIR... --unknown PATH --out DIR [--candidate NAME...]
                                    authorship verification by the imposters method
  styler rolling TEXT AUTHOR_DIR... --out DIR [--window N] [--step N]
                                    rolling Delta: where a long text reads like which author
  styler benchmark RUNS.jsonl --authors DIR --out DIR [--rouge] [--shard K/N]
                                    evaluate a personalisation system: per-row metrics, CIs, tests, report
  styler benchmark merge OUT_DIR... --out DIR   join the shards of a benchmark run
                                    (the research commands draw their report.html plots with vega and
                                    vega-lite, optional: npm install vega vega-lite)
  styler serve [--role all|api|worker]  start the HTTP service (PORT, STYLER_DATA_DIR, DATABASE_URL, ...)
  styler keys create --org ORG --project PROJECT | keys list | keys revoke KEY_ID

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
  corpus: async () => (await import('./commands/corpus.js')).main,
  oppose: async () => (await import('./commands/oppose.js')).main,
  imposters: async () => (await import('./commands/imposters.js')).main,
  rolling: async () => (await import('./commands/rolling.js')).main,
  benchmark: async () => (await import('./commands/benchmark.js')).main,
  fit: async () => (await import('./commands/fit.js')).main,
  restyle: async () => (await import('./commands/restyle.js')).main,
  describe: async () => (await import('./commands/describe.js')).main,
  serve: async () => (await import('./commands/serve.js')).main,
  keys: async () => (await import('./commands/keys.js')).main,
};

/** Each command's full help (`styler COMMAND --help`); the research commands' loaded as lazily as the command. */
const HELPS: Record<string, () => Promise<string>> = {
  corpus: async () => (await import('./commands/corpus-help.js')).CORPUS_HELP,
  benchmark: async () => `usage: ${(await import('./commands/benchmark.js')).BENCHMARK_USAGE}\n`,
  oppose: async () => (await import('./commands/oppose.js')).OPPOSE_HELP,
  imposters: async () => (await import('./commands/imposters.js')).IMPOSTERS_HELP,
  rolling: async () => (await import('./commands/rolling.js')).ROLLING_HELP,
  ...Object.fromEntries(Object.entries(COMMAND_HELP).map(([name, text]) => [name, () => Promise.resolve(text)])),
};

/** Runs one CLI command; returns the process exit code. Never throws. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    io.stderr.write(`styler: unknown command '${name}'\n\n${HELP}`);
    return EXIT.usage;
  }
  try {
    const help = HELPS[name];
    if (help !== undefined && (rest.includes('--help') || rest.includes('-h'))) {
      io.stdout.write(await help());
      return EXIT.ok;
    }
    return await (
      await load()
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
