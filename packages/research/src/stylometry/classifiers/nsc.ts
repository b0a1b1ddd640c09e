/**
 * Nearest shrunken centroids (Tibshirani, Hastie, Narasimhan & Chu 2002, "Diagnosis of multiple
 * cancer types by shrunken centroids of gene expression", PNAS 99(10); Hastie, Tibshirani & Friedman,
 * The Elements of Statistical Learning, 2nd ed., §18.2), as R's pamr, which stylo's classify(method =
 * "nsc") calls on relative frequencies with threshold 1. With x̄_kj the mean of feature j in class k
 * (n_k documents of n), x̄_j its overall mean:
 *
 *   s_j² = Σ_k Σ_{i∈k} (x_ij − x̄_kj)² / (n − K)   pooled within-class variance; s_0 = median of s_j
 *   m_k = sqrt(1/n_k − 1/n)
 *   d_kj = (x̄_kj − x̄_j) / (m_k (s_j + s_0)),   d'_kj = sign(d_kj) (|d_kj| − Δ)₊   (soft threshold Δ)
 *   x̄'_kj = x̄_j + m_k (s_j + s_0) d'_kj        the shrunken centroid
 *   δ_k(x) = Σ_j (x_j − x̄'_kj)² / (s_j + s_0)² − 2 log π_k
 *   p(k | x) = exp(−δ_k/2) / Σ_l exp(−δ_l/2)    a calibrated posterior (the softmax of −δ/2)
 *
 * Δ = 0 keeps every centroid (nearest centroid in the standardized metric); a large Δ shrinks them
 * all to the overall mean, leaving only the priors π (default: the class shares, as pamr). A feature
 * shrunk to the overall mean in every class adds the same to every δ_k, so δ sums only the others
 * (the posteriors are unchanged); s_j + s_0 is at least 1e-9.
 */
import type { SpaceVector } from '../feature-space.js';
import { bestOf, classesOf, type Classifier, type TrainingSet } from './types.js';

export interface NscOptions {
  /** The soft threshold Δ (default 1, as stylo calls pamr). */
  shrinkage?: number;
  /** Class priors: the training shares (default, as pamr) or uniform. */
  priors?: 'proportional' | 'uniform';
}

/** A trained NSC model: the classifier and what it kept. */
export interface NscModel extends Classifier {
  /** Per class, the shrunken standardized differences d'_kj of each feature. */
  shrunkenDifferences: Record<string, number[]>;
  /** Features with a non-zero d' for some class (the ones that still discriminate). */
  activeFeatures: number[];
}

/** The least s_j + s_0 (a feature no class varies in). */
const MIN_SCALE = 1e-9;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Trains NSC on the training set's relative frequencies. */
export function trainNsc(set: TrainingSet, options: NscOptions = {}): NscModel {
  const classes = classesOf(set);
  const shrinkage = options.shrinkage ?? 1;
  if (!(typeof shrinkage === 'number' && shrinkage >= 0 && Number.isFinite(shrinkage))) {
    throw new RangeError('shrinkage must be a finite number of at least 0');
  }
  const n = set.vectors.length;
  const K = classes.length;
  if (n <= K) throw new RangeError('NSC needs more training documents than classes (for the within-class spread)');
  const p = set.vectors[0]?.frequencies.length ?? 0;
  const members = classes.map((label) => set.vectors.filter((_, i) => set.labels[i] === label));
  const mean = (rows: readonly SpaceVector[], j: number): number =>
    rows.reduce((sum, row) => sum + row.frequencies[j]!, 0) / rows.length;
  const overall = Array.from({ length: p }, (_, j) => mean(set.vectors, j));
  const centroids = members.map((rows) => Array.from({ length: p }, (_, j) => mean(rows, j)));
  const spread = Array.from({ length: p }, (_, j) => {
    let sum = 0;
    members.forEach((rows, k) => {
      for (const row of rows) sum += (row.frequencies[j]! - centroids[k]![j]!) ** 2;
    });
    return Math.sqrt(sum / (n - K));
  });
  const s0 = p > 0 ? median(spread) : 0;
  // Documents of a class alike in every feature (s_j + s_0 = 0) would divide by zero: a floor, as Delta's σ.
  const scale = spread.map((s) => Math.max(s + s0, MIN_SCALE));
  const priors = members.map((rows) => (options.priors === 'uniform' ? 1 / K : rows.length / n));
  const shrunkenDifferences: Record<string, number[]> = {};
  const shrunken = members.map((rows, k) => {
    const m = Math.sqrt(1 / rows.length - 1 / n);
    const differences = overall.map((mu, j) => {
      if (m === 0) return 0;
      const d = (centroids[k]![j]! - mu) / (m * scale[j]!);
      return Math.sign(d) * Math.max(0, Math.abs(d) - shrinkage);
    });
    shrunkenDifferences[classes[k]!] = differences;
    return overall.map((mu, j) => mu + m * scale[j]! * differences[j]!);
  });
  const activeFeatures = overall.map((_, j) => j).filter((j) => classes.some((c) => shrunkenDifferences[c]![j] !== 0));
  return {
    classes,
    score: { meaning: 'NSC discriminant score δ_k (lower is nearer)', lowerIsBetter: true },
    shrunkenDifferences,
    activeFeatures,
    predict(vector: SpaceVector) {
      const scores: Record<string, number> = {};
      classes.forEach((label, k) => {
        let sum = 0;
        for (const j of activeFeatures) sum += (vector.frequencies[j]! - shrunken[k]![j]!) ** 2 / scale[j]! ** 2;
        scores[label] = sum - 2 * Math.log(priors[k]!);
      });
      const lowest = Math.min(...Object.values(scores));
      const weights = classes.map((label) => Math.exp(-(scores[label]! - lowest) / 2));
      const total = weights.reduce((a, b) => a + b, 0);
      const probabilities = Object.fromEntries(classes.map((label, k) => [label, weights[k]! / total]));
      return { label: bestOf(classes, scores, true), scores, probabilities };
    },
  };
}
