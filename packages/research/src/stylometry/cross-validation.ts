/**
 * Stratified k-fold cross-validation, seeded, with per-class precision and recall.
 *
 * Folds: each class's documents are shuffled (a seeded Fisher–Yates) and dealt to the folds in turn,
 * the next class starting at the fold after the last one dealt to, so every fold holds each class's
 * share within one document and the fold sizes differ by at most one. The folds partition the
 * documents. Each fold is classified by a classifier trained on the other k − 1; the feature space
 * (the features, μ and σ) stays that of all labelled documents, as in stylo's classify(cv.folds = k)
 * and this library's leave-one-out, so only the classifier sees the fold held out.
 *
 * Metrics, from the predictions of every fold pooled: accuracy; per class precision = TP / (TP + FP),
 * recall = TP / (TP + FN), F1 = 2PR / (P + R) (0 where undefined); macro averages over the classes.
 */
import { trainClassifier, type ClassifierName, type ClassifierOptions } from './classifiers/index.js';
import type { Prediction, TrainingSet } from './classifiers/types.js';
import { seededRandom } from './random.js';

/** The fold (0 … k − 1) of each document, stratified by label. */
export function stratifiedFolds(labels: readonly string[], k: number, seed = 1): number[] {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`folds must be an integer of at least 2, got ${String(k)}`);
  if (k > labels.length) throw new RangeError(`${k} folds need at least ${k} documents, got ${labels.length}`);
  const random = seededRandom(seed);
  const fold = new Array<number>(labels.length).fill(-1);
  let next = 0;
  for (const label of [...new Set(labels)].sort()) {
    const members = labels.map((l, i) => (l === label ? i : -1)).filter((i) => i >= 0);
    for (let i = members.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    for (const index of members) {
      fold[index] = next;
      next = (next + 1) % k;
    }
  }
  return fold;
}

export interface ClassMetrics {
  precision: number;
  recall: number;
  f1: number;
  /** Documents of the class. */
  support: number;
}

export interface ClassificationMetrics {
  accuracy: number;
  perClass: Record<string, ClassMetrics>;
  macro: { precision: number; recall: number; f1: number };
  /** confusion[actual][predicted]. */
  confusion: Record<string, Record<string, number>>;
}

/** Accuracy, per-class precision/recall/F1 and the confusion matrix of predictions against truth. */
export function classificationMetrics(actual: readonly string[], predicted: readonly string[]): ClassificationMetrics {
  if (actual.length !== predicted.length) throw new RangeError('one prediction per document');
  const classes = [...new Set([...actual, ...predicted])].sort();
  const confusion = Object.fromEntries(
    classes.map((a) => [a, Object.fromEntries(classes.map((p) => [p, 0]))]),
  ) as Record<string, Record<string, number>>;
  actual.forEach((a, i) => (confusion[a]![predicted[i]!]! += 1));
  const perClass: Record<string, ClassMetrics> = {};
  for (const label of classes) {
    const tp = confusion[label]![label]!;
    const support = classes.reduce((sum, p) => sum + confusion[label]![p]!, 0);
    const chosen = classes.reduce((sum, a) => sum + confusion[a]![label]!, 0);
    const precision = chosen > 0 ? tp / chosen : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    perClass[label] = { precision, recall, f1, support };
  }
  const truthClasses = classes.filter((label) => perClass[label]!.support > 0);
  const average = (key: 'precision' | 'recall' | 'f1'): number =>
    truthClasses.length === 0
      ? 0
      : truthClasses.reduce((sum, label) => sum + perClass[label]![key], 0) / truthClasses.length;
  const correct = actual.filter((a, i) => a === predicted[i]).length;
  return {
    accuracy: actual.length > 0 ? correct / actual.length : 0,
    perClass,
    macro: { precision: average('precision'), recall: average('recall'), f1: average('f1') },
    confusion,
  };
}

export interface CrossValidation {
  folds: number;
  /** The fold of each document. */
  fold: number[];
  predictions: Prediction[];
  metrics: ClassificationMetrics;
}

/** k-fold cross-validation of the named classifier over a labelled set. */
export function crossValidate(
  set: TrainingSet,
  classifier: ClassifierName,
  folds: number,
  options: ClassifierOptions & { seed?: number } = {},
): CrossValidation {
  const fold = stratifiedFolds(set.labels, folds, options.seed ?? 1);
  const predictions = new Array<Prediction>(set.vectors.length);
  for (let f = 0; f < folds; f += 1) {
    const train = fold.map((g, i) => (g === f ? -1 : i)).filter((i) => i >= 0);
    const model = trainClassifier(
      classifier,
      {
        reference: set.reference,
        vectors: train.map((i) => set.vectors[i]!),
        labels: train.map((i) => set.labels[i]!),
      },
      options,
    );
    fold.forEach((g, i) => {
      if (g === f) predictions[i] = model.predict(set.vectors[i]!);
    });
  }
  return {
    folds,
    fold,
    predictions,
    metrics: classificationMetrics(
      set.labels,
      predictions.map((p) => p.label),
    ),
  };
}
