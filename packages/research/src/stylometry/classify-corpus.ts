/**
 * Attribution of a corpus with a chosen classifier and distance, as stylo's classify(): the feature
 * space from the labelled documents (the `mostFrequent` features by mean relative frequency, or a
 * word list of your own, after culling), every labelled document a training document, every unknown
 * one classified; optionally a stratified k-fold cross-validation of the labelled ones.
 */
import { deltaReference, type DeltaReference } from '@styler-dev/analytics/metrics';
import { trainClassifier, type ClassifierName, type ClassifierOptions } from './classifiers/index.js';
import type { Classifier, Prediction } from './classifiers/types.js';
import type { CorpusDocument } from './corpus.js';
import { crossValidate, type CrossValidation } from './cross-validation.js';
import { cullingReport, spaceVector, type CullingReport } from './feature-space.js';
import { minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';

export interface ClassifyCorpusOptions extends ClassifierOptions {
  classifier?: ClassifierName;
  /** Features compared (default 100, stylo's). */
  mostFrequent?: number;
  culling?: number;
  /** A word (feature) list of your own, in rank order. */
  words?: readonly string[];
  /** Folds of a stratified cross-validation of the labelled documents (none by default). */
  folds?: number;
  /** The shared-words rule's share (shared-features.ts; default ½, 0: off). */
  minShared?: number;
}

/** An unknown document classified; `label` null when the shared-words rule leaves it unattributed. */
export interface ClassifiedDocument extends Omit<Prediction, 'label'> {
  document: string;
  label: string | null;
  /** Why it is not attributed. */
  reason?: string;
}

export interface CorpusClassification {
  classifier: ClassifierName;
  score: Classifier['score'];
  reference: DeltaReference;
  culling: CullingReport;
  /** The unknown documents, classified by a model trained on every labelled one. */
  attribution: ClassifiedDocument[];
  crossValidation: (CrossValidation & { documents: string[]; authors: string[] }) | null;
}

export function classifyCorpus(
  documents: readonly CorpusDocument[],
  options: ClassifyCorpusOptions = {},
): CorpusClassification {
  const labelled = documents.filter((document) => document.author !== undefined);
  if (labelled.length < 2) throw new RangeError('a classification needs at least two documents with an author');
  const mostFrequent = options.mostFrequent ?? 100;
  const culling = options.culling ?? 0;
  const reference = deltaReference(
    labelled.map((document) => document.profile),
    mostFrequent,
    { culling, ...(options.words !== undefined && { words: options.words }) },
  );
  if (reference.words.length === 0)
    throw new RangeError('no feature is left to compare (culling, or an unused word list)');
  const set = {
    reference,
    vectors: labelled.map((document) => spaceVector(document.profile, reference)),
    labels: labelled.map((document) => document.author!),
  };
  const classifier = options.classifier ?? 'centroid';
  const model = trainClassifier(classifier, set, options);
  const minShared = minSharedShare(options.minShared);
  const attribution = documents
    .filter((document) => document.author === undefined)
    .map((document): ClassifiedDocument => {
      const vector = spaceVector(document.profile, reference);
      const prediction = model.predict(vector);
      const tooFew = tooFewShared(sharedFeatures(vector.counts), reference.words.length, minShared);
      return { document: document.name, ...prediction, ...(tooFew !== undefined && { label: null, reason: tooFew }) };
    });
  const crossValidation =
    options.folds === undefined
      ? null
      : {
          ...crossValidate(set, classifier, options.folds, options),
          documents: labelled.map((document) => document.name),
          authors: set.labels,
        };
  return {
    classifier,
    score: model.score,
    reference,
    culling: cullingReport(reference, mostFrequent, culling),
    attribution,
    crossValidation,
  };
}
