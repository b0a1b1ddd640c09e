/**
 * What a resumed `styler corpus` reads back instead of computing: the main tree from tree.csv and
 * the consensus tree from the previous summary.json (their files unchanged, as the resume checked).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsensusTree, Merge } from '../../stylometry/index.js';

/** The merges of tree.csv (writeTree's columns: merge, left, right, height, size). */
export async function readTree(out: string): Promise<Merge[]> {
  const lines = (await readFile(join(out, 'tree.csv'), 'utf8')).split('\n').slice(1);
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const [, left, right, height, size] = line.split(',').map(Number);
      return { left: left!, right: right!, height: height!, size: size! };
    });
}

/** The summary.json entry `consensus` as written by the run, back as a tree over `names`. */
export function consensusFromSummary(entry: unknown, names: readonly string[]): ConsensusTree {
  const { most_frequent_words, newick, clades } = entry as {
    most_frequent_words: number[];
    newick: string;
    clades: Array<{ documents: string[]; support: number }>;
  };
  const index = new Map(names.map((name, i) => [name, i]));
  return {
    clades: clades.map((clade) => ({
      members: clade.documents.map((name) => index.get(name)!),
      support: clade.support,
    })),
    newick,
    mostFrequent: most_frequent_words,
  };
}
