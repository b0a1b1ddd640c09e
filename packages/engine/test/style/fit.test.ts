import { describe, expect, it } from 'vitest';
import { fitStyle } from '../../src/style/index.js';
import { CASUAL_DOCUMENTS, FORMAL_DOCUMENTS } from './corpus.js';

describe('fitStyle: arguments', () => {
  it('throws TypeError naming the argument for wrong types', () => {
    expect(() => fitStyle('text' as unknown as string[])).toThrow(/documents/);
    expect(() => fitStyle('text' as unknown as string[])).toThrow(TypeError);
    expect(() => fitStyle(['ok', 3 as unknown as string])).toThrow(/documents\[1\]/);
    expect(() => fitStyle(['A sentence here.'], { matchOutputLength: 'yes' as unknown as boolean })).toThrow(
      /matchOutputLength/,
    );
  });

  it('throws RangeError for an empty list, invalid_training_data for documents without prose', () => {
    expect(() => fitStyle([])).toThrow(RangeError);
    expect(() => fitStyle(['# Only a heading', '```\ncode only\n```'])).toThrow(/no prose/);
    expect(() => fitStyle(['   '])).toThrow(expect.objectContaining({ code: 'invalid_training_data' }));
  });
});

describe('fitStyle: the model', () => {
  const formal = fitStyle(FORMAL_DOCUMENTS);
  const casual = fitStyle(CASUAL_DOCUMENTS, { matchOutputLength: false });

  it('is plain JSON and deterministic', () => {
    expect(JSON.parse(JSON.stringify(formal))).toEqual(formal);
    expect(fitStyle(FORMAL_DOCUMENTS)).toEqual(formal);
  });

  it('keeps the ground truth and the length option', () => {
    expect(formal.version).toBe(1);
    expect(formal.groundTruth.documentCount).toBe(FORMAL_DOCUMENTS.length);
    expect(formal.groundTruth.features.words).toBe(formal.habits.totals.words);
    expect(formal.matchOutputLength).toBe(true);
    expect(casual.matchOutputLength).toBe(false);
  });

  it('measures contractions, spelling, dashes and the serial comma', () => {
    expect(formal.habits.contractions.value.rate).toBeLessThan(0.05);
    expect(casual.habits.contractions.value.rate).toBeGreaterThan(0.9);
    expect(formal.habits.spelling.value.variety).toBe('UK');
    expect(casual.habits.spelling.value.variety).toBe('US');
    expect(formal.habits.punctuation.dash.value.style).toBe('em_closed');
    expect(casual.habits.punctuation.dash.value.style).toBe('en_spaced');
    expect(formal.habits.punctuation.oxfordComma.value).toBeGreaterThan(0.9);
    expect(casual.habits.punctuation.oxfordComma.value).toBeLessThan(0.1);
    expect(formal.habits.punctuation.semicolonPerThousandWords.value).toBeGreaterThan(5);
  });

  it('measures openers, sentence lengths, headings and lists', () => {
    expect(formal.habits.openers.preferred['contrast']).toBe('But');
    expect(formal.habits.openers.preferred['consequence']).toBe('So');
    expect(formal.habits.sentenceLength.value.mean).toBeGreaterThan(casual.habits.sentenceLength.value.mean);
    expect(casual.habits.headings.value.case).toBe('sentence');
    expect(formal.habits.headings.value.case).toBe('unknown');
    expect(casual.habits.lists.value.bullet).toBe('-');
    expect(casual.habits.lists.value.terminalPeriodRate).toBe(0);
  });

  it('records vocabulary, generic phrasing avoided, person and passages', () => {
    expect(formal.habits.vocabulary['letter']).toBeGreaterThan(0);
    expect(formal.habits.avoidedGeneric).toContain('leverage');
    expect(formal.habits.person.firstSingularPerThousandWords).toBeGreaterThan(
      casual.habits.person.firstSingularPerThousandWords,
    );
    expect(formal.habits.passages.length).toBeGreaterThan(0);
    for (const passage of formal.habits.passages) expect(passage.split(/\s+/).length).toBeLessThanOrEqual(140);
  });

  it('gives each habit a confidence in [0, 1] that grows with evidence', () => {
    const small = fitStyle(FORMAL_DOCUMENTS.slice(0, 1));
    expect(formal.habits.contractions.confidence).toBeGreaterThan(small.habits.contractions.confidence);
    for (const habit of [formal.habits.sentenceLength, formal.habits.spelling, formal.habits.punctuation.oxfordComma]) {
      expect(habit.confidence).toBeGreaterThanOrEqual(0);
      expect(habit.confidence).toBeLessThan(1);
    }
  });
});
