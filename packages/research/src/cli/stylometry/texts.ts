/** Reading the texts of the stylometry commands: author folders, unknown texts, word sequences. */
import { basename, resolve } from 'node:path';
import { wordFormSequence } from '@styler-dev/analytics/metrics';
import { CliError, expandNamedPaths, mapBounded, type NamedPath, type SkipNote } from '@styler-dev/cli-kit';
import { featureSequence, type CorpusDocument } from '../../stylometry/index.js';
import type { DocumentReader } from '../../host.js';
import type { FeatureSettings } from './options.js';
import { textProfiles } from './profiles.js';

/** Files read at once. */
const READING = 16;

export interface NamedSequence {
  name: string;
  words: string[];
}

/** By default a file that cannot be used stops the run. */
const stop: SkipNote = (message) => {
  throw new CliError(message);
};

/**
 * The word forms of each document under `paths`, read `READING` at a time; a file that cannot be read
 * or has no words goes to `onProblem` and is left out.
 */
async function readWordForms(
  paths: readonly string[],
  readDocument: DocumentReader,
  onProblem: SkipNote,
): Promise<{ file: NamedPath; words: string[] }[]> {
  const files = await expandNamedPaths(paths, onProblem);
  const read = await mapBounded(files, READING, async (file) => {
    try {
      const words = wordFormSequence((await readDocument(file.path)).text);
      if (words.length > 0) return [{ file, words }];
      onProblem(`${file.path}: left out, no words to count`);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      onProblem(`${error.message}: left out`);
    }
    return [];
  });
  return read.flat();
}

/** The feature sequence of every document under `paths` (word forms, or the chosen n-grams). */
export async function readSequences(
  paths: readonly string[],
  settings: FeatureSettings,
  readDocument: DocumentReader,
  onProblem: SkipNote = stop,
): Promise<NamedSequence[]> {
  return (await readWordForms(paths, readDocument, onProblem)).map(({ file, words }) => ({
    name: file.name,
    words: featureSequence(words, settings.features),
  }));
}

/** Each folder's documents labelled with the folder's name (named `author/file`), profiled (or sampled) as `settings` say. */
export async function readAuthors(
  folders: readonly string[],
  settings: FeatureSettings,
  readDocument: DocumentReader,
  onProblem: SkipNote = stop,
): Promise<CorpusDocument[]> {
  const documents: CorpusDocument[] = [];
  for (const folder of folders) {
    const author = basename(resolve(folder));
    const read = (await readWordForms([folder], readDocument, onProblem)).map(({ file, words }) =>
      textProfiles(words, file.name, settings),
    );
    if (read.every((pieces) => pieces.length === 0)) {
      throw new CliError(`${folder}: every text is shorter than one sample (--sample)`);
    }
    for (const pieces of read) for (const piece of pieces) documents.push({ ...piece, author });
  }
  return documents;
}

/** The documents under `paths`, unlabelled. */
export async function readUnknown(
  paths: readonly string[],
  settings: FeatureSettings,
  readDocument: DocumentReader,
  onProblem: SkipNote = stop,
): Promise<CorpusDocument[]> {
  return (await readWordForms(paths, readDocument, onProblem)).flatMap(({ file, words }) =>
    textProfiles(words, file.name, settings),
  );
}
