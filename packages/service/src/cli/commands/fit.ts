/**
 * `styler fit PATH... --out model.json`: a style model from sample documents, as a fine-tuning job
 * makes it (each file's documents split at lines holding only ***), fitted on the worker pool.
 */
import { writeFile } from 'node:fs/promises';
import { createStylePool } from '@styler-dev/engine';
import { CliError, countOf, EXIT, parseArgs, required, type ArgSpec, type CliIO } from '@styler-dev/cli-kit';
import { readDocuments } from '../documents.js';
import { COMMAND_USAGE } from '../command-help.js';
import { checkTextSize, MAX_CHARS_DEFAULTS, maxCharsOf } from '../text-limit.js';
import { NO_DOCUMENTS, trainingDocuments } from '../../jobs/training-documents.js';

export const FIT_ARGS: ArgSpec = { single: ['out', 'max-chars'], boolean: ['shorten'] };

export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, FIT_ARGS);
  const out = required(args, 'out', `usage: ${COMMAND_USAGE.fit}`);
  if (args.positionals.length === 0)
    throw new CliError(`give the sample files or folders\nusage: ${COMMAND_USAGE.fit}`);
  const maxChars = maxCharsOf(args, MAX_CHARS_DEFAULTS.fit);
  const files = await readDocuments(args.positionals);
  for (const file of files) checkTextSize(file.path, file.text, maxChars);
  const documents = trainingDocuments(files.map((file) => file.text));
  if (documents.length === 0) throw new CliError(NO_DOCUMENTS);
  const pool = createStylePool({ threads: 1 });
  try {
    // --shorten: the model may shorten texts (matchOutputLength false), as a job's match_output_length.
    const model = await pool.fitStyle(documents, { matchOutputLength: !args.flags.has('shorten') });
    await writeFile(out, `${JSON.stringify(model)}\n`);
  } finally {
    await pool.close();
  }
  io.stdout.write(
    `Fitted a style model on ${countOf(documents.length, 'document')} from ${countOf(files.length, 'file')}: ${out}\n`,
  );
  return EXIT.ok;
}
