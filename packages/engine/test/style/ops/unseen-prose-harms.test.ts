// Harm families read in restyles of prose the rules were never tuned on: a label's colon made a dash,
// a full stop inside a subordinate clause, a join across a correction, swaps that change the claim,
// mixed forms in one passage. Each sentence is invented, of the family's shape; each rule is general.
import { describe, expect, it } from 'vitest';
import { contractionEdits, repeatedForms } from '../../../src/style/ops/contractions.js';
import { genericEdits } from '../../../src/style/ops/generic.js';
import { joinEdits } from '../../../src/style/ops/join.js';
import { punctuationEdits } from '../../../src/style/ops/punctuation.js';
import { splitEdits } from '../../../src/style/ops/split.js';
import { sentenceCandidates } from '../../../src/style/optimizer/candidates.js';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { joinTokens } from '../../../src/style/text/token.js';
import type { EditContext } from '../../../src/style/edits/context.js';
import type { EditSentence } from '../../../src/style/optimizer/document.js';
import { contextFor, firstSentence, formalPunctuationContext, sentencesOf, textsOf } from '../ops-helpers.js';

const formal = formalPunctuationContext();
const contracting: EditContext = { ...formal, proposes: { ...formal.proposes, contract: true, expand: false } };

/** The texts of a text's candidates of one operation, over every sentence of every prose block. */
function candidateTexts(text: string, op: string): string[] {
  return buildDocument(text).blocks.flatMap((block) =>
    block.sentences.flatMap((sentence) =>
      sentenceCandidates(block, sentence, formal)
        .filter((made) => made.op === op)
        .map((made) =>
          made.next
            .map((one) => joinTokens(one.tokens))
            .join('')
            .trim(),
        ),
    ),
  );
}

function part(sentence: EditSentence) {
  return { tokens: sentence.tokens, classes: sentence.classes, words: sentence.words };
}

function joinsOf(text: string) {
  const [a, b] = sentencesOf(text);
  if (a === undefined || b === undefined) throw new Error('two sentences expected');
  return joinEdits(part(a), part(b), formal);
}

describe("a colon becomes the author's dash only inside running prose", () => {
  it('leaves the colons of list items, labels and headers', () => {
    expect(
      candidateTexts('- Handover to the night crew: Tuesday\n- Budget sign-off: the finance team', 'colon-dash'),
    ).toEqual([]);
    expect(candidateTexts('Subject: Fwd: Spring budget review\n\nOwner: Priya', 'colon-dash')).toEqual([]);
    expect(candidateTexts('Next step: the crew will paint the hall.', 'colon-dash')).toEqual([]);
  });

  it('leaves a colon inside brackets', () => {
    expect(
      candidateTexts(
        'The hall will reopen soon (planned reopening: next spring) and the choir will return.',
        'colon-dash',
      ),
    ).toEqual([]);
  });

  it('never lowers the capital after a colon: a name, a month, a day', () => {
    expect(candidateTexts('The choice was easy in the end: Lisbon won by a mile.', 'colon-dash')).toEqual([]);
    expect(candidateTexts('The date was settled at last: October suited everyone.', 'colon-dash')).toEqual([]);
  });

  it('still proposes the dash in a running sentence', () => {
    expect(candidateTexts('The fix turned out to be simple: restart the pump.', 'colon-dash')).toEqual([
      'The fix turned out to be simple—restart the pump.',
    ]);
  });
});

describe('a split stands only between two main clauses', () => {
  const splitsOf = (text: string) => {
    const sentence = firstSentence(text);
    return splitEdits(sentence.tokens, sentence.classes, formal).map((edit) =>
      edit.sentences.map((one) => joinTokens(one.tokens).trim()),
    );
  };

  it('never cuts a clause that leads into the main clause after a comma', () => {
    expect(
      splitsOf('The first time we visited the farm, and the dog was let out to greet us, it ran straight past us.'),
    ).toEqual([]);
    expect(
      splitsOf('When the rain had stopped at last, and the road was dry enough, we set out for the coast.'),
    ).toEqual([]);
  });

  it('still splits two main clauses', () => {
    expect(splitsOf('The crew repaired the old roof in June, and the owners painted the walls in July.')).toEqual([
      ['The crew repaired the old roof in June.', 'The owners painted the walls in July.'],
    ]);
  });
});

