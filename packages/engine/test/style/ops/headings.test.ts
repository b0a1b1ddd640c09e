import { describe, expect, it } from 'vitest';
import { casedHeading } from '../../../src/style/ops/headings.js';
import { tokenizeBlock } from '../../../src/style/text/tokenize.js';
import { joinTokens } from '../../../src/style/text/token.js';
import { CASUAL_MODEL, contextFor } from '../ops-helpers.js';

describe('headings', () => {
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
