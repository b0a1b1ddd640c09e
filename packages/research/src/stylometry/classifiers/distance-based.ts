/**
 * The two Delta classifiers, with any distance of distances.ts:
 *
 * - centroid: the class whose pooled profile (its documents' feature counts added, then z-scored on
 *   the reference) is nearest; Burrows' original procedure, and what `styler corpus` did before.
 * - nearest: the class of the single nearest training document, as stylo's classify() (perform.delta)
 *   does; a class's score is its nearest document's distance.
 *
 * The two differ when an author's documents are spread out: the centroid averages them first (a long
 * author profile, stable on short texts), the nearest text lets one close document decide (it follows
 * sub-styles, and is noisier).
 */
import { distanceBetween, type DistanceName } from '../distances.js';
import { pooledVector, type SpaceVector } from '../feature-space.js';
import { bestOf, classesOf, type Classifier, type TrainingSet } from './types.js';

const NAMES: Record<DistanceName, string> = {
  burrows: "Burrows' Delta",
  eder: "Eder's Delta",
  argamon: "Argamon's Delta",
  cosine: 'Cosine Delta',
  manhattan: 'Manhattan distance',
  euclidean: 'Euclidean distance',
  canberra: 'Canberra distance',
  minmax: 'min-max distance',
};

/** A readable name of a distance ("Burrows' Delta"). */
export function distanceLabel(distance: DistanceName): string {
  return NAMES[distance];
}

/** The class whose pooled profile is nearest by `distance`. */
export function trainCentroid(set: TrainingSet, distance: DistanceName = 'burrows'): Classifier {
  const classes = classesOf(set);
  const centroids = new Map(
    classes.map((label) => [
      label,
      pooledVector(
        set.vectors.filter((_, i) => set.labels[i] === label),
        set.reference,
      ),
    ]),
  );
  return {
    classes,
    score: { meaning: `${NAMES[distance]} to the class's pooled profile`, lowerIsBetter: true },
    predict(vector: SpaceVector) {
      const scores: Record<string, number> = {};
      for (const label of classes) scores[label] = distanceBetween(vector, centroids.get(label)!, distance);
      return { label: bestOf(classes, scores, true), scores };
    },
  };
}

/** The class of the nearest training document by `distance`. */
export function trainNearest(set: TrainingSet, distance: DistanceName = 'burrows'): Classifier {
  const classes = classesOf(set);
  return {
    classes,
    score: { meaning: `${NAMES[distance]} to the class's nearest document`, lowerIsBetter: true },
    predict(vector: SpaceVector) {
      const scores: Record<string, number> = Object.fromEntries(classes.map((label) => [label, Infinity]));
      set.vectors.forEach((training, i) => {
        const label = set.labels[i]!;
        scores[label] = Math.min(scores[label]!, distanceBetween(vector, training, distance));
      });
      return { label: bestOf(classes, scores, true), scores };
    },
  };
}
