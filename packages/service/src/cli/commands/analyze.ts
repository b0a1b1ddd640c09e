import { addCounts, emptyCounts, featureProfile, PROFILE_COLUMNS } from '@styler-dev/analytics/metrics';
import { createAnalyticsPool } from '@styler-dev/analytics/pool';
import {
  batchPoolOptions,
  CALLS_PER_THREAD,
  CliError,
  createProgress,
  csvCell,
  EXIT,
  expandPaths,
  mapBounded,
  parseArgs,
  single,
  type ArgSpec,
  type CliIO,
} from '@styler-dev/cli-kit';
import { readDocument } from '../documents.js';
import { COMMAND_USAGE } from '../command-help.js';
import { textSections } from '../sections.js';

export const ANALYZE_ARGS: ArgSpec = { single: ['format', 'threads'] };

/**
 * The most characters a worker analyses at once: a document is analysed section by section and
 * the counts summed, so a worker's memory stays the same whatever the document's size.
 */
export const SECTION_CHARS = 200_000;

/**
 * `styler analyze`: one row of feature values per document (files, or folders of .txt/.md files),
 * computed on the worker pool, as CSV or JSON Lines-free JSON array.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ANALYZE_ARGS);
  const format = single(args, 'format') ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new CliError(`--format must be json or csv, got ${format}`);
  const threadsText = single(args, 'threads');
  const threads = threadsText === undefined ? undefined : Number(threadsText);
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1))
    throw new CliError('--threads must be a positive integer');
  if (args.positionals.length === 0) throw new CliError(`usage: ${COMMAND_USAGE.analyze}`);

  const files = await expandPaths(args.positionals);
  const pool = createAnalyticsPool(batchPoolOptions(threads));
  const progress = createProgress(io.stderr, files.length, 'analyzing');
  try {
    const rows = await mapBounded(files, pool.threads * CALLS_PER_THREAD, async (path) => {
      const { text } = await readDocument(path);
      const counts = emptyCounts();
      for (const section of textSections(text, SECTION_CHARS)) addCounts(counts, await pool.analyzeText(section));
      progress.tick();
      return { document: path, ...featureProfile(counts) };
    });
    progress.done();
    if (format === 'json') {
      io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    } else {
      const columns = ['document', ...PROFILE_COLUMNS];
      io.stdout.write(`${columns.join(',')}\n`);
      for (const row of rows) {
        io.stdout.write(
          `${columns.map((c) => csvCell((row as Record<string, string | number>)[c] ?? '')).join(',')}\n`,
        );
      }
    }
    return EXIT.ok;
  } finally {
    await pool.close();
  }
}
