// Shared helpers of the style benchmarks: the corpora and their split.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPORA = process.env.STYLER_CORPORA ?? '/work/shared/corpora';
export const TRAIN_FILES = 21;

/** Author folders (every folder but ai-inputs), sorted. */
export function authors() {
  return readdirSync(CORPORA, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'ai-inputs')
    .map((entry) => entry.name)
    .sort();
}

/** The texts of a folder's .txt files, sorted by name. */
export function readFolder(name) {
  const folder = join(CORPORA, name);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));
}

/** An author's training files (the first 21 by name) and held-out files (the rest: 22–30). */
export function splitAuthor(name) {
  const files = readFolder(name);
  return { train: files.slice(0, TRAIN_FILES), heldOut: files.slice(TRAIN_FILES) };
}
