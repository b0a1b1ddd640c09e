import { describe, expect, it } from 'vitest';
import { genericEdits } from '../../../src/style/ops/generic.js';
import { FORMAL_MODEL, contextFor, firstSentence, textsOf } from '../ops-helpers.js';

const formal = contextFor(FORMAL_MODEL);

describe('generic phrasing', () => {
  it('replaces generic words with plain ones, keeping inflection and case', () => {
    const edits = textsOf(
      genericEdits(firstSentence('We utilized robust tools in order to win.').tokens, formal),
      'generic',
    );
    expect(edits).toContain('We used robust tools in order to win.');
    expect(edits).toContain('We utilized strong tools in order to win.');
    expect(edits).toContain('We utilized robust tools to win.');
  });
});
