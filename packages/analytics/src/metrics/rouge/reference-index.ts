import type { RougeReference } from '../ground-truth-types.js';
import { StringIdTable } from './id-tables.js';
import { ngramPostings, type BigramTable, type Postings } from './postings.js';

/**
 * A list of prepared references turned into integer form once, so that scoring a prediction never
 * touches a reference token string again: token ids over one shared vocabulary, bigram ids, and for
 * each token and bigram the references that contain it with its count there.
 */
export interface ReferenceIndex {
  readonly referenceCount: number;
  /** Token string to id, ids 0 .. vocabularySize - 1, over every reference token. */
  readonly tokenIdTable: StringIdTable;
  readonly vocabularySize: number;
  /** Token ids of all references, one after the other; reference r is tokenIds[tokenStart[r] .. tokenStart[r + 1]). */
  readonly tokenIds: Int32Array;
  readonly tokenStart: Int32Array;
  /** The distinct bigrams of the references, ids 0 .. bigramVocabularySize - 1 (see `bigramIdOf`). */
  readonly bigramTable: BigramTable;
  readonly bigramVocabularySize: number;
  /** Which references contain each token (by token id), and how often. */
  readonly unigramPostings: Postings;
  /** Which references contain each bigram, and how often (same layout, by bigram id). */
  readonly bigramPostings: Postings;
  /** The token arrays the index was built from, to notice a reference list changed since. */
  readonly sourceTokens: readonly (readonly string[])[];
  readonly sourceLengths: Int32Array;
}

/** Builds the index of `references`; a token that is not a string is a TypeError naming its reference. */
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
  for (let r = 0; r < referenceCount; r++) {
    for (const token of references[r]!.tokens) {
      if (typeof token !== 'string') throw new TypeError(`references[${r}].tokens must be an array of strings`);
      tokenIds[position++] = tokenIdTable.intern(token);
    }
  }
  const vocabularySize = tokenIdTable.size;

  const postings = ngramPostings(tokenIds, tokenStart, tokenIdTable.size);
  return {
    referenceCount,
    tokenIdTable,
    vocabularySize,
    tokenIds,
    tokenStart,
    bigramTable: postings.bigramTable,
    bigramVocabularySize: postings.bigramTable.second.length,
    unigramPostings: postings.unigrams,
    bigramPostings: postings.bigrams,
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
