import { describe, expect, it } from 'vitest';
import { connectiveEdits } from '../../../src/style/ops/connectives.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

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

  it('leaves a lower-case opener alone: the sentence was cut from a longer one, not begun there', () => {
    expect(connectiveEdits(firstSentence('and putting the kettle on the stove, too.').tokens, formal)).toEqual([]);
    expect(connectiveEdits(firstSentence('moreover, the app works well.').tokens, formal)).toEqual([]);
  });

  it('leaves "So many" alone', () => {
    expect(connectiveEdits(firstSentence('So many people came.').tokens, formal)).toEqual([]);
  });

  it('never makes a summing-up opener an ending one ("In short" is not "In conclusion")', () => {
    const endsLetters = { ...formal, connectiveCounts: { ...formal.connectiveCounts, 'In conclusion': 5 } };
    const texts = textsOf(
      connectiveEdits(firstSentence('In short, we are very comfortable.').tokens, endsLetters),
      'connective',
    );
    expect(texts.filter((text) => text.startsWith('In conclusion'))).toEqual([]);
  });
});
