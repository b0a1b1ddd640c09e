/** What every classifier of the stylometry library takes and gives. */
import type { DeltaReference } from '@styler-dev/analytics/metrics';
import type { SpaceVector } from '../feature-space.js';

/** Labelled documents on one feature space, with the reference that made it. */
export interface TrainingSet {
  reference: DeltaReference;
  vectors: readonly SpaceVector[];
  labels: readonly string[];
}

/** One document's classification. */
export interface Prediction {
  /** The class chosen. */
  label: string;
  /** Per class, the classifier's score (see the classifier's `score`: its meaning and direction). */
  scores: Record<string, number>;
  /** Per class, a posterior probability, where the method gives a calibrated one (NSC). */
  probabilities?: Record<string, number>;
}

/** A trained classifier. */
export interface Classifier {
  /** The classes it can choose, sorted. */
  classes: readonly string[];
  /** What its scores are, e.g. "Burrows' Delta to the class centroid", and whether lower is better. */
  score: { meaning: string; lowerIsBetter: boolean };
  predict(vector: SpaceVector): Prediction;
}

/** The classes of a training set, sorted, after checking it. */
export function classesOf(set: TrainingSet, minimum = 2): string[] {
  if (set.vectors.length !== set.labels.length) throw new RangeError('a training set needs one label per vector');
  const classes = [...new Set(set.labels)].sort();
  if (classes.length < minimum) throw new RangeError(`a classifier needs at least ${minimum} classes`);
  return classes;
}

/** The class of the best score (ties: the first class in sorted order). */
export function bestOf(classes: readonly string[], scores: Record<string, number>, lowerIsBetter: boolean): string {
  let best = classes[0]!;
  for (const label of classes) {
    const score = scores[label]!;
    if (lowerIsBetter ? score < scores[best]! : score > scores[best]!) best = label;
  }
  return best;
}
