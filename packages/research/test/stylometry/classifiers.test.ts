/** The classifiers beside Delta: centroid and nearest text, k-NN, nearest shrunken centroids, linear SVM. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaReference, wordProfile, type DeltaReference } from '@styler-dev/analytics/metrics';
import {
  CLASSIFIERS,
  decisionValue,
  spaceVector,
  trainBinarySvm,
  trainCentroid,
  trainClassifier,
  trainKnn,
  trainNearest,
  trainNsc,
  trainSvm,
  type SpaceVector,
  type TrainingSet,
} from '../../src/stylometry/index.js';

/** Vectors given directly by their frequencies (z = frequencies, counts = frequencies · 100). */
function direct(rows: number[][]): SpaceVector[] {
  return rows.map((frequencies) => ({
    frequencies,
    zScores: frequencies,
    counts: frequencies.map((f) => f * 100),
    total: 100,
  }));
}
const flatReference = (p: number): DeltaReference => ({
  words: Array.from({ length: p }, (_, i) => `w${i}`),
  mean: new Array<number>(p).fill(0),
  std: new Array<number>(p).fill(1),
});

describe('centroid and nearest text', () => {
  // Author "spread" has two distant documents; its centroid lies between them, near the unknown.
  const reference = flatReference(1);
  const set: TrainingSet = {
    reference,
    vectors: direct([[0], [1], [0.45]]),
    labels: ['spread', 'spread', 'tight'],
  };
  const unknown = direct([[0.5]])[0]!;

  it('can disagree: the pooled profile against the single nearest document', () => {
    const centroid = trainCentroid(set, 'manhattan').predict(unknown);
    expect(centroid.label).toBe('spread');
    expect(centroid.scores.spread).toBeCloseTo(0, 12);
    const nearest = trainNearest(set, 'manhattan').predict(unknown);
    expect(nearest.label).toBe('tight');
    expect(nearest.scores).toEqual({ spread: 0.5, tight: expect.closeTo(0.05, 12) });
  });

  it('k-NN votes among the k nearest; k = 1 is the nearest text', () => {
    expect(trainKnn(set, 1, 'manhattan').predict(unknown).label).toBe('tight');
    const three = trainKnn(set, 3, 'manhattan').predict(unknown);
    expect(three.label).toBe('spread');
    expect(three.scores).toEqual({ spread: 2 / 3, tight: 1 / 3 });
    // A 1–1 tie goes to the class whose voter is nearer.
    expect(trainKnn(set, 2, 'manhattan').predict(unknown).label).toBe('tight');
    expect(() => trainKnn(set, 0)).toThrow(/k must be/);
  });

  it('pools counts for the centroid (longer documents weigh more)', () => {
    const words = deltaReference([{ the: 1, of: 1 }, { the: 3 }], 2);
    const long = spaceVector(wordProfile({ the: 90, of: 10 }), words);
    const short = spaceVector(wordProfile({ of: 10 }), words);
    const model = trainCentroid(
      { reference: words, vectors: [long, short, long], labels: ['x', 'x', 'y'] },
      'manhattan',
    );
    // Pooled x: the 90, of 20 of 110.
    const probe = spaceVector(wordProfile({ the: 90, of: 20 }), words);
    expect(model.predict(probe).scores.x).toBeCloseTo(0, 12);
  });
});

