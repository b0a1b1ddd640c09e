import { describe, expect, it } from 'vitest';
import { punctuationEdits } from '../../../src/style/ops/punctuation.js';
import { CASUAL_MODEL, contextFor, firstSentence, formalPunctuationContext, textsOf } from '../ops-helpers.js';

const formal = formalPunctuationContext();

describe('punctuation', () => {
  it("converts dashes to the author's form, or to commas, a colon or parentheses", () => {
    const single = firstSentence('It is easy to forget — yet it matters.');
    const edits = punctuationEdits(single.tokens, formal);
    expect(textsOf(edits, 'dash-style')).toEqual(['It is easy to forget—yet it matters.']);
    expect(textsOf(edits, 'dash-comma')).toEqual(['It is easy to forget, yet it matters.']);
    // A colon before a conjunction ("forget: yet it matters") breaks the sentence.
    expect(textsOf(edits, 'dash-colon')).toEqual([]);
    // A comma before a clause of its own splices two clauses; before a verbless phrase it is right.
    for (const text of [
      'Use concrete numbers — for example, a number is far more compelling.',
      'You remain in control — you can accept any suggestion.',
    ]) {
      const clause = firstSentence(text);
      expect(textsOf(punctuationEdits(clause.tokens, formal), 'dash-comma')).toEqual([]);
    }
    const phrase = firstSentence('A soft glow tells you when to drink — no alarms required.');
    expect(textsOf(punctuationEdits(phrase.tokens, formal), 'dash-comma')).toEqual([
      'A soft glow tells you when to drink, no alarms required.',
    ]);
    const explains = firstSentence('There is one rule — never skip the warm-up.');
    expect(textsOf(punctuationEdits(explains.tokens, formal), 'dash-colon')).toEqual([
      'There is one rule: never skip the warm-up.',
    ]);
    const pair = firstSentence('It comes in three colors — red, blue, and green — for everyone.');
    expect(textsOf(punctuationEdits(pair.tokens, formal), 'dash-parentheses')).toEqual([
      'It comes in three colors (red, blue, and green) for everyone.',
    ]);
  });

  it('adds or removes the serial comma as the author does', () => {
    const without = firstSentence('We saw the town, the church and the market.');
    expect(textsOf(punctuationEdits(without.tokens, formal), 'oxford-add')).toEqual([
      'We saw the town, the church, and the market.',
    ]);
    const withComma = firstSentence('We saw the town, the church, and the market.');
    expect(
      textsOf(punctuationEdits(withComma.tokens, { ...contextFor(CASUAL_MODEL), oxfordComma: false }), 'oxford-remove'),
    ).toEqual(['We saw the town, the church and the market.']);
  });

  it('never makes an exclamation mark a period, and converts quotes', () => {
    const sentence = firstSentence('Try it today!');
    expect(punctuationEdits(sentence.tokens, formal)).toEqual([]);
    const curly = { ...formal, curlyQuotes: true };
    const quoted = firstSentence('She said "it\'s fine" and left.');
    expect(textsOf(punctuationEdits(quoted.tokens, curly), 'quotes')).toEqual(["She said “it's fine” and left."]);
  });
});

describe('number ranges', () => {
  it('leaves the dash of a range as it is', () => {
    for (const text of [
      'The workshop runs 10:00 AM – 11:00 AM on Fridays.',
      'Read pages 4 – 9 before the seminar starts.',
      'The survey covered 2019 — 2021 and found growth.',
    ]) {
      const sentence = firstSentence(text);
      const dashEdits = punctuationEdits(sentence.tokens, formal).filter((edit) => edit.op.startsWith('dash'));
      expect(dashEdits).toEqual([]);
    }
    // A dash between words is still the author's to restyle.
    const words = firstSentence('The plan worked – mostly because the team cared.');
    expect(punctuationEdits(words.tokens, formal).some((edit) => edit.op.startsWith('dash'))).toBe(true);
  });
});
