import { describe, expect, it } from 'vitest';
import { possessiveEdits, relativeClauseEdits } from '../../../src/style/ops/phrases.js';
import { firstSentence, textsOf } from '../ops-helpers.js';

describe('possessives and relative clauses', () => {
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

  it("never expands a participle after a verb's bare object, where it may belong to the verb", () => {
    // "segmenting customers based on behaviour": the segmenting is based on it, not the customers.
    const sentence = firstSentence(
      'The model finds groups, such as segmenting customers based on purchasing behavior.',
    );
    expect(textsOf(relativeClauseEdits(sentence.tokens, sentence.classes), 'relative-expand')).toEqual([]);
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
});
