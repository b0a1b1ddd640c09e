/**
 * The CSV tables of `styler corpus`, each written row by row as its phase ends: the word list, counts
 * and relative frequencies per document, the confusion matrix, PCA, the Delta matrices (whole, or
 * each document's nearest neighbours) and the author profiles.
 */
import { join } from 'node:path';
import { csvCell, CsvFile, writeCsv, type Progress } from '@styler-dev/cli-kit';
import type {
  CorpusAttribution,
  CorpusCounts,
  CountsReference,
  Merge,
  NearestNeighbours,
  PcaResult,
} from '../../stylometry/index.js';

/** The documents of a run: names and authors (undefined: unknown), in table order. */
export interface TableDocuments {
  names: readonly string[];
  authors: ReadonlyArray<string | undefined>;
}

/** mfw.csv: the first `words` reference words with their mean relative frequency and σ. */
export function writeMfw(out: string, reference: CountsReference, words: number): Promise<void> {
  return writeCsv(
    join(out, 'mfw.csv'),
    ['rank', 'word', 'mean_relative_frequency', 'std'],
    reference.words.slice(0, words).map((word, i) => [i + 1, word, reference.mean[i]!, reference.std[i]!]),
  );
}

/** counts.csv and frequencies.csv: each document's counts (with its total) and relative frequencies of the words. */
export async function writeCountTables(
  out: string,
  counts: CorpusCounts,
  documents: TableDocuments,
  reference: CountsReference,
  words: number,
  progress: Progress,
): Promise<void> {
  const header = reference.words.slice(0, words);
  const [countFile, frequencyFile] = await Promise.all([
    CsvFile.create(join(out, 'counts.csv'), ['document', 'author', 'word_forms', ...header]),
    CsvFile.create(join(out, 'frequencies.csv'), ['document', 'author', ...header]),
  ]);
  const column = counts.columnsOf(reference.ids.subarray(0, words));
  const row = new Float64Array(words);
  try {
    for (let i = 0; i < documents.names.length; i += 1) {
      const name = documents.names[i]!;
      const author = documents.authors[i];
      counts.countRow(i, column, row);
      await countFile.row([name, author, counts.total(i), ...row]);
      counts.frequencyRow(i, column, row);
      await frequencyFile.row([name, author, ...row]);
      progress.tick();
    }
  } catch (error) {
    await Promise.all([countFile.abort(), frequencyFile.abort()]);
    throw error;
  } finally {
    progress.done();
  }
  await Promise.all([countFile.close(), frequencyFile.close()]);
}

/** confusion.csv: rows the real author, columns the attributed one. */
export function writeConfusion(out: string, attribution: CorpusAttribution): Promise<void> {
  const { authors, confusion } = attribution;
  return writeCsv(
    join(out, 'confusion.csv'),
    ['author', ...authors],
    authors.map((actual) => [actual, ...authors.map((predicted) => confusion[actual]?.[predicted] ?? 0)]),
  );
}

/** pca.csv (each document's scores) and pca-loadings.csv (each word's). */
export async function writePca(
  out: string,
  documents: TableDocuments,
  pca: PcaResult,
  words: readonly string[],
): Promise<void> {
  await writeCsv(
    join(out, 'pca.csv'),
    ['document', 'author', 'PC1', 'PC2'],
    pca.scores.map((row, i) => [documents.names[i]!, documents.authors[i], row[0] ?? 0, row[1] ?? 0]),
  );
  await writeCsv(
    join(out, 'pca-loadings.csv'),
    ['word', 'PC1', 'PC2'],
    words.map((word, i) => [word, pca.loadings[0]?.[i] ?? 0, pca.loadings[1]?.[i] ?? 0]),
  );
}

/**
 * A whole distance matrix, one row per document, from a condensed one (row i: the pairs (j, i) for
 * j < i down its column, 0, then its own pairs).
 */
export async function writeMatrix(
  path: string,
  names: readonly string[],
  condensed: Float64Array,
  progress: Progress,
): Promise<void> {
  const n = names.length;
  const file = await CsvFile.create(path, ['document', ...names]);
  const cells = new Array<string>(n);
  try {
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j < i; j += 1) cells[j] = String(condensed[j * n - (j * (j + 1)) / 2 + i - j - 1]);
      cells[i] = '0';
      const start = i * n - (i * (i + 1)) / 2 - i - 1;
      for (let j = i + 1; j < n; j += 1) cells[j] = String(condensed[start + j]);
      const full = file.line(`${csvCell(names[i])},${cells.join(',')}\n`);
      if (full !== undefined) await full;
      progress.tick();
    }
  } catch (error) {
    await file.abort();
    throw error;
  } finally {
    progress.done();
  }
  await file.close();
}

/** Each document's nearest neighbours, one row per pair: document, rank (1 = nearest), neighbour, distance. */
export function writeNearest(path: string, names: readonly string[], nearest: NearestNeighbours): Promise<void> {
  const { k, index, distance } = nearest;
  function* rows(): Generator<Array<string | number>> {
    for (let i = 0; i < names.length; i += 1) {
      for (let r = 0; r < k; r += 1) yield [names[i]!, r + 1, names[index[i * k + r]!]!, distance[i * k + r]!];
    }
  }
  return writeCsv(path, ['document', 'rank', 'neighbour', 'distance'], rows());
}

/**
 * tree.csv: the Ward tree's merges, lowest first (as scipy's linkage matrix: leaves 0 … n − 1, merge
 * k numbered n + k − 1 (k from 1), the smaller number left), with the height and the merged size.
 */
export function writeTree(out: string, merges: readonly Merge[]): Promise<void> {
  return writeCsv(
    join(out, 'tree.csv'),
    ['merge', 'left', 'right', 'height', 'size'],
    merges.map((merge, k) => [k + 1, merge.left, merge.right, merge.height, merge.size]),
  );
}

/** profiles.csv: the mean of each analytics feature per author. */
export function writeProfiles(
  out: string,
  authors: readonly string[],
  profiles: Record<string, Record<string, number>>,
  columns: readonly string[],
): Promise<void> {
  return writeCsv(
    join(out, 'profiles.csv'),
    ['feature', ...authors],
    columns.map((column) => [column, ...authors.map((author) => profiles[author]?.[column] ?? null)]),
  );
}
