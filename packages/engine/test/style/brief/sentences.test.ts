import { describe, expect, it } from 'vitest';
import { sentenceLines } from '../../../src/style/brief/sentences.js';
import { perSentencePhrase, quotedList, RARELY_SENTENCES } from '../../../src/style/brief/phrasing.js';
import { RHYTHM_BINS } from '../../../src/style/habits/rhythm.js';
import type { StyleModel } from '../../../src/style/types.js';
import { authorModel } from './authors.js';

/** Pair counts where short (bin 1: 6–10 words) and long (bin 6: 31–35) sentences follow each other as given. */
function pairs(shortShort: number, shortLong: number, longShort: number, longLong: number): number[][] {
  const table = Array.from({ length: RHYTHM_BINS }, () => new Array<number>(RHYTHM_BINS).fill(0));
  table[1]![1] = shortShort;
  table[1]![6] = shortLong;
  table[6]![1] = longShort;
  table[6]![6] = longLong;
  // Middling sentences (bin 3: 16–20) around them.
  table[3]![3] = 200;
  table[3]![1] = table[1]![3] = table[3]![6] = table[6]![3] = 60;
  return table;
}

/** A real model whose sentence lengths put the 25th percentile at 10 words and the 75th at 30. */
function withRhythm(table: number[][]): StyleModel {
  const base = authorModel('twain-speeches');
  const sentenceLengths: Record<string, number> = { '8': 250, '18': 499, '29': 251 };
  return {
    ...base,
    groundTruth: { ...base.groundTruth, features: { ...base.groundTruth.features, sentenceLengths } },
    habits: { ...base.habits, voice: { ...base.habits.voice!, rhythm: { binWords: 5, pairs: table } } },
  };
}

const rhythmOf = (model: StyleModel): string | undefined =>
  sentenceLines(model).find((line) => line.text.startsWith('Rhythm'))?.text;

describe('sentence lines', () => {
  it('states runs of long sentences when they follow each other more than chance', () => {
    expect(rhythmOf(withRhythm(pairs(60, 60, 60, 150)))).toMatch(
      /^Rhythm: long ones \(over 30 words\) tend to come in runs/,
    );
  });

  it('states alternation when a short sentence follows a long one more than chance', () => {
    expect(rhythmOf(withRhythm(pairs(40, 60, 150, 40)))).toMatch(
      /a short sentence often follows a long one \(\d+ % of the time, against \d+ % overall\)/,
    );
  });

  it('says nothing of rhythm without a clear pattern, or without pair counts', () => {
    expect(rhythmOf(withRhythm(pairs(60, 60, 60, 60)))).toBeUndefined();
    const { voice: _voice, ...habits } = authorModel('twain-speeches').habits;
    expect(rhythmOf({ ...authorModel('twain-speeches'), habits })).toBeUndefined();
  });

  it('describes single-sentence paragraphs as such', () => {
    const base = authorModel('gerrand-go-blog');
    const model = {
      ...base,
      habits: {
        ...base.habits,
        paragraphLength: {
          ...base.habits.paragraphLength,
          value: { meanSentences: 1.2, medianSentences: 1, meanWords: 22 },
        },
      },
    };
    expect(sentenceLines(model).map((line) => line.text)).toContain(
      'Paragraphs are mostly a single sentence (about 22 words).',
    );
  });
});

describe('phrasing', () => {
  it('says how often per sentence in words a writer can count', () => {
    expect(perSentencePhrase(0)).toBe('never');
    expect(perSentencePhrase(2.4)).toBe('about 2.5 a sentence');
    expect(perSentencePhrase(0.9)).toBe('about once a sentence');
    expect(perSentencePhrase(0.6)).toBe('about once a sentence');
    expect(perSentencePhrase(0.5)).toBe('about once every 2 sentences');
    expect(perSentencePhrase(1 / 23)).toBe('about once every 25 sentences');
    expect(perSentencePhrase(1 / 116)).toBe('about once every 120 sentences');
    expect(perSentencePhrase(1 / 1186)).toBe(`rarely (less than once every ${RARELY_SENTENCES} sentences)`);
    expect(perSentencePhrase(Number.NaN)).toBe('never');
  });

  it('lists quoted forms', () => {
    expect(quotedList([])).toBe('');
    expect(quotedList(['But'])).toBe('"But"');
    expect(quotedList(['But', 'And', 'So'])).toBe('"But", "And" and "So"');
  });
});
