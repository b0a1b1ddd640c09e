import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import type { HeadingCase, StyleHabits } from '../types.js';
import { isCapitalized, type Token } from '../text/token.js';
import type { CorpusBlock } from './corpus.js';
import { measured, share } from './confidence.js';

/**
 * The case of a heading from its unlocked words: `upper` (all capitals), `lower`, `title` (most
 * words after the first capitalised, small function words aside) or `sentence` (only the first
 * word). Undefined when the heading has fewer than two words to judge by.
 */
export function headingCase(tokens: readonly Token[]): HeadingCase | undefined {
  const words = tokens.filter(
    (piece) => piece.kind === 'word' && /\p{L}/u.test(piece.text) && piece.lock === undefined,
  );
  if (words.length < 2) return undefined;
  if (words.every((piece) => piece.text === piece.text.toUpperCase())) return 'upper';
  if (words.every((piece) => !isCapitalized(piece.text))) return 'lower';
  const rest = words.slice(1).filter((piece) => !FUNCTION_WORDS.has(piece.text.toLowerCase()) || piece.text.length > 3);
  if (rest.length === 0) return undefined;
  const capitalised = rest.filter((piece) => isCapitalized(piece.text)).length;
  return capitalised / rest.length >= 0.6 ? 'title' : 'sentence';
}

const BULLET = /^[ \t]*([-*+]|\d{1,9}([.)]))/;

function mostFrequent(counts: Map<string, number>, fallback: string): string {
  let best = fallback;
  let bestCount = 0;
  for (const [key, count] of [...counts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/** Heading case and list style of a corpus. */
export function measureLayout(blocks: readonly CorpusBlock[]): Pick<StyleHabits, 'headings' | 'lists'> {
  const cases: Record<HeadingCase, number> = { title: 0, sentence: 0, lower: 0, upper: 0 };
  const bullets = new Map<string, number>();
  const delimiters = new Map<string, number>();
  let items = 0;
  let terminal = 0;
  let capitalised = 0;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const found = headingCase(block.tokens);
      if (found !== undefined) cases[found] += 1;
      continue;
    }
    if (block.kind !== 'list_item') continue;
    items += 1;
    const marker = BULLET.exec(block.tokens[0]?.text ?? '');
    if (marker?.[2] !== undefined) delimiters.set(marker[2], (delimiters.get(marker[2]) ?? 0) + 1);
    else if (marker?.[1] !== undefined) bullets.set(marker[1], (bullets.get(marker[1]) ?? 0) + 1);
    const solid = block.tokens.filter((piece) => piece.kind === 'word' || piece.kind === 'punct');
    if (/^[.!?]$/.test(solid[solid.length - 1]?.text ?? '')) terminal += 1;
    const first = solid.find((piece) => piece.kind === 'word');
    if (first !== undefined && isCapitalized(first.text)) capitalised += 1;
  }
  const headings = Object.values(cases).reduce((a, b) => a + b, 0);
  const topCase = (Object.entries(cases) as Array<[HeadingCase, number]>).sort((a, b) => b[1] - a[1])[0];
  return {
    headings: measured({ case: headings > 0 && topCase ? topCase[0] : 'unknown', counts: cases }, headings, 3),
    lists: measured(
      {
        bullet: mostFrequent(bullets, '-'),
        orderedDelimiter: mostFrequent(delimiters, '.'),
        terminalPeriodRate: share(terminal, items),
        capitalizedRate: share(capitalised, items),
      },
      items,
      5,
    ),
  };
}
