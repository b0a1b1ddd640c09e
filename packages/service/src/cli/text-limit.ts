/**
 * `--max-chars`: the most characters one input file may hold, for the commands that hold a whole
 * document in a worker's memory at once (fit, restyle, quality). Checked as each file is read,
 * before the work starts, so a file too large ends the command with a message instead of a worker
 * out of memory.
 */
import { CliError, single, type ParsedArgs } from '@styler-dev/cli-kit';

/** Default --max-chars of each command, with the memory it keeps a file within (measured: docs/BENCHMARKS.md). */
export const MAX_CHARS_DEFAULTS = Object.freeze({
  /** Five times the service's per-request limit; restyling holds a document's sentences and their edits. */
  restyle: 500_000,
  /** Each of the two texts and of the author's documents: a novel fits. */
  quality: 1_000_000,
  /** As large as the service's largest upload (10 MiB); fitting 10 million characters peaks near 1.4 GB. */
  fit: 10_000_000,
});

/** The value of --max-chars, or `defaultMaxChars`; a CliError unless a positive integer. */
export function maxCharsOf(args: ParsedArgs, defaultMaxChars: number): number {
  const text = single(args, 'max-chars');
  if (text === undefined) return defaultMaxChars;
  const maxChars = Number(text);
  if (!Number.isInteger(maxChars) || maxChars < 1) throw new CliError('--max-chars must be a positive integer');
  return maxChars;
}

/** A CliError naming the file, its size, the limit and the flag that raises it, when `text` is over `maxChars`. */
export function checkTextSize(path: string, text: string, maxChars: number): void {
  if (text.length <= maxChars) return;
  throw new CliError(
    `${path} holds ${text.length} characters, over the limit of ${maxChars}: split it, or raise the limit with --max-chars`,
  );
}
