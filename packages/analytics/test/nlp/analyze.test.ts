import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/nlp/index.js';
import { SENTENCE_STRUCTURES } from '../../src/metrics/index.js';

describe('analyzeText', () => {
  it('counts words by the METRICS.md rule', () => {
    const f = analyzeText("The well-known U.S. firm can't pay 2,000 dollars.");
    // The | well-known | U.S. | firm | can't | pay | 2,000 | dollars
    expect(f.words).toBe(8);
    expect(f.sentences).toBe(1);
    expect(f.sentenceLengths).toEqual({ '8': 1 });
    // well-known has 9 letters; U.S. has 2; can't has 4; 2,000 has 4 digits
    expect(f.wordLengths['9']).toBe(1);
    expect(f.wordLengths['2']).toBe(1);
    expect(f.punctuation.period).toBe(1);
    expect(f.punctuation.comma).toBe(0);
  });

  it('leaves headings, code and tables out, and keeps sentences inside blocks', () => {
    const f = analyzeText(
      '# A Heading Here\n\nOne short line\n\nAnother line here.\n\n```\ncode. code.\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(f.sentences).toBe(2);
    expect(f.words).toBe(6);
  });

  it('counts punctuation marks per METRICS.md', () => {
    const f = analyzeText('Wait... really?! Yes; no: maybe (perhaps) [sic], fine.');
    expect(f.punctuation).toMatchObject({
      period: 2,
      question_mark: 1,
      exclamation_mark: 1,
      semicolon: 1,
      colon: 1,
      parenthetical: 2,
      comma: 1,
    });
  });

  it('counts URLs and e-mail addresses as one word of zero syllables', () => {
    const withAddress = analyzeText('Write to a@b.com today.');
    const without = analyzeText('Write to today.');
    expect(withAddress.words - without.words).toBe(1);
    expect(withAddress.syllables).toBe(without.syllables);
  });

  it('counts function words, content words and every token tag', () => {
    const f = analyzeText('The cat sat on the mat.');
    expect(f.functionWords).toMatchObject({ the: 2, on: 1 });
    expect(f.contentWords).toBe(3);
    expect(Object.values(f.pos).reduce((a, b) => a + b, 0)).toBe(7);
    expect(f.pos.PUNCT).toBe(1);
  });

  it('gives one sentence class per counted sentence', () => {
    const f = analyzeText('The report was written by the team. We read it because it mattered.');
    expect(f.sentenceClasses).toHaveLength(2);
    expect(f.sentenceClasses[0]?.voice).toBe('passive');
    expect(f.sentenceClasses[1]?.structure).toBe('complex');
    expect(SENTENCE_STRUCTURES.reduce((s, k) => s + f.structure[k], 0)).toBe(2);
  });

  it('gives zeros for text without prose', () => {
    const f = analyzeText('```\nonly code\n```');
    expect(f.words).toBe(0);
    expect(f.sentences).toBe(0);
    expect(f.sentenceClasses).toEqual([]);
  });

  it('throws a TypeError naming the argument for non-strings', () => {
    expect(() => analyzeText(42 as unknown as string)).toThrow(TypeError);
    expect(() => analyzeText(undefined as unknown as string)).toThrow(/text/);
  });
});

describe('text in Chinese, Japanese or Korean script', () => {
  it('is refused with unsupported_language, naming the count of its letters', () => {
    expect(() => analyzeText('今日は良い天気です。私たちは公園に行きました。')).toThrow(
      expect.objectContaining({ code: 'unsupported_language', message: expect.stringMatching(/21 of the text's 21/) }),
    );
    expect(() => analyzeText('오늘은 날씨가 좋습니다. 우리는 공원에 갔습니다.')).toThrow(/Chinese, Japanese or Korean/);
  });

  it('is read as it is when a few names in it stand in English text', () => {
    expect(analyzeText('We met Wang Wei (王伟) in Beijing yesterday, and he was well.').sentences).toBe(1);
  });
});

describe('CJK symbols that are not letters', () => {
  it('are not counted as the letters of a language', () => {
    expect(analyzeText('\u2e80').words).toBe(0);
    expect(analyzeText('Step \u3200 one is done.').sentences).toBe(1);
  });
});
