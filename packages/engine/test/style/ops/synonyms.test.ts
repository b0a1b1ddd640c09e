import { describe, expect, it } from 'vitest';
import { synonymEdits } from '../../../src/style/ops/synonyms.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('synonyms', () => {
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
});
