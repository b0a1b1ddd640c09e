import { describe, expect, it } from 'vitest';
import { fillerEdits } from '../../../src/style/ops/fillers.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('fillers', () => {
  it('removes opening fillers and unused hedges only when the output may be shorter', () => {
    const sentence = firstSentence('It is important to note that prices truly rise.');
    expect(fillerEdits(sentence.tokens, formal)).toEqual([]);
    const texts = textsOf(fillerEdits(sentence.tokens, contextFor(FORMAL_MODEL, { shorten: true })), 'filler');
    expect(texts).toEqual(['Prices truly rise.']);
    expect(textsOf(fillerEdits(sentence.tokens, contextFor(FORMAL_MODEL, { shorten: true })), 'hedge')).toEqual([
      'It is important to note that prices rise.',
    ]);
  });
});
