import { describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { restyle, restyleWithStats } from '../../src/style/restyle.js';
import { fitStyle } from '../../src/style/index.js';
import { AI_TEXT } from './corpus.js';
import { FORMAL_MODEL } from './ops-helpers.js';

const repeated = (times: number): string => 'The cat sat. '.repeat(times);

describe('restyle: bounded work', () => {
  it('evaluates a bounded number of gains per sentence on repetitive text, whatever its length', () => {
    // Lazy greedy used to re-evaluate nearly every waiting candidate per edit on such text (44 per
    // sentence at 2,000 sentences, and growing with the length).
    const perSentence = [500, 2000].map((n) => {
      const { stats } = restyleWithStats(repeated(n), FORMAL_MODEL);
      expect(stats.sentences).toBe(n);
      return stats.evaluations / stats.sentences;
    });
    for (const ratio of perSentence) expect(ratio).toBeLessThanOrEqual(40);
    expect(perSentence[1]).toBeLessThanOrEqual((perSentence[0] ?? 0) * 1.25);
  });

  it('still edits ordinary prose as before the bounds (a few evaluations per sentence)', () => {
    const { text, stats } = restyleWithStats(AI_TEXT, FORMAL_MODEL);
    expect(text).not.toBe(AI_TEXT);
    expect(stats.applied).toBeGreaterThan(0);
    expect(stats.evaluations / stats.sentences).toBeLessThan(16);
  });

  it('keeps one huge paragraph and one run-on sentence whole and readable', () => {
    const paragraph = AI_TEXT.replace(/\n+/g, ' ').repeat(20);
    const out = restyle(paragraph, FORMAL_MODEL);
    expect(out.split('\n').length).toBe(paragraph.trim().split('\n').length);
    const runOn = `${'the quick brown fox jumps over the lazy dog and '.repeat(400)}sleeps.`;
    expect(restyle(runOn, FORMAL_MODEL)).toBe(runOn);
  });
});

describe('restyle: time budget', () => {
  it('throws time_budget_exceeded once its deadline has passed', () => {
    let caught: unknown;
    try {
      restyle(repeated(400), FORMAL_MODEL, { deadline: Date.now() - 1 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AnalyticsError);
    expect((caught as AnalyticsError).code).toBe('time_budget_exceeded');
  });

  it('gives the same output with a far deadline as without one', () => {
    expect(restyle(AI_TEXT, FORMAL_MODEL, { deadline: Date.now() + 3_600_000 })).toBe(restyle(AI_TEXT, FORMAL_MODEL));
  });

  it('rejects a deadline that is not a number', () => {
    expect(() => restyle(AI_TEXT, FORMAL_MODEL, { deadline: 'soon' as unknown as number })).toThrow(TypeError);
  });
});

describe('fitStyle: nothing recurses on input size', () => {
  it('fits one 1 MB paragraph without line breaks or sentence ends', () => {
    const text = 'the quick brown fox jumps over the lazy dog '.repeat(24_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    const model = fitStyle([text]);
    expect(model.groundTruth.features.words).toBeGreaterThan(200_000);
  });
});
