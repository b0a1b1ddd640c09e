/**
 * Reading a corpus for `styler corpus`: each text's word-form profile (or its samples'), added in
 * document order to compact counts as the texts arrive, so no text and no object of counts is kept
 * once counted. The analytics profiles (sentence lengths, parts of speech, clauses) need the NLP pass
 * on the worker pool; it runs only when they are asked for (--profiles): the most frequent words and
 * their culling need the word forms alone.
 */
import { featureProfile, PROFILE_COLUMNS, wordFormSequence } from '@styler-dev/analytics/metrics';
import { batchPoolOptions, CALLS_PER_THREAD, CliError, mapBounded, type Progress } from '@styler-dev/cli-kit';
import { CorpusCounts, type CorpusDocument } from '../../stylometry/index.js';
import type { DocumentReader } from '../../host.js';
import type { FeatureSettings } from './options.js';
import { looksHardWrapped } from './hard-wrap.js';
import { textProfiles } from './profiles.js';

/** A text of the corpus, its name in tables and plots (`author/01.txt`) and its author (absent: unknown). */
export interface CorpusSource {
  path: string;
  name: string;
  author?: string;
}

/** Files read at once when no pool is involved. */
const READING = 16;

export interface ReadCorpusOptions {
  features: FeatureSettings;
  readDocument: DocumentReader;
  /** Keep every document's profile too (stylo's other methods work on whole profiles). */
  keepDocuments: boolean;
  /** Run the NLP pass for the per-author analytics profiles. */
  profiles: boolean;
  threads?: number;
  progress: Progress;
  /** A text left out: it could not be read, or has no words. The run goes on without it. */
  onProblem?: (message: string) => void;
}

/** The corpus as read: one stylometric document per text, or per sample of a text. */
export interface ReadCorpus {
  counts: CorpusCounts;
  names: string[];
  /** Each document's author; undefined: unknown. */
  authors: Array<string | undefined>;
  /** The documents with their profiles, when kept. */
  documents: CorpusDocument[] | undefined;
  /**
   * Per author: the sum of each analytics feature over its texts, how many texts, and how many of
   * them look hard-wrapped (their sentence counts unreliable) (with profiles).
   */
  featureSums: Map<string, { sums: Float64Array; texts: number; hardWrapped: number }> | undefined;
  /** Texts shorter than one sample (none of their words counted). */
  skipped: number;
  /** Texts left out because they could not be read or have no words, one message each. */
  problems: string[];
}

export async function readCorpus(sources: readonly CorpusSource[], options: ReadCorpusOptions): Promise<ReadCorpus> {
  const corpus: ReadCorpus = {
    counts: new CorpusCounts(),
    names: [],
    authors: [],
    documents: options.keepDocuments ? [] : undefined,
    featureSums: options.profiles ? new Map() : undefined,
    skipped: 0,
    problems: [],
  };
  // The pool (Piscina, the NLP threads) is loaded only for the profiles.
  const pool = options.profiles
    ? (await import('@styler-dev/analytics/pool')).createAnalyticsPool(batchPoolOptions(options.threads))
    : undefined;
  type Read = {
    source: CorpusSource;
    pieces: ReturnType<typeof textProfiles>;
    features?: Record<string, number>;
    hardWrapped?: boolean;
    problem?: string;
  };
  // Texts finish in any order; they are added in document order (the order of the sums below).
  const finished = new Map<number, Read>();
  let next = 0;
  const add = ({ source, pieces, features, hardWrapped, problem }: Read): void => {
    if (problem !== undefined) {
      corpus.problems.push(problem);
      options.onProblem?.(problem);
      return;
    }
    if (pieces.length === 0) corpus.skipped += 1;
    for (const piece of pieces) {
      corpus.counts.add(piece.profile);
      corpus.names.push(piece.name);
      corpus.authors.push(source.author);
      corpus.documents?.push({ ...piece, ...(source.author !== undefined && { author: source.author }) });
    }
    if (features !== undefined && source.author !== undefined) {
      let entry = corpus.featureSums!.get(source.author);
      if (entry === undefined) {
        entry = { sums: new Float64Array(PROFILE_COLUMNS.length), texts: 0, hardWrapped: 0 };
        corpus.featureSums!.set(source.author, entry);
      }
      PROFILE_COLUMNS.forEach((column, c) => (entry.sums[c] = entry.sums[c]! + (features[column] ?? 0)));
      entry.texts += 1;
      if (hardWrapped === true) entry.hardWrapped += 1;
    }
  };
  try {
    await mapBounded(sources, pool === undefined ? READING : pool.threads * CALLS_PER_THREAD, async (source, index) => {
      let read: Read;
      try {
        const { text } = await options.readDocument(source.path);
        read = { source, pieces: textProfiles(wordFormSequence(text), source.name, options.features) };
        // A text with nothing counted has no relative frequencies: it would be a row of NaN everywhere.
        if (read.pieces.length === 1 && read.pieces[0]!.profile.total === 0) {
          read = { source, pieces: [], problem: `${source.path}: left out, no words to count` };
        } else if (pool !== undefined) {
          read.features = featureProfile(await pool.analyzeText(text));
          read.hardWrapped = looksHardWrapped(text);
        }
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        read = { source, pieces: [], problem: `${error.message}: left out` };
      }
      finished.set(index, read);
      for (let ready = finished.get(next); ready !== undefined; ready = finished.get(next)) {
        add(ready);
        finished.delete(next);
        next += 1;
      }
      options.progress.tick();
    });
  } finally {
    options.progress.done();
    await pool?.close();
  }
  return corpus;
}

/** Per author: how many of its texts look hard-wrapped (see looksHardWrapped), for those that have any. */
export function hardWrappedTexts(
  featureSums: ReadCorpus['featureSums'],
): Record<string, { hardWrapped: number; texts: number }> {
  const out: Record<string, { hardWrapped: number; texts: number }> = {};
  for (const [author, entry] of featureSums ?? []) {
    if (entry.hardWrapped > 0) out[author] = { hardWrapped: entry.hardWrapped, texts: entry.texts };
  }
  return out;
}

/** Per author: the mean of each analytics feature over its texts (PROFILE_COLUMNS order), for the authors given. */
export function authorProfiles(
  featureSums: ReadCorpus['featureSums'],
  authors: readonly string[],
): Record<string, Record<string, number>> {
  if (featureSums === undefined) return {};
  return Object.fromEntries(
    authors.map((author) => {
      const entry = featureSums.get(author);
      return [
        author,
        Object.fromEntries(PROFILE_COLUMNS.map((column, c) => [column, (entry?.sums[c] ?? 0) / (entry?.texts ?? 0)])),
      ];
    }),
  );
}
