import { INNER_FILLERS } from '../lexicon/generic.js';
import { isExpandable } from './contractions.js';
import { startsGeneric } from './generic.js';
import { spellingMismatch, variantMismatch } from './lexical.js';
import { keyOf } from './tokens.js';
import { memoOf, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';

/**
 * The parts of a sentence's habit mismatch (habitScore) that one token decides on its own, for one
 * edit context. Cached in the token's memo: candidates of a sentence share most of their tokens.
 */
export interface TokenHabit {
  context: EditContext;
  /** Whole and half points: a word in the other spelling variety, a variant the author does not write, an unused hedge. */
  points: number;
  /** A contracted word that may be expanded. */
  contracted: boolean;
  /** Quote marks in the other form (curly or straight), outside locked text. */
  quotes: number;
  /** An ellipsis in another form than the author's. */
  ellipsis: boolean;
  /** "and" or "or", editable: it may close a series. */
  conjunction: boolean;
  /** A word a generic form of the lexicon starts with. */
  startsGeneric: boolean;
}

const STRAIGHT_MARKS = '"\'';
const CURLY_MARKS = '“”‘’';
const ELLIPSES: ReadonlySet<string> = new Set(['…', '...', '. . .']);
const ELLIPSIS_TEXT = { character: '…', three_dots: '...', spaced_dots: '. . .' } as const;

/** How many characters of `text` are among `marks` (single UTF-16 units). */
function countOf(text: string, marks: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (marks.includes(text.charAt(i))) count += 1;
  return count;
}

function measure(piece: Token, context: EditContext): TokenHabit {
  const habit: TokenHabit = {
    context,
    points: 0,
    contracted: false,
    quotes: 0,
    ellipsis: false,
    conjunction: false,
    startsGeneric: false,
  };
  if (piece.kind === 'word') {
    const lower = keyOf(piece);
    if (spellingMismatch(piece, lower, context) !== undefined) habit.points += 1;
    if (context.variantPreference.size > 0 && variantMismatch(piece, lower, context) !== undefined) habit.points += 1;
    if (context.allowShortening && INNER_FILLERS.has(lower) && (context.vocabulary[lower] ?? 0) === 0)
      habit.points += 0.5;
    habit.contracted = isExpandable(piece, lower);
    habit.conjunction = piece.lock === undefined && (lower === 'and' || lower === 'or');
    habit.startsGeneric = startsGeneric(piece, lower);
  }
  if (context.curlyQuotes !== undefined && piece.kind !== 'markup' && piece.lock === undefined)
    habit.quotes = countOf(piece.text, context.curlyQuotes ? STRAIGHT_MARKS : CURLY_MARKS);
  if (context.ellipsis !== undefined && piece.kind === 'punct')
    habit.ellipsis = ELLIPSES.has(piece.text) && piece.text !== ELLIPSIS_TEXT[context.ellipsis];
  return habit;
}

/** The token's own habit parts for a context (cached on the token for the last context asked). */
export function tokenHabit(piece: Token, context: EditContext): TokenHabit {
  const memo = piece.memo;
  const cached = memo !== undefined && memo.owner === piece ? (memo.habit as TokenHabit | undefined) : undefined;
  if (cached !== undefined && cached.context === context) return cached;
  const habit = measure(piece, context);
  memoOf(piece).habit = habit;
  return habit;
}
