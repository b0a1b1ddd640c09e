import { describe, expect, it } from 'vitest';
import { contractionEdits } from '../../src/style/ops/contractions.js';
import { connectiveEdits } from '../../src/style/ops/connectives.js';
import { genericEdits } from '../../src/style/ops/generic.js';
import { lexicalEdits } from '../../src/style/ops/lexical.js';
import { fillerEdits } from '../../src/style/ops/fillers.js';
import { clauseWordEdits } from '../../src/style/ops/clauses.js';
import { synonymEdits } from '../../src/style/ops/synonyms.js';
import { casedHeading } from '../../src/style/ops/headings.js';
import { tokenizeBlock } from '../../src/style/text/tokenize.js';
import { joinTokens } from '../../src/style/text/token.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor, firstSentence, textsOf } from './ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('contract and expand', () => {
  it('contracts full forms inside a clause and expands contractions', () => {
    const both = { ...formal, proposes: { ...formal.proposes, contract: true, expand: true } };
    const contracted = textsOf(contractionEdits(firstSentence('We do not know it yet.').tokens, both), 'contract');
    expect(contracted).toEqual(["We don't know it yet."]);
    expect(textsOf(contractionEdits(firstSentence("It's fine and we can't stay.").tokens, both), 'expand')).toEqual([
      "It is fine and we can't stay.",
      "It's fine and we cannot stay.",
    ]);
  });

  it('does not propose contractions to an author who never contracts', () => {
    expect(formal.proposes.contract).toBe(false);
    expect(textsOf(contractionEdits(firstSentence('We do not know it yet.').tokens, formal), 'contract')).toEqual([]);
    expect(contextFor(CASUAL_MODEL).proposes.contract).toBe(true);
  });

  it('reads "it\'s been" as "it has been" and never contracts at the end of a clause', () => {
    expect(textsOf(contractionEdits(firstSentence("It's been a long day.").tokens, formal), 'expand')).toEqual([
      'It has been a long day.',
    ]);
    const casual = contextFor(CASUAL_MODEL);
    expect(textsOf(contractionEdits(firstSentence('I know what it is.').tokens, casual), 'contract')).toEqual([]);
  });
});

describe('connectives', () => {
  it("swaps an opener for the author's form of the same relation", () => {
    expect(textsOf(connectiveEdits(firstSentence('However, the rain stopped.').tokens, formal), 'connective')).toEqual([
      'But the rain stopped.',
    ]);
  });

  it('drops an addition opener and capitalises the next word', () => {
    expect(
      textsOf(connectiveEdits(firstSentence('Moreover, the app works well.').tokens, formal), 'connective-drop'),
    ).toEqual(['The app works well.']);
  });

  it('leaves "So many" alone', () => {
    expect(connectiveEdits(firstSentence('So many people came.').tokens, formal)).toEqual([]);
  });
});

describe('generic phrasing, spelling and variants', () => {
  it('replaces generic words with plain ones, keeping inflection and case', () => {
    const edits = textsOf(
      genericEdits(firstSentence('We utilized robust tools in order to win.').tokens, formal),
      'generic',
    );
    expect(edits).toContain('We used robust tools in order to win.');
    expect(edits).toContain('We utilized strong tools in order to win.');
    expect(edits).toContain('We utilized robust tools to win.');
  });

  it("converts spelling to the author's variety", () => {
    expect(textsOf(lexicalEdits(firstSentence('The color of the center is gray.').tokens, formal), 'spelling')).toEqual(
      ['The colour of the center is gray.', 'The color of the centre is gray.', 'The color of the center is grey.'],
    );
    const us = { ...contextFor(CASUAL_MODEL), spelling: 'US' as const };
    expect(textsOf(lexicalEdits(firstSentence('The colour is fine.').tokens, us), 'spelling')).toEqual([
      'The color is fine.',
    ]);
    // Two US spellings are too little evidence to convert anything.
    expect(
      textsOf(lexicalEdits(firstSentence('The colour is fine.').tokens, contextFor(CASUAL_MODEL)), 'spelling'),
    ).toEqual([]);
  });
});

describe('fillers and clause words', () => {
  it('removes opening fillers and unused hedges only when the output may be shorter', () => {
    const sentence = firstSentence('It is important to note that prices truly rise.');
    expect(fillerEdits(sentence.tokens, formal)).toEqual([]);
    const texts = textsOf(fillerEdits(sentence.tokens, contextFor(FORMAL_MODEL, { shorten: true })), 'filler');
    expect(texts).toEqual(['Prices truly rise.']);
    expect(textsOf(fillerEdits(sentence.tokens, contextFor(FORMAL_MODEL, { shorten: true })), 'hedge')).toEqual([
      'It is important to note that prices rise.',
    ]);
  });

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
});

describe('synonyms and headings', () => {
  it("offers WordNet synonyms only among the author's words", () => {
    const sentence = firstSentence('It was a huge week.');
    expect(synonymEdits(sentence.tokens, formal)).toEqual([]);
    const withWord = contextFor(FORMAL_MODEL, { vocabulary: { vast: 3 } });
    expect(textsOf(synonymEdits(sentence.tokens, withWord), 'synonym')).toEqual(['It was a vast week.']);
    const predicative = firstSentence('The week was huge.');
    expect(textsOf(synonymEdits(predicative.tokens, withWord), 'synonym')).toEqual(['The week was vast.']);
  });

  it('swaps only words that are adjectives where they stand, for synonyms that are not verb forms', () => {
    // "the key to" is a noun the tagger may call an adjective; "giving" is most likely the author's verb.
    const noun = firstSentence('Practice is the key to interview success.');
    const central = contextFor(FORMAL_MODEL, { vocabulary: { central: 3, cardinal: 3 } });
    expect(textsOf(synonymEdits(noun.tokens, central), 'synonym')).toEqual([]);
    const harvest = firstSentence('They shared a bountiful harvest.');
    const giving = contextFor(FORMAL_MODEL, { vocabulary: { giving: 5 } });
    expect(textsOf(synonymEdits(harvest.tokens, giving), 'synonym')).toEqual([]);
  });

  it('puts headings in sentence or title case, never touching names', () => {
    const context = contextFor(CASUAL_MODEL, { names: ['hydrasense'] });
    const heading = tokenizeBlock(
      '# Introducing HydraSense: The Smart Water Bottle That Keeps You on Track',
      'heading',
    );
    expect(joinTokens(casedHeading(heading, 'sentence', context))).toBe(
      '# Introducing HydraSense: The smart water bottle that keeps you on track',
    );
    const lower = tokenizeBlock('## what we changed in the parser', 'heading');
    expect(joinTokens(casedHeading(lower, 'title', context))).toBe('## What We Changed in the Parser');
  });
});
