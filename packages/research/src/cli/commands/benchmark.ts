/**
 * `styler benchmark RUNS.jsonl --authors DIR --out DIR`: evaluates a personalisation system (or two)
 * row by row on the worker pool, appending to DIR/rows.jsonl (a rerun with --resume skips the rows there),
 * then writes summary.json, summary.csv and report.html. `--shard K/N` takes a deterministic part of
 * the rows; `styler benchmark merge DIR... --out DIR` joins the parts into one summary and report.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { createAnalyticsPool } from '@styler-dev/analytics/pool';
import {
  batchPoolOptions,
  CALLS_PER_THREAD,
  CliError,
  countOf,
  createProgress,
  EXIT,
  parseArgs,
  required,
  single,
  type ArgSpec,
  type CliIO,
  type ParsedArgs,
} from '@styler-dev/cli-kit';
import type { ResearchHost } from '../../host.js';
import { authorFiles, loadAuthors } from '../benchmark/authors.js';
import { resumableRows } from '../benchmark/resume-rows.js';
import { evaluateRow, evaluationContext } from '../benchmark/evaluate.js';
import { inShard, parseInputRow, parseShard, readLines, rowKey } from '../benchmark/rows.js';
import { summarizeRows, writeSummary, type SummaryOptions } from '../benchmark/summary.js';
import { positiveInteger } from '../numbers.js';
import { inputsSha256, optionsSha256 } from '../stylometry/resume.js';
import { FIGURE_FORMATS, type FigureFormats } from '../../report/figure-files.js';
import { requirePlotLibraries } from '../../report/plots.js';

export const BENCHMARK_USAGE =
  'styler benchmark RUNS.jsonl --authors DIR --out DIR [--rouge] [--shard K/N] [--threads N] [--resamples N] [--seed N] [--figures png|svg|none] [--resume]\n' +
  '       styler benchmark merge OUT_DIR... --out DIR [--resamples N] [--seed N] [--figures png|svg|none]';

export const BENCHMARK_HELP = [
  `usage: ${BENCHMARK_USAGE}`,
  '',
  'Evaluates a personalisation system (or several) row by row: how much closer each personalized text is',
  "to its author's style than the unpersonalized one, with bootstrap intervals and Wilcoxon tests.",
  '  RUNS.jsonl                       one row a line: {"id", "author", "unpersonalized", "personalized", "system"}',
  '  --authors DIR                    one folder of documents per author, or <author>.json styler fit models',
  '  --out DIR                        where rows.jsonl, summary.json, summary.csv, report.html and the figures go',
  '  --rouge                          ROUGE of each personalized text against its unpersonalized one too (default off)',
  '  --shard K/N                      only the K-th of N deterministic parts of the rows (default: all rows)',
  '  --threads N                      worker threads of the analytics pool (default: one per CPU)',
  '  --resamples N                    bootstrap resamples of the confidence intervals (default 2000)',
  '  --seed N                         seed of the bootstrap (default 1)',
  '  --figures png|svg|none           each figure beside the report as SVG and PNG (png, the default), as SVG only,',
  '                                   or not at all; report.html shows every figure either way',
  '  --resume                         keep the rows of rows.jsonl when it holds a run of the same inputs and',
  '                                   options (resume.json), evaluating only the others; by default rows.jsonl',
  '                                   starts over',
  '',
  'styler benchmark merge OUT_DIR... --out DIR: joins the rows.jsonl of shard runs into one summary and report',
  '(--resamples, --seed and --figures as above).',
  '',
].join('\n');

export const BENCHMARK_ARGS: ArgSpec = {
  boolean: ['rouge', 'resume'],
  single: ['authors', 'out', 'shard', 'threads', 'resamples', 'seed', 'figures'],
};

const ROWS_FILE = 'rows.jsonl';

function summaryOptions(args: ParsedArgs): SummaryOptions {
  return {
    resamples: positiveInteger(single(args, 'resamples'), 'resamples', 2_000),
    seed: positiveInteger(single(args, 'seed'), 'seed', 1),
    confidence: 0.95,
  };
}

/** --figures: PNG beside each SVG unless told otherwise (corpus, with more figures, defaults to SVG). */
function figureFormats(args: ParsedArgs): FigureFormats {
  const formats = (single(args, 'figures') ?? 'png') as FigureFormats;
  if (!FIGURE_FORMATS.includes(formats)) throw new CliError(`--figures must be one of ${FIGURE_FORMATS.join(', ')}`);
  return formats;
}

async function finish(
  io: CliIO,
  out: string,
  rowsPath: string,
  options: SummaryOptions,
  input: string[],
  formats: FigureFormats,
) {
  const summary = await summarizeRows(rowsPath, options);
  const files = await writeSummary(out, summary, options, input, io.stderr, formats);
  const accuracy = summary.attribution
    .map(
      (a) =>
        `${a.system}: ${countOf(a.rows, 'row')}, attributed ${(100 * a.accuracy_unpersonalized).toFixed(1)} % → ${(100 * a.accuracy_personalized).toFixed(1)} %`,
    )
    .join('; ');
  const figures = files.filter((file) => file.startsWith('figure-')).length;
  const named = files.filter((file) => !file.startsWith('figure-')).join(', ');
  io.stdout.write(
    `${accuracy}. Wrote ${named}${figures > 0 ? ` and ${countOf(figures, 'figure file')}` : ''} to ${out}\n`,
  );
}