describe('nearest shrunken centroids', () => {
  const cloud = fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }), {
    minLength: 6,
    maxLength: 12,
  });

  it('with shrinkage 0 and equal priors is the nearest centroid in the standardized metric', () => {
    fc.assert(
      fc.property(
        cloud,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (rows, x) => {
          const labels = rows.map((_, i) => ['a', 'b', 'c'][i % 3]!);
          const vectors = direct(rows);
          const model = trainNsc({ reference: flatReference(3), vectors, labels }, { shrinkage: 0, priors: 'uniform' });
          // The standardized metric by hand: s_j pooled within-class, s_0 their median.
          const classes = ['a', 'b', 'c'];
          const centroids = classes.map((c) => {
            const own = rows.filter((_, i) => labels[i] === c);
            return [0, 1, 2].map((j) => own.reduce((sum, r) => sum + r[j]!, 0) / own.length);
          });
          const s = [0, 1, 2].map((j) =>
            Math.sqrt(
              rows.reduce((sum, r, i) => sum + (r[j]! - centroids[classes.indexOf(labels[i]!)]![j]!) ** 2, 0) /
                (rows.length - 3),
            ),
          );
          const s0 = [...s].sort((p, q) => p - q)[1]!;
          // Documents that do not vary within their class are the floor's case, not this law's.
          fc.pre(s.every((sj) => sj + s0 > 1e-3));
          const scores = centroids.map((centroid) =>
            [0, 1, 2].reduce((sum, j) => sum + (x[j]! - centroid[j]!) ** 2 / (s[j]! + s0) ** 2, 0),
          );
          const prediction = model.predict(direct([x])[0]!);
          classes.forEach((c, k) => expect(prediction.scores[c]).toBeCloseTo(scores[k]! - 2 * Math.log(1 / 3), 6));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives posteriors that sum to 1, and shrinks to the priors when the threshold is large', () => {
    const rows = [[0.1], [0.2], [0.15], [0.9], [0.8]];
    const set = { reference: flatReference(1), vectors: direct(rows), labels: ['a', 'a', 'a', 'b', 'b'] };
    const near = trainNsc(set, { shrinkage: 0 }).predict(direct([[0.85]])[0]!);
    expect(near.label).toBe('b');
    expect(Object.values(near.probabilities!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(near.probabilities!.b).toBeGreaterThan(0.99);
    const shrunk = trainNsc(set, { shrinkage: 100 });
    expect(shrunk.activeFeatures).toEqual([]);
    const prediction = shrunk.predict(direct([[0.85]])[0]!);
    // Every centroid is the overall mean: only the priors 3/5 and 2/5 remain.
    expect(prediction.label).toBe('a');
    expect(prediction.probabilities!.a).toBeCloseTo(0.6, 12);
  });

  it('needs more documents than classes', () => {
    const set = { reference: flatReference(1), vectors: direct([[0], [1]]), labels: ['a', 'b'] };
    expect(() => trainNsc(set)).toThrow(/more training documents than classes/);
  });
});

describe('linear SVM (dual coordinate descent)', () => {
  it('finds the maximum-margin line of two points: w = 1, b = 0', () => {
    const machine = trainBinarySvm([[1], [-1]], [1, -1]);
    expect(machine.weights[0]).toBeCloseTo(1, 6);
    expect(machine.bias).toBeCloseTo(0, 6);
    expect(decisionValue(machine, [1])).toBeCloseTo(1, 6);
  });

  it('meets the margin conditions on separable points (hinge loss 0, support vectors on the margin)', () => {
    const inputs = [
      [2, 2],
      [3, 1],
      [2.5, 3],
      [-1, -2],
      [-2, -1],
      [-3, -3],
    ];
    const labels: Array<1 | -1> = [1, 1, 1, -1, -1, -1];
    const machine = trainBinarySvm(inputs, labels, { cost: 100, tolerance: 1e-9 });
    const margins = inputs.map((x, i) => labels[i]! * decisionValue(machine, x));
    for (const m of margins) expect(m).toBeGreaterThanOrEqual(1 - 1e-6);
    expect(Math.min(...margins)).toBeCloseTo(1, 5);
  });

  it('one-vs-rest separates three clusters, and repeats for a seed', () => {
    const centres = { a: [3, 0], b: [-3, 0], c: [0, 3] } as const;
    const rows: number[][] = [];
    const labels: string[] = [];
    for (const [label, [x, y]] of Object.entries(centres)) {
      for (let i = 0; i < 5; i += 1) {
        rows.push([x + Math.cos(i) * 0.5, y + Math.sin(i) * 0.5]);
        labels.push(label);
      }
    }
    const set = { reference: flatReference(2), vectors: direct(rows), labels };
    const model = trainSvm(set, { seed: 3 });
    expect(rows.map((_, i) => model.predict(set.vectors[i]!).label)).toEqual(labels);
    expect(trainSvm(set, { seed: 3 }).machines).toEqual(model.machines);
  });
});

describe('trainClassifier', () => {
  it('trains every classifier by name, each naming what its scores mean', () => {
    const rows = [
      [0.1, 0.9],
      [0.2, 0.8],
      [0.15, 0.85],
      [0.9, 0.1],
      [0.8, 0.2],
      [0.85, 0.15],
    ];
    const set = { reference: flatReference(2), vectors: direct(rows), labels: ['a', 'a', 'a', 'b', 'b', 'b'] };
    for (const name of CLASSIFIERS) {
      const model = trainClassifier(name, set, { k: 3, shrinkage: 0.5, distance: 'euclidean' });
      expect(model.classes).toEqual(['a', 'b']);
      expect(model.score.meaning.length).toBeGreaterThan(5);
      expect(model.predict(direct([[0.12, 0.88]])[0]!).label, name).toBe('a');
      expect(model.predict(direct([[0.88, 0.12]])[0]!).label, name).toBe('b');
    }
    expect(() => trainClassifier('forest' as never, set)).toThrow(/classifier must be one of/);
    expect(() => trainClassifier('centroid', { ...set, labels: ['a', 'a', 'a', 'a', 'a', 'a'] })).toThrow(/2 classes/);
  });
});
