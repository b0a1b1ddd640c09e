import { describe, expect, it } from 'vitest';
import { possessiveEdits, relativeClauseEdits } from '../../../src/style/ops/phrases.js';
import { firstSentence, textsOf } from '../ops-helpers.js';

describe('possessives and relative clauses', () => {
  it('keeps a relative clause that a second "and which" is joined to', () => {
    const paired = firstSentence(
      'They argued over the fields which were granted at the peace, and which later went to the crown.',
    );
    expect(textsOf(relativeClauseEdits(paired.tokens, paired.classes), 'relative-reduce')).toEqual([]);
    // The same once another edit has made the first relative "that".
    const swapped = firstSentence(
      'They argued over the fields that were granted at the peace, and which later went to the crown.',
    );
    expect(textsOf(relativeClauseEdits(swapped.tokens, swapped.classes), 'relative-reduce')).toEqual([]);
  });

  it('reduces relative clauses and never expands a participle into one', () => {
    // Expanding turned verbs into participles on real prose ("the rate which is dropped"): not proposed.
    for (const text of ['It is a bottle designed to last for years.', 'While the error rate dropped from 5 to 2.']) {
      const reduced = firstSentence(text);
      expect(relativeClauseEdits(reduced.tokens, reduced.classes)).toEqual([]);
    }
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
});
