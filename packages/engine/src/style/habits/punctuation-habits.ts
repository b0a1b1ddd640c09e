import type { DashStyle, EllipsisStyle, StyleHabits } from '../types.js';
import type { Token } from '../text/token.js';
import { measured, perThousand, share } from './confidence.js';

/** The dash form of an editable punctuation token given its neighbours, or undefined for a hyphen or a range. */
export function dashStyleAt(tokens: readonly Token[], index: number): DashStyle | undefined {
  return tokens[index]?.lock === undefined ? dashFormAt(tokens, index) : undefined;
}

/** The dash form of a punctuation token, locked or not (a reader counts a quotation's dash too). */
export function dashFormAt(tokens: readonly Token[], index: number): DashStyle | undefined {
  const piece = tokens[index];
  if (piece === undefined || piece.kind !== 'punct') return undefined;
  const spaced = tokens[index - 1]?.kind === 'space' && tokens[index + 1]?.kind === 'space';
  if (piece.text === '—') return spaced ? 'em_spaced' : 'em_closed';
  if (piece.text === '–') return spaced ? 'en_spaced' : undefined;
  if (piece.text === '--') return spaced ? 'double_hyphen_spaced' : 'double_hyphen';
  if (piece.text === '-' && spaced) return 'hyphen_spaced';
  return undefined;
}

const ELLIPSIS_OF: Readonly<Record<string, EllipsisStyle>> = {
  '…': 'character',
  '...': 'three_dots',
  '. . .': 'spaced_dots',
};
const CURLY = /[“”‘’]/g;
const STRAIGHT = /["']/g;

function isWord(piece: Token | undefined): boolean {
  return piece?.kind === 'word';
}

/** Index of the previous non-space token. */
function previousSolid(tokens: readonly Token[], index: number): number {
  let i = index - 1;
  while (i >= 0 && tokens[i]?.kind === 'space') i -= 1;
  return i;
}

/**
 * Serial (Oxford) comma in one sentence: for each `and`/`or` that closes a series of three or more
 * items ("a, b, and c" or "a, b and c"), whether a comma stands before it. Items are 1–4 words.
 */
export function serialCommas(tokens: readonly Token[]): { withComma: number; without: number } {
  let withComma = 0;
  let without = 0;
  tokens.forEach((piece, index) => {
    const lower = piece.text.toLowerCase();
    if (piece.kind !== 'word' || (lower !== 'and' && lower !== 'or')) return;
    let i = previousSolid(tokens, index);
    const hasComma = tokens[i]?.text === ',';
    if (hasComma) i = previousSolid(tokens, i);
    // Walk back over the item before the conjunction, then require a comma and another item.
    let words = 0;
    while (i >= 0 && isWord(tokens[i]) && words < 5) {
      words += 1;
      i = previousSolid(tokens, i);
    }
    if (words === 0 || words > 4 || tokens[i]?.text !== ',') return;
    const beforeComma = previousSolid(tokens, i);
    if (!isWord(tokens[beforeComma])) return;
    if (hasComma) withComma += 1;
    else without += 1;
  });
  return { withComma, without };
}

/** Punctuation habits of a corpus's prose sentences. */
export function measurePunctuation(sentences: readonly Token[][], words: number): StyleHabits['punctuation'] {
  const dashCounts: Record<DashStyle, number> = {
    em_closed: 0,
    em_spaced: 0,
    en_spaced: 0,
    hyphen_spaced: 0,
    double_hyphen: 0,
    double_hyphen_spaced: 0,
  };
  const ellipsisCounts: Record<EllipsisStyle, number> = { character: 0, three_dots: 0, spaced_dots: 0 };
  const marks = { ';': 0, ':': 0, '!': 0, '?': 0, '(': 0 };
  let curly = 0;
  let straight = 0;
  let serialWith = 0;
  let serialWithout = 0;
  for (const tokens of sentences) {
    tokens.forEach((piece, index) => {
      if (piece.kind === 'word') {
        curly += piece.text.match(CURLY)?.length ?? 0;
        straight += piece.text.match(STRAIGHT)?.length ?? 0;
        return;
      }
      if (piece.kind !== 'punct') return;
      curly += piece.text.match(CURLY)?.length ?? 0;
      straight += piece.text.match(STRAIGHT)?.length ?? 0;
      const dash = dashStyleAt(tokens, index);
      if (dash !== undefined) dashCounts[dash] += 1;
      const ellipsis = ELLIPSIS_OF[piece.text];
      if (ellipsis !== undefined) ellipsisCounts[ellipsis] += 1;
      for (const char of piece.text) if (char in marks) marks[char as keyof typeof marks] += 1;
    });
    const serial = serialCommas(tokens);
    serialWith += serial.withComma;
    serialWithout += serial.without;
  }
  const dashes = Object.values(dashCounts).reduce((a, b) => a + b, 0);
  const ellipses = Object.values(ellipsisCounts).reduce((a, b) => a + b, 0);
  const topDash = (Object.entries(dashCounts) as Array<[DashStyle, number]>).sort((a, b) => b[1] - a[1])[0];
  const topEllipsis = (Object.entries(ellipsisCounts) as Array<[EllipsisStyle, number]>).sort((a, b) => b[1] - a[1])[0];
  const rate = (count: number): ReturnType<typeof measured<number>> => measured(perThousand(count, words), words, 2000);
  return {
    oxfordComma: measured(share(serialWith, serialWith + serialWithout, 0.5), serialWith + serialWithout, 10),
    dash: measured(
      {
        style: dashes > 0 && topDash ? topDash[0] : 'none',
        counts: dashCounts,
        perThousandWords: perThousand(dashes, words),
      },
      dashes,
      5,
    ),
    semicolonPerThousandWords: rate(marks[';']),
    colonPerThousandWords: rate(marks[':']),
    exclamationPerThousandWords: rate(marks['!']),
    questionPerThousandWords: rate(marks['?']),
    parenthesesPerThousandWords: rate(marks['(']),
    curlyQuotes: measured(share(curly, curly + straight), curly + straight, 10),
    ellipsis: measured(
      { style: ellipses > 0 && topEllipsis ? topEllipsis[0] : 'none', counts: ellipsisCounts },
      ellipses,
      3,
    ),
  };
}
