import { describe, expect, it } from 'vitest';
import { measurePunctuation, serialCommas, dashStyleAt } from '../../../src/style/habits/punctuation-habits.js';
import { contractionCounts, measureLexical, phraseCounts } from '../../../src/style/habits/lexical-habits.js';
import { measureOpeners } from '../../../src/style/habits/openers.js';
import { headingCase } from '../../../src/style/habits/layout-habits.js';
import { histogramPercentile } from '../../../src/style/habits/measure.js';
import { measured } from '../../../src/style/habits/confidence.js';
import { tokenizeBlock } from '../../../src/style/text/tokenize.js';
import { splitSentences, wordsOf } from '../../../src/style/text/sentences.js';

function sentencesOf(text: string) {
  const tokens = tokenizeBlock(text, 'paragraph');
  return splitSentences(tokens).map(([a, b]) => tokens.slice(a, b + 1));
}

describe('punctuation habits', () => {
  it('tells dash forms apart and ignores hyphens and ranges', () => {
    const tokens = tokenizeBlock('a—b c — d e – f g -- h i--j well-known 3–5', 'paragraph');
    const styles = tokens.map((_, i) => dashStyleAt(tokens, i)).filter(Boolean);
    expect(styles).toEqual(['em_closed', 'em_spaced', 'en_spaced', 'double_hyphen_spaced', 'double_hyphen']);
  });

  it('counts serial commas with and without the comma before the conjunction', () => {
    expect(serialCommas(tokenizeBlock('We saw the town, the church, and the market.', 'paragraph'))).toEqual({
      withComma: 1,
      without: 0,
    });
    expect(serialCommas(tokenizeBlock('We saw the town, the church and the market.', 'paragraph'))).toEqual({
      withComma: 0,
      without: 1,
    });
    expect(serialCommas(tokenizeBlock('I came, and I saw it all.', 'paragraph'))).toEqual({ withComma: 0, without: 0 });
  });

  it('measures marks per 1,000 words, quotes and ellipses', () => {
    const sentences = sentencesOf('One; two: three! Four (five)? “Six,” she said . . . and it’s done.');
    const habits = measurePunctuation(sentences, 100);
    expect(habits.semicolonPerThousandWords.value).toBe(10);
    expect(habits.colonPerThousandWords.value).toBe(10);
    expect(habits.exclamationPerThousandWords.value).toBe(10);
    expect(habits.parenthesesPerThousandWords.value).toBe(10);
    expect(habits.curlyQuotes.value).toBe(1);
    expect(habits.ellipsis.value.style).toBe('spaced_dots');
  });
});

describe('lexical habits', () => {
  it('counts contracted and contractible spots', () => {
    const words = sentencesOf("I don't know. We do not go there. It is late now. It's fine. I know what it is.").map(
      wordsOf,
    );
    expect(contractionCounts(words)).toEqual({ contracted: 2, full: 2 });
  });

  it('counts phrases of several words', () => {
    expect(phraseCounts([['in', 'order', 'to', 'go', 'in', 'order', 'to']], ['in order to', 'order'])).toEqual({
      'in order to': 2,
      order: 2,
    });
  });

  it('measures spelling variety, numerals and person', () => {
    const words = sentencesOf(
      'I like the colour and the flavour of it. We saw three ships and 2 boats. You organise it.',
    ).map(wordsOf);
    const habits = measureLexical(words, 20);
    expect(habits.spelling.value).toMatchObject({ variety: 'UK', uk: 3, us: 0 });
    expect(habits.numerals.value).toMatchObject({ words: 1, digits: 1 });
    expect(habits.person.firstSingularPerThousandWords).toBe(50);
    expect(habits.vocabulary['colour']).toBe(1);
    expect(habits.avoidedGeneric).toContain('utilize');
  });
});

describe('openers, headings and helpers', () => {
  it('finds connective openers and the preferred form per concept', () => {
    const words = sentencesOf(
      'But it rained. But we went. However, it was fine. So we stayed. Moreover, it snowed.',
    ).map(wordsOf);
    const openers = measureOpeners(words);
    expect(openers.counts).toEqual({ But: 2, However: 1, Moreover: 1, So: 1 });
    expect(openers.preferred).toMatchObject({ contrast: 'But', consequence: 'So', addition: 'Moreover' });
  });

  it('classifies heading case', () => {
    expect(headingCase(tokenizeBlock('# The Smart Water Bottle That Keeps You on Track', 'heading'))).toBe('title');
    expect(headingCase(tokenizeBlock('## What we changed in the parser', 'heading'))).toBe('sentence');
    expect(headingCase(tokenizeBlock('## all lower case here', 'heading'))).toBe('lower');
    expect(headingCase(tokenizeBlock('# Hello', 'heading'))).toBeUndefined();
  });

  it('computes percentiles and confidences', () => {
    expect(histogramPercentile({ 1: 1, 2: 1, 3: 1, 10: 1 }, 0.5)).toBe(2);
    expect(histogramPercentile({}, 0.5)).toBe(0);
    expect(measured(1, 0, 10).confidence).toBe(0);
    expect(measured(1, 10, 10).confidence).toBeCloseTo(0.5, 3);
  });
});
