/**
 * summary.json of a research run, written again as each phase ends (streamed, and renamed into place
 * only when whole): a run cut short keeps, in its summary, everything its finished phases found,
 * with `phases.done` saying which and `phases.complete` false. With the run's digests it also keeps
 * what `--resume` needs (resume.ts): each finished phase's files and their SHA-256.
 */
import { dirname } from 'node:path';
import { writeJsonFile } from '../json-file.js';
import { phaseFiles, ResumePlan, type PhaseRecord } from './resume.js';

/** What makes a run resumable: the digests of its inputs and options, and the plan of this run. */
export interface Resumable {
  inputs: string;
  options: string;
  plan: ResumePlan;
  /** Where a skipped phase is told. */
  stderr: { write(text: string): unknown };
  /**
   * Phases that run again on every resume: their files are recorded without digests (a report's
   * figures number their gradients per process, so its bytes differ within one process).
   */
  alwaysRun?: readonly string[];
}

export class RunSummary {
  readonly #path: string;
  readonly #content: Record<string, unknown>;
  readonly #done: string[] = [];
  readonly #files = new Set<string>();
  readonly #records: PhaseRecord[] = [];
  readonly #resumable: Resumable | undefined;

  constructor(path: string, head: Record<string, unknown>, resumable?: Resumable) {
    this.#path = path;
    this.#content = { ...head };
    this.#resumable = resumable;
  }

  /** The files written so far, sorted (summary.json itself not included). */
  get files(): string[] {
    return [...this.#files].sort();
  }

  /** The previous run's summary.json entry `key`, when resuming (for the entries of skipped phases). */
  previous(key: string): unknown {
    return this.#resumable?.plan.summary[key];
  }

  /** Adds or replaces top-level entries (written with the next phase). */
  set(part: Record<string, unknown>): void {
    Object.assign(this.#content, part);
  }

  /**
   * Whether a resumed run skips `phase` (its files unchanged since the run resumed), told on stderr.
   * Asked in phase order (ResumePlan.skips).
   */
  async skips(phase: string): Promise<boolean> {
    if (this.#resumable === undefined || !(await this.#resumable.plan.skips(phase))) return false;
    this.#resumable.stderr.write(`--resume: ${phase}: skipped, its files are unchanged\n`);
    return true;
  }

  /** A phase that writes `files` with `write`, skipped when resuming allows; then recorded. */
  async phase(phase: string, files: readonly string[], write: () => Promise<void>): Promise<void> {
    if (!(await this.skips(phase))) await write();
    await this.phaseDone(phase, files);
  }

  /** Records a finished phase and the files it wrote, and writes the summary. */
  async phaseDone(phase: string, files: readonly string[], complete = false): Promise<void> {
    this.#done.push(phase);
    for (const file of files) this.#files.add(file);
    const resumable = this.#resumable;
    if (resumable !== undefined) {
      const digested = resumable.alwaysRun?.includes(phase) === true ? [] : files;
      this.#records.push({ phase, files: await phaseFiles(dirname(this.#path), digested) });
    }
    await writeJsonFile(this.#path, {
      ...this.#content,
      files: this.files,
      phases: { done: this.#done, complete },
      ...(resumable !== undefined && {
        resume: { inputs_sha256: resumable.inputs, options_sha256: resumable.options, phases: this.#records },
      }),
    });
  }
}
