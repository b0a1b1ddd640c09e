/** The classifiers of the stylometry library, and one entry that trains any of them by name. */
import type { DistanceName } from '../distances.js';
import { trainCentroid, trainNearest } from './distance-based.js';
import { trainKnn } from './knn.js';
import { trainNsc, type NscOptions } from './nsc.js';
import { trainSvm, type SvmOptions } from './svm.js';
import type { Classifier, TrainingSet } from './types.js';

export type ClassifierName = 'centroid' | 'nearest' | 'nsc' | 'knn' | 'svm';

export const CLASSIFIERS: readonly ClassifierName[] = ['centroid', 'nearest', 'nsc', 'knn', 'svm'];

/** The options of every classifier; each takes the ones it uses. */
export interface ClassifierOptions {
  /** centroid, nearest, knn: the distance (default burrows). */
  distance?: DistanceName;
  /** knn: neighbours (default 3). */
  k?: number;
  /** nsc: the soft threshold Δ (default 1) and the priors. */
  shrinkage?: NscOptions['shrinkage'];
  priors?: NscOptions['priors'];
  /** svm: cost C (default 1) and the seed of its visiting order. */
  cost?: SvmOptions['cost'];
  seed?: number;
}

/** Whether a classifier uses the distance option. */
export function usesDistance(name: ClassifierName): boolean {
  return name === 'centroid' || name === 'nearest' || name === 'knn';
}

/** Trains the named classifier on a training set. */
export function trainClassifier(name: ClassifierName, set: TrainingSet, options: ClassifierOptions = {}): Classifier {
  const distance = options.distance ?? 'burrows';
  switch (name) {
    case 'centroid':
      return trainCentroid(set, distance);
    case 'nearest':
      return trainNearest(set, distance);
    case 'knn':
      return trainKnn(set, options.k ?? 3, distance);
    case 'nsc':
      return trainNsc(set, {
        ...(options.shrinkage !== undefined && { shrinkage: options.shrinkage }),
        ...(options.priors !== undefined && { priors: options.priors }),
      });
    case 'svm':
      return trainSvm(set, {
        ...(options.cost !== undefined && { cost: options.cost }),
        ...(options.seed !== undefined && { seed: options.seed }),
      });
    default:
      throw new RangeError(`classifier must be one of ${CLASSIFIERS.join(', ')}`);
  }
}

export { distanceLabel, trainCentroid, trainNearest } from './distance-based.js';
export { trainKnn } from './knn.js';
export { trainNsc, type NscModel, type NscOptions } from './nsc.js';
export { decisionValue, trainBinarySvm, trainSvm, type LinearMachine, type SvmOptions } from './svm.js';
export type { Classifier, Prediction, TrainingSet } from './types.js';
