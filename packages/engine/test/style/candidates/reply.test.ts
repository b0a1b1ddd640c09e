import { describe, expect, it } from 'vitest';
import { cleanRewrite } from '../../../src/style/candidates/index.js';

describe('cleanRewrite', () => {
  it('unwraps a fence around the whole reply, unless the input opens with one', () => {
    expect(cleanRewrite('```markdown\nThe text.\n```', 'A text.\n')).toBe('The text.\n');
    expect(cleanRewrite('```\ncode\n```', '```\ncode\n```')).toBe('```\ncode\n```');
  });

  it('ends with a newline exactly when the input does', () => {
    expect(cleanRewrite('  The text.\n\n', 'A text.')).toBe('The text.');
    expect(cleanRewrite('The text.', 'A text.\n')).toBe('The text.\n');
  });
});
