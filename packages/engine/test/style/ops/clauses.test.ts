import { describe, expect, it } from 'vitest';
import { clauseWordEdits } from '../../../src/style/ops/clauses.js';
import { isPersonNoun } from '../../../src/style/wordnet/person.js';
import { firstSentence, textsOf } from '../ops-helpers.js';

describe('clause words', () => {
  it('writes or drops "that" after verbs taking a that-clause, and swaps relative that/which', () => {
    expect(
      textsOf(clauseWordEdits(firstSentence('We know we should drink more water.').tokens), 'that-insert'),
    ).toEqual(['We know that we should drink more water.']);
    expect(textsOf(clauseWordEdits(firstSentence('I think that it works.').tokens), 'that-drop')).toEqual([
      'I think it works.',
    ]);
    expect(textsOf(clauseWordEdits(firstSentence('We know you well.').tokens), 'that-insert')).toEqual([]);
    expect(textsOf(clauseWordEdits(firstSentence('It is a bottle that keeps water cold.').tokens), 'relative')).toEqual(
      ['It is a bottle which keeps water cold.'],
    );
  });

  it('never writes "which" after a person', () => {
    for (const text of ['It makes me envious of the man that has them all.', 'She is a person that listens well.']) {
      expect(textsOf(clauseWordEdits(firstSentence(text).tokens), 'relative')).toEqual([]);
    }
    expect(isPersonNoun('teachers')).toBe(true);
    expect(isPersonNoun('bottle')).toBe(false);
  });

  it('writes no "that" inside a relative clause that has no "that" of its own', () => {
    for (const text of ['It was the moment I realized we had won.', 'The next thing you know you are late again.']) {
      expect(textsOf(clauseWordEdits(firstSentence(text).tokens), 'that-insert')).toEqual([]);
    }
  });
});
