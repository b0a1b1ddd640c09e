import type { RougeReference } from '../ground-truth-types.js';
import { PairIdTable, StringIdTable } from './id-tables.js';

/**
 * A list of prepared references turned into integer form once, so that scoring a prediction never
 * touches a reference token string again: token ids over one shared vocabulary, bigram ids, and each
 * reference's distinct unigrams and bigrams with their counts (CSR layout: the entries of reference r
 * are at [start[r], start[r + 1])).
 */
export interface ReferenceIndex {
  readonly referenceCount: number;
  /** Token string to id, ids 0 .. vocabularySize - 1, over every reference token. */
  readonly tokenIdTable: StringIdTable;
  readonly vocabularySize: number;
  /** Token ids of all references, one after the other; reference r is tokenIds[tokenStart[r] .. tokenStart[r + 1]). */
  readonly tokenIds: Int32Array;
  readonly tokenStart: Int32Array;
  /** (first token id, second token id) to bigram id, ids 0 .. bigramVocabularySize - 1. */
  readonly bigramIdTable: PairIdTable;
  readonly bigramVocabularySize: number;
  /** Distinct token ids of each reference and how often each occurs there. */
  readonly unigramStart: Int32Array;
  readonly unigramIds: Int32Array;
  readonly unigramCounts: Int32Array;
  /** Distinct bigram ids of each reference and how often each occurs there. */
  readonly bigramStart: Int32Array;
  readonly bigramIds: Int32Array;
  readonly bigramCounts: Int32Array;
  /** The token arrays the index was built from, to notice a reference list changed since. */
  readonly sourceTokens: readonly (readonly string[])[];
  readonly sourceLengths: Int32Array;
}

/**
 * Each reference's distinct ids and their counts, in CSR arrays. `sequenceIds` holds one id per
 * position (-1: none); `counters` has a zero per possible id and comes back all zeros.
 */
function countDistinct(
  sequenceIds: Int32Array,
  sequenceStart: Int32Array,
  counters: Int32Array,
): { start: Int32Array; ids: Int32Array; counts: Int32Array } {
  const referenceCount = sequenceStart.length - 1;
  const start = new Int32Array(referenceCount + 1);
  const seen = new Int32Array(sequenceIds.length);
  const counts = new Int32Array(sequenceIds.length);
  let entries = 0;
  for (let r = 0; r < referenceCount; r++) {
    start[r] = entries;
    for (let i = sequenceStart[r]!; i < sequenceStart[r + 1]!; i++) {
      const id = sequenceIds[i]!;
      if (id < 0) continue;
      if (counters[id] === 0) seen[entries++] = id;
      counters[id]!++;
    }
    for (let e = start[r]!; e < entries; e++) {
      counts[e] = counters[seen[e]!]!;
      counters[seen[e]!] = 0;
    }
  }
  start[referenceCount] = entries;
  return { start, ids: seen.slice(0, entries), counts: counts.slice(0, entries) };
}

/** Builds the index of `references` (each `tokens` an array of strings; validated by the caller). */
export function buildReferenceIndex(references: readonly RougeReference[]): ReferenceIndex {
  const referenceCount = references.length;
  const tokenStart = new Int32Array(referenceCount + 1);
  const sourceLengths = new Int32Array(referenceCount);
  for (let r = 0; r < referenceCount; r++) {
    sourceLengths[r] = references[r]!.tokens.length;
    tokenStart[r + 1] = tokenStart[r]! + sourceLengths[r]!;
  }

  const totalTokens = tokenStart[referenceCount]!;
  const tokenIdTable = new StringIdTable();
  const tokenIds = new Int32Array(totalTokens);
  let position = 0;
  for (const reference of references) {
    for (const token of reference.tokens) tokenIds[position++] = tokenIdTable.intern(token);
  }
  const vocabularySize = tokenIdTable.size;

  // bigramIds[i] = id of the bigram ending at position i; -1 at each reference's first token.
  const bigramIdTable = new PairIdTable(totalTokens);
  const bigramIds = new Int32Array(totalTokens).fill(-1);
  for (let r = 0; r < referenceCount; r++) {
    for (let i = tokenStart[r]! + 1; i < tokenStart[r + 1]!; i++) {
      bigramIds[i] = bigramIdTable.intern(tokenIds[i - 1]!, tokenIds[i]!);
    }
  }
  const bigramVocabularySize = bigramIdTable.size;

  const unigrams = countDistinct(tokenIds, tokenStart, new Int32Array(vocabularySize));
  const bigrams = countDistinct(bigramIds, tokenStart, new Int32Array(bigramVocabularySize));
  return {
    referenceCount,
    tokenIdTable,
    vocabularySize,
    tokenIds,
    tokenStart,
    bigramIdTable,
    bigramVocabularySize,
    unigramStart: unigrams.start,
    unigramIds: unigrams.ids,
    unigramCounts: unigrams.counts,
    bigramStart: bigrams.start,
    bigramIds: bigrams.ids,
    bigramCounts: bigrams.counts,
    sourceTokens: references.map((reference) => reference.tokens),
    sourceLengths,
  };
}

/** Whether `index` was built from exactly these reference objects' token arrays, at these lengths. */
function indexStillMatches(index: ReferenceIndex, references: readonly RougeReference[]): boolean {
  if (index.referenceCount !== references.length) return false;
  for (let r = 0; r < references.length; r++) {
    const tokens = references[r]!.tokens;
    if (tokens !== index.sourceTokens[r] || tokens.length !== index.sourceLengths[r]) return false;
  }
  return true;
}

/**
 * Indexes already built, keyed by the identity of the references array. A ground truth is treated as
 * immutable once built: replacing a reference, a tokens array, or changing the number of references
 * or of a reference's tokens is noticed and the index rebuilt, but editing a token string in place
 * (`tokens[i] = 'other'`) is not. The entry goes away with the array.
 */
const indexCache = new WeakMap<readonly RougeReference[], ReferenceIndex>();

/** The index of `references`, built on the first call for this array and reused after. */
export function referenceIndexFor(references: readonly RougeReference[]): ReferenceIndex {
  const cached = indexCache.get(references);
  if (cached !== undefined && indexStillMatches(cached, references)) return cached;
  const index = buildReferenceIndex(references);
  indexCache.set(references, index);
  return index;
}
