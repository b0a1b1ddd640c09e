/**
 * k-nearest-neighbour classification (as stylo's classify(method = "knn"), which calls R's
 * class::knn): the k training documents nearest by the chosen distance vote, one vote each; a tie
 * goes to the tied class whose voters are nearer in sum, then to the first in sorted order. A class's
 * score is its share of the k votes (not a calibrated probability). stylo's default is k = 1 with the
 * Euclidean distance of z-scores; here the distance is any of distances.ts (k = 1 is `nearest`).
 */
import { distanceBetween, type DistanceName } from '../distances.js';
import type { SpaceVector } from '../feature-space.js';
import { distanceLabel } from './distance-based.js';
import { classesOf, type Classifier, type TrainingSet } from './types.js';

export function trainKnn(set: TrainingSet, k = 3, distance: DistanceName = 'burrows'): Classifier {
  const classes = classesOf(set);
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${String(k)}`);
  const neighbours = Math.min(k, set.vectors.length);
  return {
    classes,
    score: {
      meaning: `share of the ${neighbours} nearest documents (${distanceLabel(distance)})`,
      lowerIsBetter: false,
    },
    predict(vector: SpaceVector) {
      const ranked = set.vectors
        .map((training, i) => ({ label: set.labels[i]!, distance: distanceBetween(vector, training, distance), i }))
        .sort((a, b) => a.distance - b.distance || a.i - b.i)
        .slice(0, neighbours);
      const votes = new Map(classes.map((label) => [label, { votes: 0, sum: 0 }]));
      for (const voter of ranked) {
        const entry = votes.get(voter.label)!;
        entry.votes += 1;
        entry.sum += voter.distance;
      }
      let label = classes[0]!;
      for (const candidate of classes) {
        const a = votes.get(candidate)!;
        const b = votes.get(label)!;
        if (a.votes > b.votes || (a.votes === b.votes && a.votes > 0 && a.sum < b.sum)) label = candidate;
      }
      const scores = Object.fromEntries(classes.map((c) => [c, votes.get(c)!.votes / neighbours]));
      return { label, scores };
    },
  };
}
