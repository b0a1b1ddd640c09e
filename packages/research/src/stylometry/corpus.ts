/**
 * Stylometry of a corpus, as R's stylo does it, over word-form counts: the most-frequent-word table,
 * Delta distance matrices (Burrows', Eder's, Cosine), leave-one-out attribution with a confusion
 * matrix, attribution of unknown texts, PCA of the z-scores and Ward clustering. Pure: documents in,
 * numbers out (the CLI reads the files and writes the tables).
 *
 * Conventions: the word list and its μ and σ come from the labelled documents (each weighs the same;
 * deltaReference). An author's profile is the pooled word counts of the author's documents; in
 * leave-one-out the held-out document is left out of its author's profile (the word list and z-scores
 * stay those of all labelled documents, as a fixed feature space).
 */
import {
  DELTA_METHODS,
  deltaOfZScores,
  type DeltaMethod,
  type DeltaReference,
  type WordProfile,
} from '@styler-dev/analytics/metrics';
import { CorpusCounts, type CountsReference } from './corpus-counts.js';
import { condensedDeltas, zScoreMatrix, type ZScoreMatrix } from './delta-matrix.js';
import { linkage, type Merge } from './linkage.js';
import { pcaOfMatrix, type PcaResult } from './pca.js';
import { minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';
import { newick } from './ward.js';

/** A document of the corpus: its name, its author (absent: unknown) and its word-form counts. */
export interface CorpusDocument {
  name: string;
  author?: string;
  profile: WordProfile;
}

export interface CorpusOptions {
  /** Words compared (default 100, stylo's default). */
  mostFrequent?: number;
  /** stylo's culling: a word must occur in at least this % of the labelled documents (default 0). */
  culling?: number;
  /** The shared-words rule's share (shared-features.ts; default ½, 0: off). */
  minShared?: number;
}

export interface Attributed {
  document: string;
  /** The nearest author; null: not attributed (`reason` says why). */
  predicted: string | null;
  /** Burrows' Delta to each author's profile. */
  distances: Record<string, number>;
  /** The authors at the same smallest distance, when two or more are (then none is predicted). */
  tied?: string[];
  /** Why the text is not attributed: a tie, or too few of the words compared in it (shared-features.ts). */
  reason?: string;
  /** Set when the shared-words rule left the text unattributed (its distances are still given). */
  tooFewShared?: true;
}

export interface CorpusAnalysis {
  authors: string[];
  documents: Array<{ name: string; author: string | null }>;
  reference: DeltaReference;
  /** Relative frequency of each reference word (columns) in each document (rows). */
  frequencies: number[][];
  /** z-scores of each document on the reference. */
  zScores: number[][];
  /** Document × document distances per Delta variant. */
  distances: Record<DeltaMethod, number[][]>;
  /** Leave-one-out attribution of every labelled document whose author has another one. */
  leaveOneOut: Array<Attributed & { author: string }>;
  looAccuracy: number | null;
  /** confusion[actual][predicted] counts. */
  confusion: Record<string, Record<string, number>>;
  /** The unknown documents attributed among all authors. */
  attribution: Attributed[];
  pca: PcaResult;
  /** Ward clustering of the Burrows' Delta matrix, and its tree in Newick format. */
  clusters: { merges: Merge[]; newick: string };
}

/** Words compared by default (stylo's default). */
export const DEFAULT_CORPUS_MFW = 100;

/** Leave-one-out and unknown-text attribution of a corpus (part of CorpusAnalysis). */
export type CorpusAttribution = Pick<
  CorpusAnalysis,
  'authors' | 'leaveOneOut' | 'looAccuracy' | 'confusion' | 'attribution'
>;

/** What attributeCorpus works on: the corpus's counts, its documents' names and authors, the reference and z-scores. */
export interface AttributionInput {
  counts: CorpusCounts;
  names: readonly string[];
  /** Each document's author; undefined: unknown. */
  authors: ReadonlyArray<string | undefined>;
  reference: CountsReference;
  /** Every document's z-scores on the reference (rows in document order). */
  zScores: ZScoreMatrix;
  /** Words compared: the reference's first `words` (default all). */
  words?: number;
  /** The shared-words rule's share (shared-features.ts; default ½, 0: off). */
  minShared?: number;
  /** Called after each document, for progress. */
  onDocument?: (index: number) => void;
}

/**
 * Leave-one-out attribution of every labelled document whose author has another one (the document
 * taken out of its author's pooled counts), and attribution of the unknown ones among all authors,
 * by Burrows' Delta to each author's pooled profile.
 */
export function attributeCorpus(input: AttributionInput): CorpusAttribution {
  const { counts, names, authors: labels, reference, zScores } = input;
  const words = input.words ?? reference.ids.length;
  const minShared = minSharedShare(input.minShared);
  const mean = reference.mean.slice(0, words);
  const std = reference.std.slice(0, words);
  const column = counts.columnsOf(reference.ids.subarray(0, words));
  const authors = [...new Set(labels.filter((label): label is string => label !== undefined))].sort();
  const documentsOf = new Map(authors.map((author) => [author, [] as number[]]));
  labels.forEach((label, index) => label !== undefined && documentsOf.get(label)!.push(index));
  // Each author's pooled counts of the words, summed in document order, and total.
  const row = new Float64Array(words);
  const pooled = new Map<string, { counts: Float64Array; total: number }>();
  for (const author of authors) {
    const sum = new Float64Array(words);
    let total = 0;
    for (const index of documentsOf.get(author)!) {
      total += counts.total(index);
      counts.countRow(index, column, row);
      for (let w = 0; w < words; w += 1) sum[w]! += row[w]!;
    }
    pooled.set(author, { counts: sum, total });
  }
  const zOf = (pool: Float64Array, total: number): number[] =>
    Array.from(pool, (count, w) => ((total > 0 ? count / total : 0) - mean[w]!) / std[w]!);
  const profiles = new Map(
    authors.map((author) => [author, zOf(pooled.get(author)!.counts, pooled.get(author)!.total)]),
  );
  const documentZ = (index: number): number[] =>
    Array.from(zScores.values.subarray(index * zScores.columns, index * zScores.columns + words));
  const nearest = (z: readonly number[], candidates: ReadonlyMap<string, number[]>): Omit<Attributed, 'document'> => {
    const distances: Record<string, number> = {};
    let smallest = Number.POSITIVE_INFINITY;
    for (const [author, profileZ] of candidates) {
      distances[author] = deltaOfZScores(z, profileZ, 'burrows');
      smallest = Math.min(smallest, distances[author]);
    }
    const nearestAuthors = [...candidates.keys()].filter((author) => distances[author] === smallest);
    if (nearestAuthors.length === 1) return { predicted: nearestAuthors[0]!, distances };
    if (nearestAuthors.length === 0) return { predicted: null, distances, reason: 'no author at a finite distance' };
    return {
      predicted: null,
      distances,
      tied: nearestAuthors,
      reason: `a tie: ${nearestAuthors.join(', ')} at the same distance`,
    };
  };

  const leaveOneOut: CorpusAnalysis['leaveOneOut'] = [];
  const attribution: Attributed[] = [];
  let correct = 0;
  const confusion: Record<string, Record<string, number>> = Object.fromEntries(
    authors.map((actual) => [actual, Object.fromEntries(authors.map((predicted) => [predicted, 0]))]),
  );
  labels.forEach((author, index) => {
    if (author === undefined) {
      const result = nearest(documentZ(index), profiles);
      counts.countRow(index, column, row);
      const tooFew = tooFewShared(sharedFeatures(row), words, minShared);
      attribution.push({
        document: names[index]!,
        ...(tooFew === undefined
          ? result
          : { predicted: null, distances: result.distances, reason: tooFew, tooFewShared: true as const }),
      });
    } else if (documentsOf.get(author)!.length >= 2) {
      // The author's profile without this document.
      const { counts: sum, total } = pooled.get(author)!;
      counts.countRow(index, column, row);
      const without = Float64Array.from(sum, (count, w) => count - row[w]!);
      const candidates = new Map(profiles).set(author, zOf(without, total - counts.total(index)));
      const result = nearest(documentZ(index), candidates);
      leaveOneOut.push({ document: names[index]!, author, ...result });
      if (result.predicted !== null)
        confusion[author]![result.predicted] = (confusion[author]![result.predicted] ?? 0) + 1;
      if (result.predicted === author) correct += 1;
    }
    input.onDocument?.(index);
  });
  return {
    authors,
    leaveOneOut,
    looAccuracy: leaveOneOut.length > 0 ? correct / leaveOneOut.length : null,
    confusion,
    attribution,
  };
}

/** The square matrix of a condensed one (zero diagonal). */
function squareOf(condensed: Float64Array, n: number): number[][] {
  const square = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let k = 0;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      square[i]![j] = condensed[k]!;
      square[j]![i] = condensed[k++]!;
    }
  }
  return square;
}

