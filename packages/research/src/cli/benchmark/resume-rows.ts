/**
 * `styler benchmark --resume`: rows.jsonl is kept, and its rows skipped, only when the run it holds
 * had the same inputs (RUNS.jsonl and every author file: path, size, SHA-256) and the same options
 * (--shard, --rouge), as recorded in resume.json beside it; otherwise, and without --resume, the run
 * starts rows.jsonl over. The summary, report and figures are always made again from the rows (they
 * depend on --resamples and --seed, and cost little beside the rows).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { countOf, writeFileAtomic } from '@styler-dev/cli-kit';
import { completedRows } from './rows.js';

/** Where a benchmark run records the digests of its inputs and options. */
export const RESUME_FILE = 'resume.json';

export interface RowsResume {
  out: string;
  rowsPath: string;
  digests: { inputs: string; options: string };
  resume: boolean;
  stderr: { write(text: string): unknown };
}

async function recorded(out: string): Promise<{ inputs_sha256?: string; options_sha256?: string } | undefined> {
  try {
    return JSON.parse(await readFile(join(out, RESUME_FILE), 'utf8')) as { inputs_sha256?: string };
  } catch {
    return undefined;
  }
}

/** The keys of the rows this run skips (none unless resuming the same run), rows.jsonl made ready to append. */
export async function resumableRows(plan: RowsResume): Promise<Set<string>> {
  const { out, rowsPath, digests, stderr } = plan;
  let keep = false;
  if (plan.resume) {
    const previous = await recorded(out);
    if (previous === undefined) stderr.write(`--resume: no ${RESUME_FILE} in ${out}; every row is evaluated\n`);
    else if (previous.inputs_sha256 !== digests.inputs)
      stderr.write('--resume: the input files differ from the run in rows.jsonl; every row is evaluated again\n');
    else if (previous.options_sha256 !== digests.options)
      stderr.write('--resume: the options differ from the run in rows.jsonl; every row is evaluated again\n');
    else keep = true;
  }
  if (!keep) await rm(rowsPath, { force: true });
  await writeFileAtomic(
    join(out, RESUME_FILE),
    `${JSON.stringify({ inputs_sha256: digests.inputs, options_sha256: digests.options }, null, 2)}\n`,
  );
  const done = await completedRows(rowsPath);
  if (keep) stderr.write(`--resume: ${countOf(done.size, 'row')} already in rows.jsonl, skipped\n`);
  return done;
}