async function merge(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, { single: ['out', 'resamples', 'seed', 'figures'] });
  const out = required(args, 'out', `usage: ${BENCHMARK_USAGE}`);
  const formats = figureFormats(args);
  if (args.positionals.length === 0) {
    throw new CliError(`give the --out folders of the runs to merge\nusage: ${BENCHMARK_USAGE}`);
  }
  requirePlotLibraries();
  const paths: string[] = [];
  for (const folder of args.positionals) {
    const path = join(folder, ROWS_FILE);
    try {
      await stat(path);
    } catch {
      throw new CliError(`no ${ROWS_FILE} in ${folder}: give the --out folders of benchmark runs`);
    }
    paths.push(path);
  }
  await mkdir(out, { recursive: true });
  // The merged folder holds every row too, so it reads like a run of its own.
  const merged = join(out, ROWS_FILE);
  const writer = createWriteStream(merged);
  const seen = new Set<string>();
  for (const path of paths) {
    for await (const { line } of readLines(path)) {
      const key = rowKey(JSON.parse(line) as { id: string; system: string });
      if (seen.has(key)) continue;
      seen.add(key);
      if (!writer.write(`${line}\n`)) await once(writer, 'drain');
    }
  }
  writer.end();
  await once(writer, 'finish');
  await finish(io, out, merged, summaryOptions(args), args.positionals, formats);
  return EXIT.ok;
}

async function countLines(path: string): Promise<number> {
  let count = 0;
  for await (const _ of readLines(path)) count += 1;
  return count;
}

async function run(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, BENCHMARK_ARGS);
  const out = required(args, 'out', `usage: ${BENCHMARK_USAGE}`);
  const authorsFolder = required(args, 'authors', `usage: ${BENCHMARK_USAGE}`);
  const [input] = args.positionals;
  if (args.positionals.length !== 1 || input === undefined) {
    throw new CliError(
      `give one RUNS.jsonl file, got ${countOf(args.positionals.length, 'argument')}\nusage: ${BENCHMARK_USAGE}`,
    );
  }
  try {
    await stat(input);
  } catch {
    throw new CliError(`no such file: ${input}`);
  }
  requirePlotLibraries();
  const shard = parseShard(single(args, 'shard'));
  const options = summaryOptions(args);
  const formats = figureFormats(args);
  const threadsText = single(args, 'threads');
  await mkdir(out, { recursive: true });
  const rowsPath = join(out, ROWS_FILE);
  const done = await resumableRows({
    out,
    rowsPath,
    // --resamples, --seed and --figures shape only the summary and report, made again from the rows anyway.
    digests: {
      inputs: await inputsSha256([input, ...(await authorFiles(authorsFolder))]),
      options: optionsSha256(args, {}, ['resamples', 'seed', 'figures', 'authors']),
    },
    resume: args.flags.has('resume'),
    stderr: io.stderr,
  });

  const pool = createAnalyticsPool(
    batchPoolOptions(threadsText === undefined ? undefined : positiveInteger(threadsText, 'threads', 1)),
  );
  let failed = 0;
  try {
    const authors = await loadAuthors(authorsFolder, pool, host);
    const context = evaluationContext(authors, args.flags.has('rouge'));
    const names = new Set(authors.keys());
    const total = await countLines(input);
    const progress = createProgress(io.stderr, total, 'benchmark', { lines: true });
    const writer = createWriteStream(rowsPath, { flags: 'a' });
    // Enough rows in flight to keep every thread busy, few enough to bound memory (three calls a row).
    const window = pool.threads * CALLS_PER_THREAD;
    // Rows are written in input order, whichever thread finishes first: the same input gives the
    // same rows.jsonl, byte for byte, with any number of threads (and a resumed run appends in order).
    const pending: Array<Promise<string | undefined>> = [];
    const writeOldest = async (): Promise<void> => {
      const line = await pending.shift()!;
      if (line !== undefined && !writer.write(line)) await once(writer, 'drain');
    };
    const seen = new Set<string>();
    const fail = (number: number, reason: string): void => {
      failed += 1;
      io.stderr.write(`styler benchmark: ${input}:${number}: ${reason}\n`);
    };
    try {
      for await (const { line, number } of readLines(input)) {
        let row;
        try {
          row = parseInputRow(line, names);
        } catch (error) {
          fail(number, (error as Error).message);
          progress.tick();
          continue;
        }
        const key = rowKey(row);
        if (seen.has(key)) {
          fail(number, `row ${row.id} of system ${row.system} appears twice`);
          progress.tick();
          continue;
        }
        seen.add(key);
        if (done.has(key) || !inShard(row.id, shard)) {
          progress.tick();
          continue;
        }
        pending.push(
          evaluateRow(pool, context, row)
            .then(
              (result) => `${JSON.stringify(result)}\n`,
              (error: unknown) => {
                fail(number, (error as Error).message);
                return undefined;
              },
            )
            .finally(() => progress.tick()),
        );
        if (pending.length >= window) await writeOldest();
      }
      while (pending.length > 0) await writeOldest();
    } finally {
      progress.done();
      writer.end();
      await once(writer, 'finish');
    }
  } finally {
    await pool.close();
  }
  await finish(io, out, rowsPath, options, [input], formats);
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  return argv[0] === 'merge' ? merge(argv.slice(1), io) : run(argv, io, host);
}
