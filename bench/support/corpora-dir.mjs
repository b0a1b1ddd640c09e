// Which corpora folder the benches read when none is given, and where its AI inputs are. A corpora
// folder holds one sub-folder of NN.txt files per author and, in the development corpora, ai-inputs/
// among them; the repository's samples keep ai-inputs/ beside the author folders instead
// (samples/corpus/ and samples/ai-inputs/), so that `samples/corpus/*/` is exactly the authors.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function isFolder(path) {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * The corpora folder: `STYLER_CORPORA` when set, else the development corpora beside the repository
 * (`../shared/corpora`) when they are there, else the small sample corpus the repository ships
 * (`samples/corpus`), so a bench runs from a plain clone. `repositoryRoot` is for tests.
 */
export function defaultCorporaDir(env = process.env, repositoryRoot = REPOSITORY_ROOT) {
  const fromEnv = env.STYLER_CORPORA?.trim();
  if (fromEnv) return fromEnv;
  const development = join(repositoryRoot, '..', 'shared', 'corpora');
  return isFolder(development) ? development : join(repositoryRoot, 'samples', 'corpus');
}

/** The AI inputs of a corpora folder: its ai-inputs/, else the ai-inputs/ beside it (the samples' layout). */
export function aiInputsDir(corporaDir) {
  const inside = join(corporaDir, 'ai-inputs');
  return isFolder(inside) ? inside : join(corporaDir, '..', 'ai-inputs');
}
