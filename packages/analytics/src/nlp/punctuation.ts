import type { PunctuationMark } from '../vocabulary/features.js';

const MARK_OF_CHAR: Readonly<Record<string, PunctuationMark>> = {
  ',': 'comma',
  ';': 'semicolon',
  ':': 'colon',
  '.': 'period',
  '?': 'question_mark',
  '!': 'exclamation_mark',
  '(': 'parenthetical',
  '[': 'parenthetical',
  '\uFF0C': 'comma',
  '\uFF1F': 'question_mark',
  '\uFF01': 'exclamation_mark',
};

const ELLIPSIS = /^(?:\.{2,}|\u2026)$/;

/**
 * Calls `visit` once per counted mark of one punctuation token: an ellipsis ("..." or "…") is one
 * period; any other token gives each of its mark characters ("?!" is one ? and one !).
 */
export function forEachPunctuationMark(token: string, visit: (mark: PunctuationMark) => void): void {
  if (ELLIPSIS.test(token)) {
    visit('period');
    return;
  }
  for (const char of token) {
    const mark = MARK_OF_CHAR[char];
    if (mark !== undefined) visit(mark);
  }
}

/** Adds the marks of one punctuation token to `counts` (see `forEachPunctuationMark`). */
export function countPunctuation(token: string, counts: Record<PunctuationMark, number>): void {
  forEachPunctuationMark(token, (mark) => {
    counts[mark] += 1;
  });
}
