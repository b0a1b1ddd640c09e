import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { histogramStats, jensenShannonDistance } from '../../src/analytics/index.js';
import { analyzeText } from '../../src/nlp/index.js';
import { buildDocument } from '../../src/style/engine/document.js';
import { arrayStats, jsDistance } from '../../src/style/engine/objective.js';
import { FeatureState, FUNCTION_WORD_LIST } from '../../src/style/engine/state.js';
import { Scorer } from '../../src/style/engine/scorer.js';
import { groupImprovements } from '../../src/style/engine/verify.js';
import { qualityAnalytics } from '../../src/quality/index.js';
import { AI_TEXT } from './corpus.js';
import { FORMAL_MODEL } from './ops-helpers.js';

describe('objective pieces', () => {
  it('arrayStats equals histogramStats of the analytics', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 80 }), (values) => {
        const array = new Float64Array(64);
        const histogram: Record<string, number> = {};
        for (const value of values) {
          array[value] = (array[value] ?? 0) + 1;
          histogram[String(value)] = (histogram[String(value)] ?? 0) + 1;
        }
        const expected = histogramStats(histogram);
        const [mean, median, stdDev] = arrayStats(array);
        expect(Math.abs(mean - expected.mean)).toBeLessThan(1e-9);
        expect(median).toBe(expected.median);
        expect(Math.abs(stdDev - expected.stdDev)).toBeLessThan(1e-6);
      }),
    );
  });

  it('jsDistance equals the analytics Jensen-Shannon distance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 5, maxLength: 5 }),
        fc.array(fc.nat(20), { minLength: 5, maxLength: 5 }),
        (a, b) => {
          const total = b.reduce((s, v) => s + v, 0);
          const q = Float64Array.from(b.map((v) => (total > 0 ? v / total : 0)));
          const record = (values: number[]): Record<string, number> =>
            Object.fromEntries(values.map((v, i) => [`k${i}`, v]));
          expect(
            Math.abs(jsDistance(Float64Array.from(a), q) - jensenShannonDistance(record(a), record(b))),
          ).toBeLessThan(1e-9);
        },
      ),
    );
  });
});

describe('incremental state', () => {
  it('sums sentence profiles to the counts analyzeText gives for the same text', () => {
    const document = buildDocument(AI_TEXT);
    const state = new FeatureState();
    for (const block of document.blocks)
      for (const sentence of block.sentences) state.apply(sentence.profile, sentence.classes, 1);
    const features = analyzeText(AI_TEXT);
    expect(state.sentences).toBe(features.sentences);
    expect(Math.abs(state.words - features.words)).toBeLessThanOrEqual(2);
    expect(Math.abs(state.syllables - features.syllables)).toBeLessThanOrEqual(3);
    const the = FUNCTION_WORD_LIST.indexOf('the');
    expect(state.functionWords[the]).toBe(features.functionWords['the']);
  });

  it('scores the input at 9 groups of residual 1 plus its habits, and restores state after a trial', () => {
    const document = buildDocument(AI_TEXT);
    const scorer = new Scorer(FORMAL_MODEL.groundTruth.features);
    const sentences = document.blocks.flatMap((block) => block.sentences);
    scorer.start(sentences, 0.085);
    for (const residual of scorer.residuals()) expect(residual).toBeLessThanOrEqual(1 + 1e-12);
    const before = scorer.score();
    const [first, second] = sentences;
    if (first === undefined || second === undefined) throw new Error('sentences expected');
    scorer.tryReplace([first], [second]);
    expect(scorer.score()).toBeCloseTo(before, 12);
  });

  it('summarises quality_analytics per group as documented', () => {
    const quality = qualityAnalytics({
      personalized: AI_TEXT,
      unpersonalized: AI_TEXT,
      groundTruth: FORMAL_MODEL.groundTruth,
    });
    expect(Object.values(groupImprovements(quality))).toEqual(new Array(9).fill(0));
  });
});
