// Shared helpers of the style benchmarks: the corpora and their split.
//
// The corpora folder holds one sub-folder of NN.txt files per author and ai-inputs/ beside them. It is
// STYLER_CORPORA, else ../shared/corpora beside the repository, else the repository's samples/corpus
// (support/corpora-dir.mjs); a bench may choose another one with setCorpora before it reads anything
// (llm.mjs's --corpora), and every helper here then reads that one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aiInputsDir, defaultCorporaDir } from '../support/corpora-dir.mjs';

let corpora = defaultCorporaDir();

/** Training files per author in the development corpora (01–21); the rest (22–30) are held out. */
export const TRAIN_FILES = 21;

/** The corpora folder the helpers read. */
export function corporaDir() {
  return corpora;
}

/** Makes the helpers read `dir` from now on; throws TypeError when it is not a folder. */
export function setCorpora(dir) {
  const folder = resolve(dir);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new TypeError(`corpora folder not found: ${folder}`);
  corpora = folder;
}

/** Author folders (every folder but ai-inputs), sorted. */
export function authors() {
  return readdirSync(corpora, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'ai-inputs')
    .map((entry) => entry.name)
    .sort();
}

/** The texts of a folder's .txt files, sorted by name ('ai-inputs': the corpora's AI inputs). */
export function readFolder(name) {
  const folder = name === 'ai-inputs' ? aiInputsDir(corpora) : join(corpora, name);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));
}

/**
 * An author's training files (the first TRAIN_FILES by name) and held-out files (the rest: 22–30).
 * An author with TRAIN_FILES files or fewer (a small test corpus) would have nothing held out, so
 * there the last third (rounded up) is held out and the rest trains, at least one file.
 */
export function splitAuthor(name) {
  const files = readFolder(name);
  const trainCount = files.length > TRAIN_FILES ? TRAIN_FILES : Math.max(1, files.length - Math.ceil(files.length / 3));
  return { train: files.slice(0, trainCount), heldOut: files.slice(trainCount) };
}
