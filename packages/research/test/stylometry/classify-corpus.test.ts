/** classifyCorpus: stylo's classify() over a corpus, every classifier and distance, with cross-validation. */
import { describe, expect, it } from 'vitest';
import {
  analyzeCorpus,
  CLASSIFIERS,
  classifyCorpus,
  DISTANCES,
  type DistanceName,
} from '../../src/stylometry/index.js';
import { habitCorpus } from './support.js';

describe('classifyCorpus', () => {
  const corpus = habitCorpus();

  it("with the centroid and Burrows' Delta gives analyzeCorpus's attribution", () => {
    const analysis = analyzeCorpus(corpus, { mostFrequent: 20 });
    const result = classifyCorpus(corpus, { mostFrequent: 20 });
    expect(result.attribution.map((a) => [a.document, a.label])).toEqual(
      analysis.attribution.map((a) => [a.document, a.predicted]),
    );
    result.attribution.forEach((entry, i) => {
      for (const author of analysis.authors)
        expect(entry.scores[author]).toBeCloseTo(analysis.attribution[i]!.distances[author]!, 12);
    });
    expect(result.crossValidation).toBeNull();
    // The two habits use five word forms ("word0" is the form "word"): fewer than asked, but no culling.
    expect(result.culling).toMatchObject({ asked: 20, vocabulary: 5, used: 5, shrunk: false });
  });

  it.each(CLASSIFIERS.map((c) => [c]))('%s attributes the two habits and cross-validates', (classifier) => {
    const result = classifyCorpus(corpus, { classifier, mostFrequent: 20, folds: 4, k: 3 });
    expect(result.attribution.map((a) => a.label)).toEqual(['alice', 'bob']);
    expect(result.crossValidation!.metrics.accuracy).toBe(1);
    expect(result.crossValidation!.documents).toHaveLength(8);
    if (classifier === 'nsc') expect(result.attribution[0]!.probabilities!.alice).toBeGreaterThan(0.5);
  });

  it.each(DISTANCES.map((d) => [d as DistanceName]))('the nearest text by %s attributes the two habits', (distance) => {
    const result = classifyCorpus(corpus, { classifier: 'nearest', distance, mostFrequent: 20 });
    expect(result.attribution.map((a) => a.label)).toEqual(['alice', 'bob']);
  });

  it('reports culling that shrinks the feature list, and a word list of its own', () => {
    const culled = classifyCorpus(corpus, { mostFrequent: 20, culling: 100 });
    expect(culled.culling.shrunk).toBe(true);
    expect(culled.culling.used).toBeLessThan(20);
    expect(culled.reference.words.length).toBe(culled.culling.used);
    const listed = classifyCorpus(corpus, { mostFrequent: 2, words: ['upon', 'a'] });
    expect(listed.reference.words).toEqual(['upon', 'a']);
    expect(listed.attribution.map((a) => a.label)).toEqual(['alice', 'bob']);
    expect(() => classifyCorpus(corpus, { words: ['zebra'], culling: 100 })).toThrow(/no feature is left/);
  });
});