/** Runs the whole analysis. Needs at least two labelled documents. */
export function analyzeCorpus(documents: readonly CorpusDocument[], options: CorpusOptions = {}): CorpusAnalysis {
  const counts = new CorpusCounts();
  for (const document of documents) counts.add(document.profile);
  const labelled = documents.flatMap((document, index) => (document.author !== undefined ? [index] : []));
  if (labelled.length < 2) throw new RangeError('a corpus analysis needs at least two documents with an author');
  const reference = counts.reference(labelled, options.mostFrequent ?? DEFAULT_CORPUS_MFW, options.culling ?? 0);
  const all = documents.map((_, index) => index);
  const z = zScoreMatrix(counts, all, reference);
  const column = counts.columnsOf(reference.ids);
  const row = new Float64Array(reference.ids.length);
  const frequencies = all.map((index) => Array.from(counts.frequencyRow(index, column, row)));
  const zScores = all.map((index) => Array.from(z.values.subarray(index * z.columns, (index + 1) * z.columns)));
  const distances = Object.fromEntries(
    DELTA_METHODS.map((method) => [method, squareOf(condensedDeltas(z, method), documents.length)]),
  ) as Record<DeltaMethod, number[][]>;
  const attributed = attributeCorpus({
    counts,
    names: documents.map((document) => document.name),
    authors: documents.map((document) => document.author),
    reference,
    zScores: z,
    ...(options.minShared !== undefined && { minShared: options.minShared }),
  });
  const merges = linkage(condensedDeltas(z, 'burrows'), documents.length, 'ward');
  const { ids: _ids, ...plainReference } = reference;
  return {
    authors: attributed.authors,
    documents: documents.map((document) => ({ name: document.name, author: document.author ?? null })),
    reference: plainReference,
    frequencies,
    zScores,
    distances,
    leaveOneOut: attributed.leaveOneOut,
    looAccuracy: attributed.looAccuracy,
    confusion: attributed.confusion,
    attribution: attributed.attribution,
    pca: pcaOfMatrix({ values: z.values, rows: z.rows, columns: z.columns }, 2),
    clusters: {
      merges,
      newick: newick(
        documents.map((document) => document.name),
        merges,
      ),
    },
  };
}
