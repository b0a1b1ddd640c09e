/**
 * `--resume` of a research run: summary.json records a digest of the inputs (every file's path, size
 * and SHA-256) and of the options, and per finished phase the SHA-256 of each file it wrote. A rerun
 * with --resume on the same inputs and options skips the phases, in order, whose record matches and
 * whose files are still on disk unchanged; from the first that does not match, every phase runs
 * again. Files are renamed into place only when whole, so a run killed mid-write leaves no half file
 * that a record could vouch for (and a changed file fails its digest anyway).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mapBounded, type ParsedArgs } from '@styler-dev/cli-kit';

/** One finished phase: its name and its files' SHA-256 (hex), by file name. */
export interface PhaseRecord {
  phase: string;
  files: Record<string, string>;
}

/** What a run records to be resumed: its inputs' and options' digests, and its finished phases. */
export interface ResumeRecord {
  inputs_sha256: string;
  options_sha256: string;
  phases: PhaseRecord[];
}

/** Options that change how a run goes, not what it writes: left out of the options' digest. */
const RUN_ONLY_FLAGS = new Set(['resume', 'threads', 'out']);

/** Files hashed at once. */
const HASHING = 8;

/**
 * Files up to this size are hashed from one read of the whole file; larger ones streamed, so memory
 * stays bounded. A stream per file costs a small corpus's run more than hashing its texts.
 */
const WHOLE_FILE_BYTES = 8 * 1024 * 1024;

/** SHA-256 (hex) of a file's bytes; `size`, when known, is the file's size by stat. */
export async function fileSha256(path: string, size?: number): Promise<string> {
  const hash = createHash('sha256');
  if ((size ?? (await stat(path)).size) <= WHOLE_FILE_BYTES) return hash.update(await readFile(path)).digest('hex');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The digest of the inputs: each file's path (as given), size and SHA-256, in the order given. */
export async function inputsSha256(paths: readonly string[]): Promise<string> {
  const lines = await mapBounded(paths, HASHING, async (path) => {
    try {
      const { size } = await stat(path);
      return `${path}\t${size}\t${await fileSha256(path, size)}\n`;
    } catch {
      // An unreadable file is left out of the run; its absence is part of what the run saw.
      return `${path}\tunreadable\n`;
    }
  });
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/**
 * The digest of the options: the positionals and every flag but those that only steer the run (and
 * `ignored` ones), with `extra` facts of the command's own.
 */
export function optionsSha256(
  args: ParsedArgs,
  extra: Record<string, unknown> = {},
  ignored: readonly string[] = [],
): string {
  const flags = [...args.flags]
    .filter(([name]) => !RUN_ONLY_FLAGS.has(name) && !ignored.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify({ positionals: args.positionals, flags, ...extra }))
    .digest('hex');
}

/** The SHA-256 of each of `files` in `out`. */
export async function phaseFiles(out: string, files: readonly string[]): Promise<Record<string, string>> {
  const digests = await mapBounded(files, HASHING, (file) => fileSha256(join(out, file)));
  return Object.fromEntries(files.map((file, i) => [file, digests[i]!]));
}

/**
 * Which phases a resumed run skips: those of the previous run's record, in order, for as long as
 * each one asked for is the next recorded one and its files are unchanged.
 */
export class ResumePlan {
  readonly #out: string;
  readonly #previous: PhaseRecord[];
  /** The previous summary.json, for the entries of skipped phases. */
  readonly summary: Record<string, unknown>;
  #next = 0;
  #broken: boolean;

  private constructor(out: string, previous: PhaseRecord[], summary: Record<string, unknown>) {
    this.#out = out;
    this.#previous = previous;
    this.summary = summary;
    this.#broken = previous.length === 0;
  }

  /** A plan that skips nothing (no --resume). */
  static none(): ResumePlan {
    return new ResumePlan('', [], {});
  }

  /**
   * The plan of resuming into `out`: nothing skipped when there is no readable summary.json there, or
   * its inputs or options differ (`why` is told which).
   */
  static async open(
    out: string,
    digests: { inputs: string; options: string },
    why: (reason: string) => void,
  ): Promise<ResumePlan> {
    let summary: Record<string, unknown>;
    try {
      summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      why(`--resume: no summary.json in ${out} to resume from; running every phase`);
      return ResumePlan.none();
    }
    const record = summary.resume as Partial<ResumeRecord> | undefined;
    if (record === undefined) {
      why(`--resume: the summary.json in ${out} has no record to resume from; running every phase`);
      return ResumePlan.none();
    }
    if (record.inputs_sha256 !== digests.inputs) {
      why('--resume: the input files differ from the run in summary.json; running every phase');
      return ResumePlan.none();
    }
    if (record.options_sha256 !== digests.options) {
      why('--resume: the options differ from the run in summary.json; running every phase');
      return ResumePlan.none();
    }
    return new ResumePlan(out, record.phases ?? [], summary);
  }

  /**
   * Whether `phase` can be skipped: it is the next phase recorded and every file it wrote is there
   * with the same SHA-256. Asked in the run's phase order; once one cannot, none after it can.
   */
  async skips(phase: string): Promise<boolean> {
    if (this.#broken) return false;
    const record = this.#previous[this.#next];
    if (record?.phase !== phase || !(await this.#unchanged(record))) {
      this.#broken = true;
      return false;
    }
    this.#next += 1;
    return true;
  }

  async #unchanged(record: PhaseRecord): Promise<boolean> {
    try {
      const now = await phaseFiles(this.#out, Object.keys(record.files));
      return Object.entries(record.files).every(([file, digest]) => now[file] === digest);
    } catch {
      return false;
    }
  }
}