describe('a correction, a contrast or an answer keeps its own sentence', () => {
  it('never joins "not X …" to the sentence that says what it was', () => {
    expect(
      joinsOf('The trouble was never the price, nor even the delay. It was that nobody had asked the tenants.'),
    ).toEqual([]);
    expect(joinsOf('Their fear was not of the storm itself. It was the long dark after it.')).toEqual([]);
  });

  it('never joins a cleft or an answer to what it answers', () => {
    expect(joinsOf('Many asked why the mill had closed. Because the river had moved its course.')).toEqual([]);
    expect(joinsOf('The town grew around the harbour. And so it is that the old streets all run downhill.')).toEqual(
      [],
    );
  });

  it('still joins two related statements', () => {
    expect(joinsOf('The crew repaired the old roof. The roof has held through two winters.').length).toBeGreaterThan(0);
  });
});

describe('word swaps keep the claim and the collocation', () => {
  const generic = (text: string) =>
    textsOf(genericEdits(firstSentence(text).tokens, contextFor(undefined, { vocabulary: {} })), 'generic');

  it('never makes "exceptional" a word of another claim', () => {
    expect(generic('The new coating showed exceptional resistance to rust.').join(' ')).not.toMatch(
      /excellent|outstanding/,
    );
  });

  it('never makes a past "was/were able to" a "could" (success is not ability)', () => {
    expect(generic('Both teams were able to finish the course before dark.').join(' ')).not.toMatch(/could/);
    expect(generic('The nurse was able to reach the village by noon.').join(' ')).not.toMatch(/could/);
  });

  it('never puts "greatly" before a comparative', () => {
    expect(generic('Heating costs were significantly higher than last winter.').join(' ')).not.toMatch(/greatly/);
  });
});

describe('one passage keeps one form', () => {
  const passage = (text: string) => sentencesOf(text).map((sentence) => sentence.tokens);

  it('never contracts one of two alike full forms of a passage', () => {
    const text = 'We have got three weeks left. The plan is ready, and we have got the money too.';
    const repeated = repeatedForms(passage(text));
    for (const sentence of sentencesOf(text))
      expect(textsOf(contractionEdits(sentence.tokens, contracting, repeated), 'contract')).toEqual([]);
  });

  it('contracts a form the passage already writes contracted elsewhere', () => {
    const text = "We've got three weeks left. The plan is ready, and we have got the money too.";
    const [, second] = sentencesOf(text);
    expect(textsOf(contractionEdits(second!.tokens, contracting, repeatedForms(passage(text))), 'contract')).toEqual([
      "The plan is ready, and we've got the money too.",
    ]);
  });

  it('never contracts the "it is" of a cleft', () => {
    const sentence = firstSentence('And therefore it is that the old streets all run downhill.');
    expect(textsOf(contractionEdits(sentence.tokens, contracting), 'contract')).toEqual([]);
  });
});

describe('a serial comma goes only into a series', () => {
  const oxford = (text: string) => textsOf(punctuationEdits(firstSentence(text).tokens, formal), 'oxford-add');

  it('never before the "and" of a pair after an opening phrase or a clause', () => {
    expect(oxford('In the end, the new manager rewarded effort and honesty.')).toEqual([]);
    expect(oxford('In short, good soil rewards patience and care.')).toEqual([]);
    expect(oxford('The results depend on the records, and missing or stale records skew them.')).toEqual([]);
    expect(oxford('Trees shade the street, giving relief to walkers and cyclists alike.')).toEqual([]);
  });

  it('never before the "and" of a pair after a clause, an aside or a list of pairs', () => {
    expect(oxford('Although the job is hard, the skills and patience it needs are within reach.')).toEqual([]);
    expect(oxford('We were pleased to hear of your pupils, young and old.')).toEqual([]);
    expect(oxford('Tell me how many, besides the twelve guests and Dr. and Mrs. Hale, the inn can hold.')).toEqual([]);
    expect(oxford('The pairs were Tom Reed and Anne, Paul and Jane, Rose and Hugh.')).toEqual([]);
    expect(oxford('Sales and Support led the year, at 64% and 61% respectively.')).toEqual([]);
    expect(oxford('We asked after Mrs. Lane, of whom my son and self think often.')).toEqual([]);
    expect(
      oxford('It is the sum of many small choices, beside bold public spending and private effort, that counts.'),
    ).toEqual([]);
  });

  it('still in a series of three', () => {
    expect(oxford('We packed bread, cheese and apples for the trip.')).toEqual([
      'We packed bread, cheese, and apples for the trip.',
    ]);
    expect(oxford('The room was bright, warm and quiet by noon.')).toEqual([
      'The room was bright, warm, and quiet by noon.',
    ]);
    expect(oxford('We stayed in Paris, in Rome and in Vienna that year.')).toEqual([
      'We stayed in Paris, in Rome, and in Vienna that year.',
    ]);
  });
});
