/**
 * summary.json of a research run, written again as each phase ends (streamed, and renamed into place
 * only when whole): a run cut short keeps, in its summary, everything its finished phases found,
 * with `phases.done` saying which and `phases.complete` false.
 */
import { writeJsonFile } from '../json-file.js';

export class RunSummary {
  readonly #path: string;
  readonly #content: Record<string, unknown>;
  readonly #done: string[] = [];
  readonly #files = new Set<string>();

  constructor(path: string, head: Record<string, unknown>) {
    this.#path = path;
    this.#content = { ...head };
  }

  /** The files written so far, sorted (summary.json itself not included). */
  get files(): string[] {
    return [...this.#files].sort();
  }

  /** Adds or replaces top-level entries (written with the next phase). */
  set(part: Record<string, unknown>): void {
    Object.assign(this.#content, part);
  }

  /** Records a finished phase and the files it wrote, and writes the summary. */
  async phaseDone(phase: string, files: readonly string[], complete = false): Promise<void> {
    this.#done.push(phase);
    for (const file of files) this.#files.add(file);
    await writeJsonFile(this.#path, {
      ...this.#content,
      files: this.files,
      phases: { done: this.#done, complete },
    });
  }
}
