/**
 * The guard every edit passes: no capital written for a reason is lowered. A word capitalised inside
 * a sentence (a name, a title, the word after a label's colon), a month or a day, a word the input
 * writes with a capital inside a sentence elsewhere (`names`), "I", or a proper noun opening a
 * sentence (tagged so, and no common word by WordNet) keeps its capital, whatever the edit: a join may lower "The" to "the", never "Friday" or
 * "June".
 */
import type { Token } from '../text/token.js';
import { isCommonWord } from '../wordnet/common-word.js';

const MONTHS_AND_DAYS: ReadonlySet<string> = new Set([
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);

const CAPITAL = /^\p{Lu}/u;

/** True for a lower-cased word that is a month or a day of the week. */
export function isMonthOrDay(lower: string): boolean {
  return MONTHS_AND_DAYS.has(lower);
}

/**
 * True for a sentence's first word that the tagger calls a proper noun and that is no common word,
 * or that opens a name of two capitalised words:
 * the tagger calls most capitalised openers proper nouns ("Progress will be reviewed", "Residents
 * may apply"), which a join may write in lower case; "Darwin" or "Alex" it may not.
 */
function properOpening(piece: Token, next: Token | undefined): boolean {
  if (!piece.tags.includes('PROPN')) return false;
  // "Google Play lets …", "Riverside Digital offers …": a name of two capitalised words.
  return !isCommonWord(piece.text) || (next !== undefined && CAPITAL.test(next.text));
}

/**
 * The capitalised words of some sentences whose capital is not owed to opening a sentence, with how
 * many times each is written (exact text).
 */
export function keptCapitals(
  sentences: ReadonlyArray<readonly Token[]>,
  names: ReadonlySet<string>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const tokens of sentences) {
    let opening = true;
    for (const [index, piece] of tokens.entries()) {
      if (piece.kind !== 'word') continue;
      const atStart = opening;
      opening = false;
      if (!CAPITAL.test(piece.text)) continue;
      const lower = piece.text.toLowerCase();
      const owed =
        !atStart ||
        piece.lock === 'name' ||
        properOpening(
          piece,
          tokens.slice(index + 1).find((after) => after.kind === 'word'),
        ) ||
        names.has(lower) ||
        isMonthOrDay(lower) ||
        piece.text === 'I' ||
        /^I['’]/u.test(piece.text);
      if (owed) out.set(piece.text, (out.get(piece.text) ?? 0) + 1);
    }
  }
  return out;
}

/** How many times each word is written: exact text, and (as "lower:" + its lower case) without an initial capital. */
function countWritten(sentences: ReadonlyArray<readonly Token[]>): Map<string, number> {
  const out = new Map<string, number>();
  const count = (key: string): void => {
    out.set(key, (out.get(key) ?? 0) + 1);
  };
  for (const tokens of sentences)
    for (const piece of tokens) {
      if (piece.kind !== 'word') continue;
      count(piece.text);
      if (!CAPITAL.test(piece.text)) count(`lower:${piece.text.toLowerCase()}`);
    }
  return out;
}

/**
 * True when replacing `before` by `after` writes in lower case a word `before` capitalised for a
 * reason (keptCapitals): the capitalised form is written fewer times, and its lower-case form more.
 * Words an edit removes outright (a filler) lower nothing.
 */
export function lowersCapital(
  before: ReadonlyArray<readonly Token[]>,
  after: ReadonlyArray<readonly Token[]>,
  names: ReadonlySet<string>,
): boolean {
  const kept = keptCapitals(before, names);
  if (kept.size === 0) return false;
  const was = countWritten(before);
  const now = countWritten(after);
  for (const text of kept.keys()) {
    if ((now.get(text) ?? 0) >= (was.get(text) ?? 0)) continue;
    const lower = `lower:${text.toLowerCase()}`;
    if ((now.get(lower) ?? 0) > (was.get(lower) ?? 0)) return true;
  }
  return false;
}
