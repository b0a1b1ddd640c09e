/**
 * The authors a benchmark compares with: a folder holding one folder of documents per author (named
 * after the author) and/or `<author>.json` style models written by `styler fit`, whose ground truth
 * is used as it is.
 */
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { GroundTruth } from '@styler-dev/analytics/metrics';
import type { AnalyticsPool } from '@styler-dev/analytics/pool';
import { CliError, expandPaths } from '@styler-dev/cli-kit';
import type { ResearchHost } from '../../host.js';

/** The files loadAuthors reads from `folder` (each author folder's documents, the .json models), sorted. */
export async function authorFiles(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    throw new CliError(`--authors: no such folder: ${folder}`);
  }
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await expandPaths([path])));
    else if (entry.isFile() && extname(entry.name).toLowerCase() === '.json') files.push(path);
  }
  return files.sort();
}

/** The authors in `folder`, each one's ground truth: built from its documents, or its model's. */
export async function loadAuthors(
  folder: string,
  pool: AnalyticsPool,
  host: ResearchHost,
): Promise<Map<string, GroundTruth>> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    throw new CliError(`--authors: no such folder: ${folder}`);
  }
  const authors = new Map<string, GroundTruth>();
  const pending: Array<Promise<void>> = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      pending.push(
        expandPaths([path]).then(async (files) => {
          const documents = await Promise.all(files.map((file) => host.readDocument(file)));
          authors.set(entry.name, await pool.buildGroundTruth(documents.map((document) => document.text)));
        }),
      );
    } else if (entry.isFile() && extname(entry.name).toLowerCase() === '.json') {
      const name = basename(entry.name, extname(entry.name));
      pending.push(host.readModelGroundTruth(path).then((groundTruth) => void authors.set(name, groundTruth)));
    }
  }
  await Promise.all(pending);
  if (authors.size < 2) {
    throw new CliError(
      `--authors ${folder}: give at least two authors (a folder of documents or a styler fit model per author)`,
    );
  }
  // Insertion order followed completion; keep the names sorted.
  return new Map([...authors].sort(([a], [b]) => (a < b ? -1 : 1)));
}
