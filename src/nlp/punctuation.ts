import type { PunctuationMark } from '../analytics/features.js';

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
 * Adds the marks of one punctuation token to `counts`: an ellipsis ("..." or "…") counts once as a
 * period; any other token counts each of its mark characters ("?!" is one ? and one !).
 */
export function countPunctuation(token: string, counts: Record<PunctuationMark, number>): void {
  if (ELLIPSIS.test(token)) {
    counts.period += 1;
    return;
  }
  for (const char of token) {
    const mark = MARK_OF_CHAR[char];
    if (mark !== undefined) counts[mark] += 1;
  }
}
