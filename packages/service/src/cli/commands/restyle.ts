/**
 * `styler restyle --model model.json PATH... --out DIR`: the embedded engine over files or folders
 * (rewrite mode, on the worker pool, with progress), one output file per input under the same name,
 * so the engine can enter `styler benchmark` as a baseline system. A .docx comes out as a .docx.
 */
import { mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { createStylePool } from '@styler-dev/engine';
import {
  batchPoolOptions,
  CALLS_PER_THREAD,
  CliError,
  countOf,
  createProgress,
  EXIT,
  expandPaths,
  mapBounded,
  parseArgs,
  required,
  single,
  type ArgSpec,
  type CliIO,
} from '@styler-dev/cli-kit';
import { readDocument } from '../documents.js';
import { COMMAND_USAGE } from '../command-help.js';
import { markdownToDocx } from '../docx/write.js';
import { checkTextSize, MAX_CHARS_DEFAULTS, maxCharsOf } from '../text-limit.js';
import { readModelFile } from './model-file.js';

export const RESTYLE_ARGS: ArgSpec = { single: ['model', 'out', 'threads', 'max-chars'], boolean: ['force'] };

/** The real path of `path`, or undefined where nothing is there. */
async function existing(path: string): Promise<string | undefined> {
  return realpath(path).catch(() => undefined);
}

/**
 * Refuses outputs that would replace a file already there without --force, an input above all
 * (`--out` naming the inputs' own folder), before any work starts.
 */
async function checkOutputs(files: readonly string[], outputs: readonly string[], force: boolean): Promise<void> {
  if (force) return;
  const inputs = new Set(await Promise.all(files.map((file) => existing(file))));
  for (const output of outputs) {
    const found = await existing(output);
    if (found === undefined) continue;
    if (inputs.has(found)) {
      throw new CliError(`${output} is an input: choose another --out (or pass --force to overwrite the input)`);
    }
    throw new CliError(`${output} exists: choose another --out, or pass --force to overwrite it`);
  }
}

/**
 * Refuses, before any file is restyled, a text file over `maxChars`: one whose size in bytes is
 * within the limit holds no more characters than that (each takes at least one byte), so only the
 * larger ones are read here. A .docx, whose text its size does not bound, is checked as it is read.
 */
async function checkTextFileSizes(files: readonly string[], maxChars: number): Promise<void> {
  for (const file of files) {
    if (extname(file).toLowerCase() === '.docx' || (await stat(file)).size <= maxChars) continue;
    checkTextSize(file, (await readDocument(file)).text, maxChars);
  }
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, RESTYLE_ARGS);
  const usage = `usage: ${COMMAND_USAGE.restyle}`;
  const modelPath = required(args, 'model', usage);
  const out = required(args, 'out', usage);
  if (args.positionals.length === 0) throw new CliError(`no files or folders to restyle\n${usage}`);
  const maxChars = maxCharsOf(args, MAX_CHARS_DEFAULTS.restyle);
  const threadsText = single(args, 'threads');
  const threads = threadsText === undefined ? undefined : Number(threadsText);
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
    throw new CliError('--threads must be a positive integer');
  }
  const model = await readModelFile(modelPath);
  const files = await expandPaths(args.positionals);
  const names = files.map((file) => basename(file));
  const clash = names.find((name, i) => names.indexOf(name) !== i);
  if (clash !== undefined) throw new CliError(`two inputs are named ${clash}: outputs keep the input's file name`);
  const outputs = names.map((name) => join(out, name));
  await checkOutputs(files, outputs, args.flags.has('force'));
  await checkTextFileSizes(files, maxChars);
  await mkdir(out, { recursive: true });
  const pool = createStylePool(batchPoolOptions(threads));
  const progress = createProgress(io.stderr, files.length, 'restyling');
  try {
    await mapBounded(files, pool.threads * CALLS_PER_THREAD, async (path, i) => {
      // A .docx is read as Markdown (headings, lists, bold, italic), which the engine keeps, and written back as one.
      const docx = extname(path).toLowerCase() === '.docx';
      const { text } = await readDocument(path, { markdown: docx });
      if (text.trim() === '') throw new CliError(`${path} is empty: there is nothing to restyle`);
      checkTextSize(path, text, maxChars);
      const restyled = await pool.restyle(text, model);
      await writeFile(outputs[i]!, docx ? await markdownToDocx(restyled) : restyled);
      progress.tick();
    });
  } finally {
    progress.done();
    await pool.close();
  }
  io.stdout.write(`Restyled ${countOf(files.length, 'file')} into ${out}\n`);
  return EXIT.ok;
}
