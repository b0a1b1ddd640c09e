/**
 * Documents on one feature space: the reference's features (words, n-grams), each document's counts
 * of them with its total, its relative frequencies and its z-scores against the reference. Pooling
 * adds counts, so an author's profile is the pooled counts of the author's documents (as corpus.ts).
 */
import { zScoresOfFrequencies, type DeltaReference, type WordProfile } from '@styler-dev/analytics/metrics';
import type { FeatureVector } from './distances.js';

/** A document on the feature space. */
export interface SpaceVector extends FeatureVector {
  /** Counts of the reference's features, in its order. */
  counts: readonly number[];
  /** All features of the document (the denominator of its relative frequencies). */
  total: number;
}

function fromCounts(counts: readonly number[], total: number, reference: DeltaReference): SpaceVector {
  const frequencies = counts.map((count) => (total > 0 ? count / total : 0));
  return { counts, total, frequencies, zScores: zScoresOfFrequencies(frequencies, reference) };
}

/** A profile (feature counts with their total) on the reference's features. */
export function spaceVector(profile: WordProfile, reference: DeltaReference): SpaceVector {
  return fromCounts(
    reference.words.map((word) => profile.counts[word] ?? 0),
    profile.total,
    reference,
  );
}

/** The pooled profile of several documents: their counts and totals added. */
export function pooledVector(vectors: readonly SpaceVector[], reference: DeltaReference): SpaceVector {
  const counts = new Array<number>(reference.words.length).fill(0);
  let total = 0;
  for (const vector of vectors) {
    total += vector.total;
    for (let i = 0; i < counts.length; i += 1) counts[i]! += vector.counts[i] ?? 0;
  }
  return fromCounts(counts, total, reference);
}

/** The vector restricted to some features (by index, ascending), for random feature subsets. */
export function selectFeatures(vector: FeatureVector, indices: readonly number[]): FeatureVector {
  return {
    frequencies: indices.map((i) => vector.frequencies[i]!),
    zScores: indices.map((i) => vector.zScores[i]!),
  };
}

/**
 * What culling did to the feature list: the features asked for, the distinct features the profiles
 * use, how many passed culling, and how many are used. `shrunk` says culling left fewer than asked.
 */
export interface CullingReport {
  culling: number;
  asked: number;
  vocabulary: number;
  afterCulling: number;
  used: number;
  shrunk: boolean;
}

/** The culling report of a reference made by deltaReference with `asked` features and `culling` %. */
export function cullingReport(reference: DeltaReference, asked: number, culling: number): CullingReport {
  const used = reference.words.length;
  const vocabulary = reference.available?.vocabulary ?? used;
  const afterCulling = reference.available?.afterCulling ?? used;
  return { culling, asked, vocabulary, afterCulling, used, shrunk: culling > 0 && used < Math.min(asked, vocabulary) };
}
