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
  deltaOfZScores,
  deltaReference,
  deltaZScores,
  DELTA_METHODS,
  type DeltaMethod,
  type DeltaReference,
  type WordProfile,
} from '../metrics/authorship/delta.js';
import { pca, type PcaResult } from './pca.js';
import { newick, wardClustering, type Merge } from './ward.js';

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
}

export interface Attributed {
  document: string;
  predicted: string;
  /** Burrows' Delta to each author's profile. */
  distances: Record<string, number>;
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

const DEFAULT_MFW = 100;

/** Counts of the reference words only, with the document's total: all z-scores need. */
interface WordVector {
  counts: number[];
  total: number;
}

function vectorOf(profile: WordProfile, words: readonly string[]): WordVector {
  return { counts: words.map((word) => profile.counts[word] ?? 0), total: profile.total };
}

/** The z-scores of pooled counts, less `minus` (a held-out document taken back out of its pool). */
function pooledZ(vectors: readonly WordVector[], reference: DeltaReference, minus?: WordVector): number[] {
  const counts = new Array<number>(reference.words.length).fill(0);
  let total = 0;
  for (const vector of vectors) {
    total += vector.total;
    vector.counts.forEach((count, i) => (counts[i]! += count));
  }
  if (minus !== undefined) {
    total -= minus.total;
    minus.counts.forEach((count, i) => (counts[i]! -= count));
  }
  return counts.map((count, i) => ((total > 0 ? count / total : 0) - reference.mean[i]!) / reference.std[i]!);
}

function nearest(z: readonly number[], profiles: ReadonlyMap<string, number[]>): Omit<Attributed, 'document'> {
  const distances: Record<string, number> = {};
  let predicted = '';
  for (const [author, profileZ] of profiles) {
    distances[author] = deltaOfZScores(z, profileZ, 'burrows');
    if (predicted === '' || distances[author]! < distances[predicted]!) predicted = author;
  }
  return { predicted, distances };
}

/** Runs the whole analysis. Needs at least two labelled documents. */
export function analyzeCorpus(documents: readonly CorpusDocument[], options: CorpusOptions = {}): CorpusAnalysis {
  const labelled = documents.filter((document) => document.author !== undefined);
  if (labelled.length < 2) throw new RangeError('a corpus analysis needs at least two documents with an author');
  const reference = deltaReference(
    labelled.map((document) => document.profile),
    options.mostFrequent ?? DEFAULT_MFW,
    { culling: options.culling ?? 0 },
  );
  const authors = [...new Set(labelled.map((document) => document.author!))].sort();
  const frequencies = documents.map((document) =>
    reference.words.map((word) =>
      document.profile.total > 0 ? (document.profile.counts[word] ?? 0) / document.profile.total : 0,
    ),
  );
  const zScores = documents.map((document) => deltaZScores(document.profile, reference));
  const distances = Object.fromEntries(
    DELTA_METHODS.map((method) => [method, zScores.map((a) => zScores.map((b) => deltaOfZScores(a, b, method)))]),
  ) as Record<DeltaMethod, number[][]>;

  const vectors = new Map(documents.map((document) => [document, vectorOf(document.profile, reference.words)]));
  const byAuthor = new Map(authors.map((author) => [author, labelled.filter((d) => d.author === author)]));
  const authorVectors = new Map(
    authors.map((author) => [author, byAuthor.get(author)!.map((document) => vectors.get(document)!)]),
  );
  // Each author's profile; for a held-out document, its own author's profile without it.
  const authorProfiles = new Map(authors.map((author) => [author, pooledZ(authorVectors.get(author)!, reference)]));
  const leaveOneOut: CorpusAnalysis['leaveOneOut'] = [];
  let correct = 0;
  const confusion: Record<string, Record<string, number>> = Object.fromEntries(
    authors.map((actual) => [actual, Object.fromEntries(authors.map((predicted) => [predicted, 0]))]),
  );
  documents.forEach((document, index) => {
    if (document.author === undefined || byAuthor.get(document.author)!.length < 2) return;
    const profiles = new Map(authorProfiles);
    profiles.set(document.author, pooledZ(authorVectors.get(document.author)!, reference, vectors.get(document)));
    const result = nearest(zScores[index]!, profiles);
    leaveOneOut.push({ document: document.name, author: document.author, ...result });
    confusion[document.author]![result.predicted] = (confusion[document.author]![result.predicted] ?? 0) + 1;
    if (result.predicted === document.author) correct += 1;
  });

  const attribution: Attributed[] = [];
  documents.forEach((document, index) => {
    if (document.author !== undefined) return;
    attribution.push({ document: document.name, ...nearest(zScores[index]!, authorProfiles) });
  });

  const merges = wardClustering(distances.burrows);
  return {
    authors,
    documents: documents.map((document) => ({ name: document.name, author: document.author ?? null })),
    reference,
    frequencies,
    zScores,
    distances,
    leaveOneOut,
    looAccuracy: leaveOneOut.length > 0 ? correct / leaveOneOut.length : null,
    confusion,
    attribution,
    pca: pca(zScores, 2),
    clusters: {
      merges,
      newick: newick(
        documents.map((document) => document.name),
        merges,
      ),
    },
  };
}
