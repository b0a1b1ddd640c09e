/**
 * What `styler corpus` adds with stylo's other options: the classification of the unknown texts by
 * the chosen classifier and distance, its cross-validation, and the MDS map; as CSV tables, a
 * summary block and report sections.
 */
import { deltaReference } from '@styler-dev/analytics/metrics';
import { csvText } from '@styler-dev/cli-kit';
import {
  classicalMds,
  classifyCorpus,
  distanceLabel,
  distanceMatrix,
  spaceVector,
  type CorpusClassification,
  type CorpusDocument,
  type DistanceName,
} from '../../stylometry/index.js';
import type { FigureSink } from '../../report/plots.js';
import { classificationSections, mdsSection } from '../../report/stylometry-report.js';
import { featuresDescription, type ClassifySettings, type FeatureSettings } from './options.js';

export interface MethodsInput {
  documents: readonly CorpusDocument[];
  features: FeatureSettings;
  classify?: ClassifySettings;
  mds?: { distance: DistanceName };
  mostFrequent: number;
  culling: number;
  /** The shared-words rule's share (0: off). */
  minShared: number;
  /** Receives each figure of the methods' report sections. */
  figures?: FigureSink;
}

export interface MethodsOutput {
  files: Record<string, string>;
  summary: Record<string, unknown>;
  sections: string[];
  /** Lines for stderr (culling that shrank the list). */
  notes: string[];
}

function classificationFiles(result: CorpusClassification, authors: readonly string[]): Record<string, string> {
  const probabilities = result.attribution.some((entry) => entry.probabilities !== undefined);
  const files: Record<string, string> = {
    'classification.csv': csvText(
      [
        'document',
        'predicted',
        ...authors.map((a) => `score_${a}`),
        ...(probabilities ? authors.map((a) => `p_${a}`) : []),
        'reason',
      ],
      result.attribution.map((entry) => [
        entry.document,
        entry.label,
        ...authors.map((a) => entry.scores[a] ?? null),
        ...(probabilities ? authors.map((a) => entry.probabilities?.[a] ?? null) : []),
        entry.reason ?? null,
      ]),
    ),
  };
  const cv = result.crossValidation;
  if (cv !== null) {
    files['cv.csv'] = csvText(
      ['document', 'author', 'fold', 'predicted'],
      cv.documents.map((document, i) => [document, cv.authors[i]!, cv.fold[i]! + 1, cv.predictions[i]!.label]),
    );
    files['cv-metrics.csv'] = csvText(
      ['author', 'precision', 'recall', 'f1', 'documents'],
      [
        ...Object.entries(cv.metrics.perClass).map(([a, m]) => [a, m.precision, m.recall, m.f1, m.support]),
        [
          'macro average',
          cv.metrics.macro.precision,
          cv.metrics.macro.recall,
          cv.metrics.macro.f1,
          cv.documents.length,
        ],
      ],
    );
  }
  return files;
}

export async function corpusMethods(input: MethodsInput): Promise<MethodsOutput> {
  const output: MethodsOutput = { files: {}, summary: {}, sections: [], notes: [] };
  const { classify, features } = input;
  const authors = [...new Set(input.documents.flatMap((d) => (d.author === undefined ? [] : [d.author])))].sort();
  if (classify !== undefined) {
    const mostFrequent = features.wordList !== undefined ? features.wordList.length : input.mostFrequent;
    const result = classifyCorpus(input.documents, {
      classifier: classify.classifier,
      distance: classify.distance,
      k: classify.k,
      shrinkage: classify.shrinkage,
      cost: classify.cost,
      seed: features.seed,
      mostFrequent,
      culling: input.culling,
      minShared: input.minShared,
      ...(features.wordList !== undefined && { words: features.wordList }),
      ...(classify.folds !== undefined && { folds: classify.folds }),
    });
    const description = featuresDescription(features, result.reference.words.length);
    if (result.culling.shrunk) {
      output.notes.push(
        `culling at ${input.culling} % left ${result.culling.afterCulling} of ${result.culling.vocabulary} features; ${result.culling.used} compared of ${result.culling.asked} asked`,
      );
    }
    for (const entry of result.attribution) {
      if (entry.reason !== undefined) output.notes.push(`${entry.document}: not classified: ${entry.reason}`);
    }
    Object.assign(output.files, classificationFiles(result, authors));
    const cv = result.crossValidation;
    output.summary.classification = {
      classifier: result.classifier,
      ...(['centroid', 'nearest', 'knn'].includes(result.classifier) && { distance: classify.distance }),
      ...(result.classifier === 'knn' && { k: classify.k }),
      ...(result.classifier === 'nsc' && { shrinkage: classify.shrinkage }),
      ...(result.classifier === 'svm' && { cost: classify.cost }),
      score: result.score,
      features: description,
      culling: result.culling,
      attribution: result.attribution.map((entry) => ({
        document: entry.document,
        predicted: entry.label,
        ...(entry.reason !== undefined && { reason: entry.reason }),
        scores: entry.scores,
        ...(entry.probabilities !== undefined && { probabilities: entry.probabilities }),
      })),
      cross_validation:
        cv === null
          ? null
          : {
              folds: cv.folds,
              seed: features.seed,
              accuracy: cv.metrics.accuracy,
              per_author: cv.metrics.perClass,
              macro: cv.metrics.macro,
              confusion: cv.metrics.confusion,
            },
    };
    output.sections.push(...(await classificationSections(result, description, authors, input.figures)));
  }
  if (input.mds !== undefined) {
    const labelled = input.documents.filter((document) => document.author !== undefined);
    const reference = deltaReference(
      labelled.map((document) => document.profile),
      features.wordList?.length ?? input.mostFrequent,
      { culling: input.culling, ...(features.wordList !== undefined && { words: features.wordList }) },
    );
    const vectors = input.documents.map((document) => spaceVector(document.profile, reference));
    const mds = classicalMds(distanceMatrix(vectors, input.mds.distance), 2);
    output.files['mds.csv'] = csvText(
      ['document', 'author', 'D1', 'D2'],
      input.documents.map((d, i) => [
        d.name,
        d.author ?? null,
        mds.coordinates[i]?.[0] ?? 0,
        mds.coordinates[i]?.[1] ?? 0,
      ]),
    );
    output.summary.mds = { distance: input.mds.distance, eigenvalues: mds.eigenvalues, fit: mds.fit };
    output.sections.push(
      ...(await mdsSection(
        mds,
        input.documents.map((d) => ({ name: d.name, author: d.author ?? null })),
        distanceLabel(input.mds.distance),
        input.figures,
      )),
    );
  }
  return output;
}
