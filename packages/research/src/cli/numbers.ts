/** Numeric command-line options. */
import { CliError } from '@styler-dev/cli-kit';

/** `text` as a positive integer, `fallback` when absent; a CliError naming `--name` otherwise. */
export function positiveInteger(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new CliError(`--${name} must be a positive integer`);
  return value;
}
