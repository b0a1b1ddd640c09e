/** Feedback in words from measured differences. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_DEFAULTS,
  chooseFeedback,
  describeLoss,
  logLikelihood,
  measureDraft,
  measuredDifferences,
  revisionLines,
  revisionMessage,
  scoringContext,
  type FeedbackItem,
} from '../../../src/style/candidates/index.js';
import { AI_DRAFT, AUTHOR_DRAFT, DARWIN_MODEL, INPUT } from './texts.js';

const context = scoringContext(DARWIN_MODEL, { input: INPUT, drafts: [AI_DRAFT, AUTHOR_DRAFT] });

describe('logLikelihood', () => {
  it('matches a hand computation', () => {
    // a = 10 of 1,000, b = 0 of 100: E_a = 1,000 · 10 / 1,100; G² = 2 · 10 · ln(10 / E_a).
    expect(logLikelihood({ author: 10, authorSize: 1000, draft: 0, draftSize: 100 })).toBeCloseTo(
      2 * 10 * Math.log(10 / ((1000 * 10) / 1100)),
      12,
    );
  });

  it('is ≥ 0, 0 for equal rates, and symmetric in its two samples', () => {
    const count = fc.integer({ min: 0, max: 500 });
    const size = fc.integer({ min: 1, max: 10_000 });
    fc.assert(
      fc.property(count, size, count, size, (a, na, b, nb) => {
        fc.pre(a <= na && b <= nb);
        const g = logLikelihood({ author: a, authorSize: na, draft: b, draftSize: nb });
        expect(g).toBeGreaterThanOrEqual(-1e-9);
        expect(g).toBeCloseTo(logLikelihood({ author: b, authorSize: nb, draft: a, draftSize: na }), 9);
        expect(logLikelihood({ author: a, authorSize: na, draft: 2 * a, draftSize: 2 * na })).toBeCloseTo(0, 9);
      }),
    );
  });
});

describe('measuredDifferences', () => {
  it("names the AI draft's differences from Darwin with their counts, largest first", () => {
    const items = measuredDifferences(measureDraft(AI_DRAFT, context), DARWIN_MODEL);
    expect(items.map((item) => item.measure).slice(0, 3)).toEqual([
      'contractions',
      'person:reader',
      'person:first-singular',
    ]);
    const contractions = items[0]!;
    expect(contractions.draft).toBe(7);
    expect(contractions.text).toMatch(
      /^You used contractions \('don't', 'it's'\) 7 times; the author rarely does \(about 0\.\d times per 1,000 words, less than once in a text this long\)\.$/,
    );
    expect(items[2]!.text).toMatch(
      /^You wrote in the first person singular \('I', 'me', 'my'\) once; the author does so \(about \d+ times per 1,000 words, about \d+ times in a text this long\)\.$/,
    );
    for (let i = 1; i < items.length; i += 1) expect(items[i]!.statistic).toBeLessThanOrEqual(items[i - 1]!.statistic);
    for (const item of items) expect(item.statistic).toBeGreaterThanOrEqual(CANDIDATE_DEFAULTS.feedbackMinStatistic);
  });

  it('asks a rewrite only for what rewording can reach: no person, pronoun, quantifier or tense', () => {
    const all = measuredDifferences(measureDraft(AI_DRAFT, context), DARWIN_MODEL);
    const rewrite = measuredDifferences(measureDraft(AI_DRAFT, context), DARWIN_MODEL, { rewrite: true });
    expect(all.some((item) => item.measure.startsWith('person:'))).toBe(true);
    expect(rewrite.some((item) => item.measure.startsWith('person:'))).toBe(false);
    const forbidden =
      /^word:(?:i|me|my|we|our|you|your|he|his|she|her|it|its|they|them|their|all|some|many|was|were|had|will|would|must|may|can)$/;
    expect(rewrite.filter((item) => forbidden.test(item.measure))).toEqual([]);
    // What remains is what the full list says of the rest, in the same order.
    expect(rewrite).toEqual(
      all.filter(
        (item) => !item.measure.startsWith('person:') && rewrite.some((kept) => kept.measure === item.measure),
      ),
    );
    expect(rewrite.map((item) => item.measure)).toContain('contractions');
  });

  it("finds fewer and weaker differences in Darwin's own words, and none of his habits", () => {
    const own = measuredDifferences(measureDraft(AUTHOR_DRAFT, context), DARWIN_MODEL);
    const ai = measuredDifferences(measureDraft(AI_DRAFT, context), DARWIN_MODEL);
    expect(own.length).toBeLessThan(ai.length);
    expect(Math.max(0, ...own.map((item) => item.statistic))).toBeLessThan(ai[0]!.statistic / 2);
    expect(own.map((item) => item.measure)).not.toContain('contractions');
    expect(own.map((item) => item.measure)).not.toContain('sentence-length');
  });

  it('says how sentence length differs', () => {
    const choppy = 'We walked. It rained. The dog barked. We went home. It was late. We slept. '.repeat(4);
    const items = measuredDifferences(measureDraft(choppy, context), DARWIN_MODEL);
    const length = items.find((item) => item.measure === 'sentence-length');
    expect(length?.text).toMatch(/^Your sentences average 3 words; the author's average \d\d\.$/);
  });
});

describe('chooseFeedback', () => {
  const item = (measure: string, statistic: number): FeedbackItem => ({
    measure,
    draft: 0,
    author: 0,
    statistic,
    text: measure,
  });

  it('takes the largest, at most feedbackItems, of which at most feedbackWordItems about words', () => {
    const { feedbackItems, feedbackWordItems } = CANDIDATE_DEFAULTS;
    const words = Array.from({ length: feedbackWordItems + 2 }, (_, k) => item(`word:w${k}`, 100 - k));
    const others = ['contractions', 'sentence-length', 'passive-voice', 'punctuation:colon', 'punctuation:comma'].map(
      (measure, k) => item(measure, 50 - k),
    );
    const chosen = chooseFeedback([...words, ...others]).map((one) => one.measure);
    expect(chosen).toHaveLength(feedbackItems);
    expect(chosen.filter((measure) => measure.startsWith('word:'))).toEqual(
      words.slice(0, feedbackWordItems).map((one) => one.measure),
    );
    expect(chosen.slice(feedbackWordItems)).toEqual(
      others.slice(0, feedbackItems - feedbackWordItems).map((one) => one.measure),
    );
    expect(chooseFeedback([])).toEqual([]);
  });
});

describe('revisionMessage', () => {
  it('lists losses once, then the differences, then the request', () => {
    const loss = { kind: 'number' as const, change: 'missing' as const, text: '4.99' };
    const message = revisionMessage([{ measure: 'm', draft: 1, author: 2, statistic: 20, text: 'You did X.' }], {
      losses: [loss, loss],
    });
    expect(message.split('\n')).toEqual([
      "Your draft differs from the author's writing in ways that were measured:",
      '- The draft lost the number "4.99"; keep it exactly as written.',
      '- You did X.',
      '',
      'Revise the draft to read more like the author by changing how things are said, not what is said: keep its meaning, its point of view and every fact, number, name, quotation, link and Markdown element, and add no facts, examples, opinions or remarks of your own. Reply with the revised text only.',
    ]);
  });

  it('names the sentences to redo in place of the losses they repaired, then the length with its range', () => {
    const loss = { kind: 'number' as const, change: 'missing' as const, text: '12' };
    const lines = revisionLines([], {
      losses: [loss],
      repairs: [
        { reasons: ['number'], draft: 'It cost a dozen.', input: 'It cost 12 dollars.' },
        { reasons: ['name', 'person'], draft: 'I met Ann.', input: '' },
        { reasons: ['number'], draft: '', input: 'It took 3 days.' },
      ],
      length: { words: 80, inputWords: 100, min: 90, max: 110, inRange: false },
    });
    expect(lines).toEqual([
      'Redo your sentence "It cost a dozen.": it loses or adds a number. The original says "It cost 12 dollars.".',
      'Leave out your sentence "I met Ann.": it adds a name, and it speaks as \'I\' where the original never does.',
      'The draft leaves out the original\'s sentence "It took 3 days."; say what it says.',
      'The draft has 80 words, too short; the original has 100. Write 90 to 110 words: keep every point and add none.',
    ]);
  });

  it('says each kind of loss plainly', () => {
    expect(describeLoss({ kind: 'negation', change: 'changed', text: 'It works.', output: 'It never works.' })).toBe(
      'The draft reverses what the original says in "It works." (the draft: "It never works."); keep every statement affirmed or denied as the original has it.',
    );
    expect(describeLoss({ kind: 'person', change: 'added', text: 'i, my' })).toMatch(
      /first person \('i, my'\) where the original never does/,
    );
    expect(describeLoss({ kind: 'number', change: 'added', text: '40' })).toBe(
      'The draft adds the number "40", which the original does not have; add no facts.',
    );
    expect(describeLoss({ kind: 'length', change: 'changed', text: '130 words for 100' })).toBe(
      'The draft has 130 words, too long; the original has 100. Write 90 to 110 words: keep every point and add none.',
    );
    expect(describeLoss({ kind: 'markdown', change: 'changed', text: 'heading → paragraph' })).toMatch(
      /Markdown blocks differ/,
    );
    expect(describeLoss({ kind: 'text', change: 'missing', text: 'the whole text' })).toBe(
      'The draft is empty; rewrite the whole text.',
    );
  });
});
