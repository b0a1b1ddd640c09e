import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qualityAnalytics } from '@styler-dev/analytics/quality';
import { fitStyle, restyle, restyleWithQuality } from '../../src/style/index.js';
import type { RestyleOptions } from '../../src/style/types.js';
import { AI_TEXT, CASUAL_DOCUMENTS, FORMAL_DOCUMENTS } from './corpus.js';

const FORMAL = fitStyle(FORMAL_DOCUMENTS);
const CASUAL = fitStyle(CASUAL_DOCUMENTS);

/** What the service did before: restyle, then quality analytics of both texts from scratch. */
function restyleThenMeasure(text: string, model = FORMAL, options?: RestyleOptions, includeRouge = false) {
  const styled = restyle(text, model, options);
  const quality = qualityAnalytics({
    personalized: styled,
    unpersonalized: text,
    groundTruth: model.groundTruth,
    includeRouge,
  });
  return { text: styled, quality };
}

describe('restyleWithQuality', () => {
  it('gives the same text and the same quality analytics as restyle followed by qualityAnalytics', () => {
    for (const model of [FORMAL, CASUAL]) {
      expect(restyleWithQuality(AI_TEXT, model)).toEqual(restyleThenMeasure(AI_TEXT, model));
      expect(restyleWithQuality(AI_TEXT, model, undefined, true)).toEqual(
        restyleThenMeasure(AI_TEXT, model, undefined, true),
      );
    }
  });

  it('measures the input as sent when the perspective shift changed what restyle started from', () => {
    const text = 'You should write to your sister. Your letter will please her, and you will feel better.';
    const options: RestyleOptions = { perspective: 'author' };
    const measured = restyleWithQuality(text, FORMAL, options);
    expect(measured).toEqual(restyleThenMeasure(text, FORMAL, options));
    expect(measured.text).not.toBe(text);
  });

  it('agrees on texts it leaves as they are and on arbitrary sentences', () => {
    expect(restyleWithQuality('', FORMAL)).toEqual(restyleThenMeasure('', FORMAL));
    const words = fc.constantFrom(
      'we',
      'it',
      'was',
      'not',
      'the',
      'letter',
      'sent',
      'by',
      'my',
      'sister',
      'and',
      'cannot',
    );
    const sentence = fc.array(words, { minLength: 2, maxLength: 12 }).map((w) => `${w.join(' ')}.`);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), (sentences) => {
        const text = sentences.join(' ');
        expect(restyleWithQuality(text, FORMAL)).toEqual(restyleThenMeasure(text, FORMAL));
      }),
      { numRuns: 30 },
    );
  });
});
