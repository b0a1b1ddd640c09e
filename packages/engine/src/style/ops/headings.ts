import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { capitalize, decapitalize, isCapitalized, retext, type Token } from '../text/token.js';
import type { HeadingCase } from '../types.js';
import { usage, type EditContext } from '../edits/context.js';
import { keyOf, lowerKey } from './tokens.js';
import { lemmatize, type Lemma } from '../wordnet/morphy.js';

function inWordNet(lower: string): boolean {
  const found: Lemma[] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) found.push(...lemmatize(lower, pos));
  return found.length > 0;
}

/** Words a title-case heading leaves in lower case (unless first or last). */
const TITLE_SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'so',
  'yet',
  'of',
  'in',
  'on',
  'at',
  'to',
  'by',
  'as',
  'up',
  'via',
  'vs',
]);

/**
 * True when a capitalised heading word is a common word that can go to lower case: a function
 * word, a word of the author's or a WordNet word, and never written with a capital inside a
 * sentence of the input (a name).
 */
function commonWord(piece: Token, context: EditContext): boolean {
  const lower = keyOf(piece);
  if (context.names.has(lower)) return false;
  return FUNCTION_WORDS.has(lower) || usage(context, lower) > 0 || inWordNet(lower);
}

/**
 * A heading's tokens in the given case. Sentence case lower-cases every common word after the
 * first (and after a colon keeps the subtitle's first capital); names, numbers, code and words
 * with inner capitals never change. Title case capitalises all but short function words.
 */
export function casedHeading(tokens: readonly Token[], target: HeadingCase, context: EditContext): Token[] {
  const words = tokens
    .map((piece, i) => (piece.kind === 'word' && piece.lock === undefined && /\p{L}/u.test(piece.text) ? i : -1))
    .filter((i) => i >= 0);
  const first = words[0];
  const last = words[words.length - 1];
  return tokens.map((piece, i) => {
    if (!words.includes(i)) return piece;
    const afterColon =
      tokens
        .slice(0, i)
        .reverse()
        .find((p) => p.kind !== 'space')?.text === ':';
    let text = piece.text;
    if (target === 'upper') text = text.toUpperCase();
    else if (target === 'lower') text = commonWord(piece, context) ? text.toLowerCase() : text;
    else if (target === 'sentence') {
      if (i === first || afterColon) text = capitalize(text);
      else if (isCapitalized(text) && commonWord(piece, context)) text = decapitalize(text);
    } else {
      const small = TITLE_SMALL_WORDS.has(lowerKey(text)) && i !== first && i !== last && !afterColon;
      text = small ? text.toLowerCase() : capitalize(text);
    }
    return text === piece.text ? piece : retext(piece, text);
  });
}

/** The author's heading case when the data make it confident, else undefined. */
export function headingTarget(context: EditContext): HeadingCase | undefined {
  const habit = context.habits.headings;
  return habit.confidence >= 0.5 && habit.value.case !== 'unknown' ? habit.value.case : undefined;
}
