/**
 * The changed sentences of a restyle (bench/style/changes.mjs), which readers judge beside their
 * sources: each output sentence paired with the input sentence(s) it came from, in order.
 */
import { describe, expect, it } from 'vitest';
import { alignSentences, changedSentences, runningProseOf } from '../../style/changes.mjs';

describe('changedSentences', () => {
  it('pairs an edited sentence with its own source, not a look-alike elsewhere in the text', () => {
    const input =
      'The north field was ploughed in April and sown with barley. The barn roof leaked all winter. ' +
      'The south field was ploughed in April and sown with oats and barley.';
    // The first sentence edited so that, word for word, it is closer to the third than to itself.
    const output =
      'The north field was ploughed in April, sown with oats and barley. The barn roof leaked all winter. ' +
      'The south field was ploughed in April and sown with oats and barley.';
    expect(changedSentences(input, output)).toEqual([
      {
        output: 'The north field was ploughed in April, sown with oats and barley.',
        sources: ['The north field was ploughed in April and sown with barley.'],
      },
    ]);
  });

  it('gives a join its two neighbouring sources, and a split its one source as one passage', () => {
    const input =
      'The crew painted the hall. The hall looked new again by Friday. The owners thanked them, and the crew went home.';
    const output =
      'The crew painted the hall, and the hall looked new again by Friday. The owners thanked them. The crew went home.';
    expect(changedSentences(input, output)).toEqual([
      {
        output: 'The crew painted the hall, and the hall looked new again by Friday.',
        sources: ['The crew painted the hall.', 'The hall looked new again by Friday.'],
      },
      {
        output: 'The owners thanked them. The crew went home.',
        sources: ['The owners thanked them, and the crew went home.'],
      },
    ]);
  });

  it('aligns in order and leaves an unrelated sentence without a source', () => {
    expect(
      alignSentences(['Completely new words here.', 'The cat sat on the mat.'], ['The cat sat on the mat.']),
    ).toEqual([[], [0]]);
  });
});

describe('runningProseOf', () => {
  it('keeps the running sentences, one a line, and leaves out labels, lists and headings', () => {
    const text = '# Notes\n\nOwner: Sam\n\n- Paint: done\n\nThe hall is ready. We open on Friday.\n';
    expect(runningProseOf(text)).toBe('The hall is ready.\nWe open on Friday.');
  });
});
