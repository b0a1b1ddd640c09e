import type { ReferenceIndex } from './reference-index.js';

/** Clipped n-gram overlaps of one prediction with each indexed reference, by reference index. */
export interface ReferenceOverlaps {
  /** Σ over tokens of min(count in prediction, count in reference). */
  unigrams: Int32Array;
  /** Σ over bigrams of min(count in prediction, count in reference). */
  bigrams: Int32Array;
}

/**
 * rouge-score's clipped unigram and bigram match counts of a prediction against every reference.
 * `predictionIds` are ids of the index's vocabulary, -1 for a token no reference has (it matches
 * nothing, and neither does a bigram containing it). Counts the prediction once, then each
 * reference costs one pass over its distinct unigrams and bigrams; no string is touched.
 */
export function referenceOverlaps(index: ReferenceIndex, predictionIds: Int32Array): ReferenceOverlaps {
  const { bigramIdTable, referenceCount } = index;
  const predictionUnigrams = new Int32Array(index.vocabularySize);
  const predictionBigrams = new Int32Array(index.bigramVocabularySize);
  let previous = -1;
  for (let i = 0; i < predictionIds.length; i++) {
    const id = predictionIds[i]!;
    if (id >= 0) {
      predictionUnigrams[id]!++;
      if (previous >= 0) {
        const bigram = bigramIdTable.idOf(previous, id);
        if (bigram >= 0) predictionBigrams[bigram]!++;
      }
    }
    previous = id;
  }

  const unigrams = new Int32Array(referenceCount);
  const bigrams = new Int32Array(referenceCount);
  const { unigramStart, unigramIds, unigramCounts, bigramStart, bigramIds, bigramCounts } = index;
  for (let r = 0; r < referenceCount; r++) {
    let matches = 0;
    for (let e = unigramStart[r]!; e < unigramStart[r + 1]!; e++) {
      matches += Math.min(predictionUnigrams[unigramIds[e]!]!, unigramCounts[e]!);
    }
    unigrams[r] = matches;
    matches = 0;
    for (let e = bigramStart[r]!; e < bigramStart[r + 1]!; e++) {
      matches += Math.min(predictionBigrams[bigramIds[e]!]!, bigramCounts[e]!);
    }
    bigrams[r] = matches;
  }
  return { unigrams, bigrams };
}
