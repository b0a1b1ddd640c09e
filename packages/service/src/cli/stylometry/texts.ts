/** Reading the texts of the stylometry commands: author folders, unknown texts, word sequences. */
import { basename, resolve } from 'node:path';
import { wordFormSequence } from '@styler/analytics/metrics';
import { featureSequence, type CorpusDocument } from '@styler/analytics/stylometry';
import { mapBounded } from '../bounded.js';
import { expandNamedPaths, readDocument } from '../documents.js';
import { CliError } from '../io.js';
import type { FeatureSettings } from './options.js';
import { textProfiles } from './profiles.js';

/** Files read at once. */
const READING = 16;

export interface NamedSequence {
  name: string;
  words: string[];
}

/** The feature sequence of every document under `paths` (word forms, or the chosen n-grams). */
export async function readSequences(paths: readonly string[], settings: FeatureSettings): Promise<NamedSequence[]> {
  const files = await expandNamedPaths(paths);
  return mapBounded(files, READING, async ({ path, name }) => ({
    name,
    words: featureSequence(wordFormSequence((await readDocument(path)).text), settings.features),
  }));
}

/** Each folder's documents labelled with the folder's name (named `author/file`), profiled (or sampled) as `settings` say. */
export async function readAuthors(folders: readonly string[], settings: FeatureSettings): Promise<CorpusDocument[]> {
  const documents: CorpusDocument[] = [];
  for (const folder of folders) {
    const author = basename(resolve(folder));
    const files = await expandNamedPaths([folder]);
    const read = await mapBounded(files, READING, async ({ path, name }) =>
      textProfiles((await readDocument(path)).text, name, settings),
    );
    if (read.every((pieces) => pieces.length === 0)) {
      throw new CliError(`${folder}: every text is shorter than one sample (--sample)`);
    }
    for (const pieces of read) for (const piece of pieces) documents.push({ ...piece, author });
  }
  return documents;
}

/** The documents under `paths`, unlabelled. */
export async function readUnknown(paths: readonly string[], settings: FeatureSettings): Promise<CorpusDocument[]> {
  const files = await expandNamedPaths(paths);
  const read = await mapBounded(files, READING, async ({ path, name }) =>
    textProfiles((await readDocument(path)).text, name, settings),
  );
  return read.flat();
}
