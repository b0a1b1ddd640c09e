import { describe, expect, it } from 'vitest';
import { joinEdits, joinedClass } from '../../src/style/ops/join.js';
import { splitEdits } from '../../src/style/ops/split.js';
import { possessiveEdits, relativeClauseEdits } from '../../src/style/ops/phrases.js';
import { passiveEdits, regularParticiple } from '../../src/style/ops/voice.js';
import { punctuationEdits } from '../../src/style/ops/punctuation.js';
import type { EditContext } from '../../src/style/edits/context.js';
import type { EditSentence } from '../../src/style/engine/document.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor, firstSentence, sentencesOf, textsOf } from './ops-helpers.js';

// The crafted corpus is small: state the habits these tests rely on outright.
const base = contextFor(FORMAL_MODEL);
const formal = {
  ...base,
  dash: 'em_closed' as const,
  oxfordComma: true,
  proposes: { ...base.proposes, parentheses: true, colons: true },
};

function part(sentence: EditSentence) {
  return { tokens: sentence.tokens, classes: sentence.classes, words: sentence.words };
}

function joins(text: string, context: EditContext = formal) {
  const [a, b] = sentencesOf(text);
  if (a === undefined || b === undefined) throw new Error('two sentences expected');
  return joinEdits(part(a), part(b), context);
}

describe('join', () => {
  it('joins with a semicolon, "and", the dash and as a parenthesis', () => {
    const edits = joins('The rain stopped. We went out.');
    expect(textsOf(edits, 'join-semicolon')).toEqual(['The rain stopped; we went out.']);
    expect(textsOf(edits, 'join-and')).toEqual(['The rain stopped, and we went out.']);
    expect(textsOf(edits, 'join-dash')).toEqual(['The rain stopped—we went out.']);
    expect(textsOf(edits, 'join-parenthesis')).toEqual(['The rain stopped (we went out).']);
  });

  it('turns an opening connective into its conjunction and "This + verb" into "which"', () => {
    expect(textsOf(joins('Prices rose. However, sales grew.'), 'join-but')).toEqual(['Prices rose, but sales grew.']);
    expect(textsOf(joins('Prices rose. This means we pay more.'), 'join-which')).toEqual([
      'Prices rose, which means we pay more.',
    ]);
  });

  it('keeps the capital of names and never joins after a question or before a name it cannot tell', () => {
    const names = { ...contextFor(FORMAL_MODEL, { names: ['alice'] }), dash: 'em_closed' as const };
    expect(textsOf(joins('The rain stopped. Alice went out.', names), 'join-semicolon')).toEqual([
      'The rain stopped; Alice went out.',
    ]);
    expect(joins('Did the rain stop? We went out.')).toEqual([]);
    // Nor a statement onto a question, nor a list marker or a fragment onto anything.
    expect(joins('The rain stopped. Did we go out?')).toEqual([]);
    expect(joins('Step 4. Show the team how the plan fits.')).toEqual([]);
    expect(joins('The rain stopped. Good news.')).toEqual([]);
    expect(joins('The rain stopped. Zyxwv went out.')).toEqual([]);
  });

  it('offers no parenthesis to an author who writes none', () => {
    expect(textsOf(joins('The rain stopped. We went out.', base), 'join-parenthesis')).toEqual([]);
  });

  it('predicts the class of the joined sentence', () => {
    const simple = { structure: 'simple', voice: 'active', independentClauses: 1, dependentClauses: 0 } as const;
    const passive = { structure: 'complex', voice: 'passive', independentClauses: 1, dependentClauses: 1 } as const;
    expect(joinedClass(simple, simple)).toMatchObject({ structure: 'compound', voice: 'active' });
    expect(joinedClass(simple, passive)).toMatchObject({ structure: 'compound-complex', voice: 'passive' });
    expect(joinedClass(simple, simple, true)).toMatchObject({
      structure: 'complex',
      independentClauses: 1,
      dependentClauses: 1,
    });
  });
});

describe('split', () => {
  it('splits a compound sentence at ", and" or ", but" before a new subject', () => {
    const sentence = firstSentence(
      'The team improved response times last month, and the customers noticed the change quickly.',
    );
    expect(sentence.classes.independentClauses).toBeGreaterThanOrEqual(2);
    expect(textsOf(splitEdits(sentence.tokens, sentence.classes, formal), 'split')).toEqual([
      'The team improved response times last month. The customers noticed the change quickly.',
    ]);
    const contrast = firstSentence('The team improved response times last month, but the customers did not notice it.');
    expect(textsOf(splitEdits(contrast.tokens, contrast.classes, formal), 'split-but')).toEqual([
      'The team improved response times last month. But the customers did not notice it.',
    ]);
  });

  it('does not split inside brackets or before a non-clause', () => {
    const sentence = firstSentence('We bought apples, and pears, and plums at the market today.');
    expect(splitEdits(sentence.tokens, sentence.classes, formal)).toEqual([]);
  });
});

