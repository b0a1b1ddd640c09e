import { bigramIdOf, type Postings } from './postings.js';
import type { ReferenceIndex } from './reference-index.js';

/** Clipped n-gram overlaps of one prediction with each indexed reference, by reference index. */
export interface ReferenceOverlaps {
  /** Σ over tokens of min(count in prediction, count in reference). */
  unigrams: Int32Array;
  /** Σ over bigrams of min(count in prediction, count in reference). */
  bigrams: Int32Array;
}

/**
 * Adds min(count in the prediction, count in reference r) into overlaps[r] for every id the
 * prediction has (`distinct[0 .. distinctCount)`, with counts in `predictionCounts`).
 */
function addClippedCounts(
  postings: Postings,
  distinct: Int32Array,
  distinctCount: number,
  predictionCounts: Int32Array,
  overlaps: Int32Array,
): void {
  const { start, reference, count } = postings;
  for (let d = 0; d < distinctCount; d++) {
    const id = distinct[d]!;
    const inPrediction = predictionCounts[id]!;
    for (let p = start[id]!; p < start[id + 1]!; p++) overlaps[reference[p]!]! += Math.min(inPrediction, count[p]!);
  }
}

/** Per-id counts of one prediction, all zero between calls (see `countsFor`). */
interface CountBuffers {
  unigrams: Int32Array;
  bigrams: Int32Array;
}

const countBuffers = new WeakMap<ReferenceIndex, CountBuffers>();

/**
 * Zeroed count arrays over the index's vocabularies, kept with the index. Why: a fresh pair per
 * prediction cost a zero-filled allocation of every bigram id of every reference (hundreds of
 * kilobytes for a 100-document ground truth) where a prediction touches a few thousand entries;
 * `referenceOverlaps` zeroes only those again when it is done.
 */
function countsFor(index: ReferenceIndex): CountBuffers {
  let buffers = countBuffers.get(index);
  if (buffers === undefined) {
    buffers = {
      unigrams: new Int32Array(index.vocabularySize),
      bigrams: new Int32Array(index.bigramVocabularySize),
    };
    countBuffers.set(index, buffers);
  }
  return buffers;
}

/**
 * rouge-score's clipped unigram and bigram match counts of a prediction against every reference.
 * `predictionIds` are ids of the index's vocabulary, -1 for a token no reference has (it matches
 * nothing, and neither does a bigram containing it). Counts the prediction's n-grams once, then walks
 * the postings of those n-grams only: an n-gram no reference has costs nothing, one in every
 * reference costs one step per reference. No string is touched.
 */
export function referenceOverlaps(index: ReferenceIndex, predictionIds: Int32Array): ReferenceOverlaps {
  const { bigramTable, referenceCount } = index;
  const { unigrams: unigramCounts, bigrams: bigramCounts } = countsFor(index);
  const distinctUnigrams = new Int32Array(predictionIds.length);
  const distinctBigrams = new Int32Array(predictionIds.length);
  let unigramCount = 0;
  let bigramCount = 0;
  let previous = -1;
  for (let i = 0; i < predictionIds.length; i++) {
    const id = predictionIds[i]!;
    if (id >= 0) {
      if (unigramCounts[id]!++ === 0) distinctUnigrams[unigramCount++] = id;
      const bigram = previous >= 0 ? bigramIdOf(bigramTable, previous, id) : -1;
      if (bigram >= 0 && bigramCounts[bigram]!++ === 0) distinctBigrams[bigramCount++] = bigram;
    }
    previous = id;
  }
  const unigrams = new Int32Array(referenceCount);
  const bigrams = new Int32Array(referenceCount);
  addClippedCounts(index.unigramPostings, distinctUnigrams, unigramCount, unigramCounts, unigrams);
  addClippedCounts(index.bigramPostings, distinctBigrams, bigramCount, bigramCounts, bigrams);
  for (let d = 0; d < unigramCount; d++) unigramCounts[distinctUnigrams[d]!] = 0;
  for (let d = 0; d < bigramCount; d++) bigramCounts[distinctBigrams[d]!] = 0;
  return { unigrams, bigrams };
}
