/** Sections of a long text: they join back to it, fit the limit, and their summed counts are the text's. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '@styler-dev/analytics';
import { emptyCounts, addCounts } from '@styler-dev/analytics/metrics';
import { textSections } from '../../src/cli/sections.js';
import { darwin } from '../http/support/fixtures.js';

describe('textSections', () => {
  it('joins back to the text, each section within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 2, max: 60 }), (text, max) => {
        const sections = textSections(text, max);
        expect(sections.join('')).toBe(text);
        for (const section of sections) expect(section.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('cuts at paragraph breaks first, then line breaks, then spaces', () => {
    expect(textSections('One two.\n\nThree four.\nFive six.', 20)).toEqual([
      'One two.\n\n',
      'Three four.\n',
      'Five six.',
    ]);
    expect(textSections('aaa bbb ccc', 8)).toEqual(['aaa bbb ', 'ccc']);
    expect(textSections('abcdefgh', 3)).toEqual(['abc', 'def', 'gh']);
    expect(textSections('a\u{1F600}b', 2)).toEqual(['a', '\u{1F600}', 'b']);
    expect(() => textSections('text', 1)).toThrow(RangeError);
  });

  it("gives counts that sum to the whole text's when cut at paragraph breaks", () => {
    const text = [1, 2, 3].map(darwin).join('\n\n');
    const sections = textSections(text, 3_000);
    expect(sections.length).toBeGreaterThan(3);
    const summed = emptyCounts();
    for (const section of sections) addCounts(summed, analyzeText(section));
    const { sentenceClasses: _classes, ...whole } = analyzeText(text);
    expect(summed).toEqual(whole);
  });
});