describe('phrases and voice', () => {
  it('expands and reduces relative clauses', () => {
    const reduced = firstSentence('It is a bottle designed to last for years.');
    expect(textsOf(relativeClauseEdits(reduced.tokens, reduced.classes), 'relative-expand')).toEqual([
      'It is a bottle that is designed to last for years.',
      'It is a bottle which is designed to last for years.',
    ]);
    const full = firstSentence('We saw the boxes that were shipped to Paris.');
    const edits = relativeClauseEdits(full.tokens, full.classes);
    expect(textsOf(edits, 'relative-reduce')).toEqual(['We saw the boxes shipped to Paris.']);
  });

  it('never takes a sentence’s own verb for a participle', () => {
    const sentence = firstSentence('Several initiatives contributed to the result.');
    expect(relativeClauseEdits(sentence.tokens, sentence.classes)).toEqual([]);
  });

  it('rewrites a possessive as an of-phrase', () => {
    const sentence = firstSentence("This quarter's strong performance was good.");
    expect(textsOf(possessiveEdits(sentence.tokens, sentence.classes), 'possessive')).toEqual([
      'The strong performance of this quarter was good.',
    ]);
    const coordinated = firstSentence("We praised the team's resilience and adaptability.");
    expect(possessiveEdits(coordinated.tokens, coordinated.classes)).toEqual([]);
    // Without a determiner the possessive classifies: children's titles are not titles of children.
    for (const text of ["She edits children's titles for the press.", "We read customers' reviews every week."]) {
      const classifying = firstSentence(text);
      expect(possessiveEdits(classifying.tokens, classifying.classes)).toEqual([]);
    }
  });

  it('never expands a relative clause after a coordination, whose number it cannot tell', () => {
    const sentence = firstSentence('We gave them the tools and knowledge needed for the job.');
    expect(relativeClauseEdits(sentence.tokens, sentence.classes)).toEqual([]);
    const single = firstSentence('We gave them the knowledge needed for the job.');
    expect(textsOf(relativeClauseEdits(single.tokens, single.classes), 'relative-expand')).toEqual([
      'We gave them the knowledge that is needed for the job.',
      'We gave them the knowledge which is needed for the job.',
    ]);
  });

  it('puts a plain past-tense clause in the passive', () => {
    const sentence = firstSentence('The team improved response times in the third quarter.');
    const edits = passiveEdits(sentence.tokens, sentence.classes);
    expect(textsOf(edits, 'passive')).toEqual(['Response times were improved by the team in the third quarter.']);
    expect(edits[0]?.sentences[0]?.classes.voice).toBe('passive');
    const opener = firstSentence('Last year, the team launched a new service.');
    expect(textsOf(passiveEdits(opener.tokens, opener.classes), 'passive')).toEqual([
      'Last year, a new service was launched by the team.',
    ]);
    const present = firstSentence('The companion app offers weekly insights.');
    expect(textsOf(passiveEdits(present.tokens, present.classes), 'passive')).toEqual([
      'Weekly insights are offered by the companion app.',
    ]);
    const modal = firstSentence('The team will review the results in May.');
    expect(textsOf(passiveEdits(modal.tokens, modal.classes), 'passive')).toEqual([
      'The results will be reviewed by the team in May.',
    ]);
    const adverbial = firstSentence('The company stopped the service last week.');
    expect(textsOf(passiveEdits(adverbial.tokens, adverbial.classes), 'passive')).toEqual([
      'The service was stopped by the company last week.',
    ]);
    // A pronoun agent reads as broken English ("Its progress can be tracked by you"): never.
    for (const text of [
      'You can track its progress.',
      'We stopped the service last week.',
      'It improved the results.',
    ]) {
      const pronoun = firstSentence(text);
      expect(passiveEdits(pronoun.tokens, pronoun.classes)).toEqual([]);
    }
    const linking = firstSentence('Agent turnover remained a concern.');
    expect(passiveEdits(linking.tokens, linking.classes)).toEqual([]);
  });
});

describe('regularParticiple', () => {
  it('spells regular participles and refuses irregular verbs', () => {
    expect(['stop', 'offer', 'carry', 'review', 'admit', 'take'].map(regularParticiple)).toEqual([
      'stopped',
      'offered',
      'carried',
      'reviewed',
      'admitted',
      undefined,
    ]);
  });
});

describe('punctuation', () => {
  it("converts dashes to the author's form, or to commas, a colon or parentheses", () => {
    const single = firstSentence('It is easy to forget — yet it matters.');
    const edits = punctuationEdits(single.tokens, formal);
    expect(textsOf(edits, 'dash-style')).toEqual(['It is easy to forget—yet it matters.']);
    expect(textsOf(edits, 'dash-comma')).toEqual(['It is easy to forget, yet it matters.']);
    expect(textsOf(edits, 'dash-colon')).toEqual(['It is easy to forget: yet it matters.']);
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

  it('offers a period for a final exclamation mark and converts quotes', () => {
    const sentence = firstSentence('Try it today!');
    expect(textsOf(punctuationEdits(sentence.tokens, formal), 'exclamation')).toEqual(['Try it today.']);
    const curly = { ...formal, curlyQuotes: true };
    const quoted = firstSentence('She said "it\'s fine" and left.');
    expect(textsOf(punctuationEdits(quoted.tokens, curly), 'quotes')).toEqual(["She said “it's fine” and left."]);
  });
});

describe('splits that would cut a list', () => {
  it('never splits at the conjunction of a series', () => {
    for (const text of [
      'The immune system is a network of cells, tissues, and organs that defends the body against infection.',
      'Make time for research, practice, and plan ahead, you can then answer with confidence.',
    ]) {
      const sentence = firstSentence(text);
      expect(splitEdits(sentence.tokens, sentence.classes, formal)).toEqual([]);
    }
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
