/** Stratified k-fold cross-validation and the per-class metrics. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaReference } from '@styler-dev/analytics/metrics';
import {
  analyzeCorpus,
  classificationMetrics,
  crossValidate,
  spaceVector,
  stratifiedFolds,
} from '../../src/stylometry/index.js';
import { habitCorpus } from './support.js';

describe('stratifiedFolds', () => {
  const labelLists = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 2, maxLength: 60 });

  it('partitions the documents into k folds of sizes differing by at most one', () => {
    fc.assert(
      fc.property(labelLists, fc.integer({ min: 2, max: 10 }), fc.nat(1000), (labels, k, seed) => {
        fc.pre(k <= labels.length);
        const fold = stratifiedFolds(labels, k, seed);
        expect(fold).toHaveLength(labels.length);
        for (const f of fold) expect(f >= 0 && f < k && Number.isInteger(f)).toBe(true);
        const sizes = Array.from({ length: k }, (_, f) => fold.filter((g) => g === f).length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        // Stratified: each class spread over the folds within one document.
        for (const label of new Set(labels)) {
          const perFold = Array.from(
            { length: k },
            (_, f) => fold.filter((g, i) => g === f && labels[i] === label).length,
          );
          expect(Math.max(...perFold) - Math.min(...perFold)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('repeats for a seed, and refuses impossible fold counts', () => {
    const labels = ['a', 'a', 'a', 'b', 'b', 'b'];
    expect(stratifiedFolds(labels, 3, 5)).toEqual(stratifiedFolds(labels, 3, 5));
    expect(() => stratifiedFolds(labels, 1)).toThrow(/at least 2/);
    expect(() => stratifiedFolds(labels, 7)).toThrow(/need at least 7 documents/);
  });
});

describe('classificationMetrics', () => {
  it('matches a hand computation', () => {
    // a: 3 documents, 2 right, 1 called b; b: 2 documents, both right; c: 1 document called a.
    const metrics = classificationMetrics(['a', 'a', 'a', 'b', 'b', 'c'], ['a', 'a', 'b', 'b', 'b', 'a']);
    expect(metrics.accuracy).toBeCloseTo(4 / 6, 12);
    expect(metrics.perClass.a).toEqual({ precision: 2 / 3, recall: 2 / 3, f1: expect.closeTo(2 / 3, 12), support: 3 });
    expect(metrics.perClass.b).toEqual({ precision: 2 / 3, recall: 1, f1: expect.closeTo(0.8, 12), support: 2 });
    expect(metrics.perClass.c).toEqual({ precision: 0, recall: 0, f1: 0, support: 1 });
    expect(metrics.macro.recall).toBeCloseTo((2 / 3 + 1 + 0) / 3, 12);
    expect(metrics.confusion.a).toEqual({ a: 2, b: 1, c: 0 });
  });
});

describe('crossValidate', () => {
  const labelled = habitCorpus().filter((d) => d.author !== undefined);
  const reference = deltaReference(
    labelled.map((d) => d.profile),
    20,
  );
  const set = {
    reference,
    vectors: labelled.map((d) => spaceVector(d.profile, reference)),
    labels: labelled.map((d) => d.author!),
  };

  it('classifies every document once, by a model that never saw it', () => {
    const result = crossValidate(set, 'centroid', 4, { seed: 2 });
    expect(result.predictions).toHaveLength(8);
    expect(result.metrics.accuracy).toBe(1);
    expect(result.metrics.perClass.alice!.recall).toBe(1);
  });

  it('with one fold per document and the centroid is the leave-one-out of analyzeCorpus', () => {
    const loo = analyzeCorpus(habitCorpus(), { mostFrequent: 20 }).leaveOneOut;
    const result = crossValidate(set, 'centroid', 8, { distance: 'burrows' });
    labelled.forEach((document, i) => {
      const expected = loo.find((entry) => entry.document === document.name)!;
      expect(result.predictions[i]!.label).toBe(expected.predicted);
      for (const author of ['alice', 'bob']) {
        expect(result.predictions[i]!.scores[author]).toBeCloseTo(expected.distances[author]!, 12);
      }
    });
  });
});
