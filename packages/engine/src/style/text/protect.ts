import { isCapitalized, type Token } from './token.js';

/**
 * Locks what restyling must never change: numbers (and the symbols glued to them), names
 * (capitalised words inside a sentence, words with inner capitals or all in capitals) and
 * quoted speech (everything between a pair of double quotes, or of curly single quotes).
 * In headings only unmistakable names are locked (title case capitalises every word).
 * Mutates and returns `tokens`.
 */
export function lockProtectedSpans(tokens: Token[], options: { heading?: boolean } = {}): Token[] {
  lockNumbers(tokens);
  lockNames(tokens, options.heading === true);
  lockQuotes(tokens);
  return tokens;
}

const DIGIT = /\p{N}/u;
const NUMBER_SYMBOL = /^[%$€£¥°#+]$/u;
// Separators are part of a number only between two numbers ("3–5", "9:30"), not when a sentence ends on one.
const NUMBER_SEPARATOR = /^[-–—/:.,x×]$/u;
const INNER_CAPITAL = /^.+\p{Lu}/u;
const ALL_CAPS = /^[\p{Lu}\p{N}'’.-]{2,}$/u;
const PRONOUN_I = /^I(?:['’](?:m|ve|ll|d))?$/;
const SENTENCE_END = /^(?:[.!?…]|\.\.\.|[?!]{2,}|:)$/;
const CLOSERS = /^["'”’)\]]$/;

function lockNumbers(tokens: Token[]): void {
  for (const piece of tokens) {
    if (piece.kind === 'word' && piece.lock === undefined && DIGIT.test(piece.text)) piece.lock = 'number';
  }
  // Symbols and separators touching a number ("14%", "3–5", "$ 4") belong to it.
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'punct' || piece.lock !== undefined) return;
    const before = tokens[index - 1]?.lock === 'number';
    const after = tokens[index + 1]?.lock === 'number';
    if (
      (NUMBER_SYMBOL.test(piece.text) && (before || after)) ||
      (NUMBER_SEPARATOR.test(piece.text) && before && after)
    ) {
      piece.lock = 'number';
    }
  });
}

/** True when the word at `index` opens a sentence (nothing but markup, spaces or closers before it since an end mark). */
export function isSentenceInitial(tokens: readonly Token[], index: number): boolean {
  for (let i = index - 1; i >= 0; i -= 1) {
    const piece = tokens[i];
    if (piece === undefined) break;
    if (piece.kind === 'space' || piece.kind === 'markup') continue;
    // Quoted speech opens a sentence of its own ("He said, "It works."").
    if (piece.kind === 'punct' && /^[“‘]$/.test(piece.text)) return true;
    if (
      piece.kind === 'punct' &&
      piece.text === '"' &&
      (tokens[i - 1] === undefined || tokens[i - 1]?.kind === 'space')
    )
      return true;
    if (piece.kind === 'punct' && (CLOSERS.test(piece.text) || /^[([]$/.test(piece.text))) continue;
    // Emphasis marks ("- **Start** with…") stand outside the sentence.
    if (piece.kind === 'punct' && /^[*_]+$/.test(piece.text)) continue;
    return piece.kind === 'punct' && SENTENCE_END.test(piece.text);
  }
  return true;
}

/** True for a word of ASCII characters without a capital or "_": no name rule can apply to it. */
function isPlainLowerCase(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || (code >= 65 && code <= 90) || code === 95) return false;
  }
  return text.length > 0 && text.charCodeAt(0) >= 97 && text.charCodeAt(0) <= 122;
}

// In headings, title case makes every capital ambiguous: only unmistakable names are locked here.
function lockNames(tokens: Token[], heading: boolean): void {
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'word' || piece.lock !== undefined || isPlainLowerCase(piece.text)) return;
    if (piece.text.includes('_')) {
      piece.lock = 'code';
      return;
    }
    if (PRONOUN_I.test(piece.text)) return;
    if (INNER_CAPITAL.test(piece.text) || ALL_CAPS.test(piece.text)) {
      piece.lock = 'name';
      return;
    }
    if (!heading && isCapitalized(piece.text) && !isSentenceInitial(tokens, index)) piece.lock = 'name';
  });
}

const OPENING_DOUBLE = new Set(['“', '„', '«']);
const CLOSING_DOUBLE = new Set(['”', '»']);

function opensStraight(tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1];
  return before === undefined || before.kind === 'space' || before.kind === 'markup' || /^[([—–-]$/.test(before.text);
}

function lockQuotes(tokens: Token[]): void {
  let openAt = -1;
  let openSingleAt = -1;
  const lockBetween = (from: number, to: number): void => {
    for (let i = from + 1; i < to; i += 1) {
      const piece = tokens[i];
      if (piece !== undefined && piece.lock === undefined) piece.lock = 'quote';
    }
  };
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'punct') return;
    const mark = piece.text;
    if (openAt < 0 && (OPENING_DOUBLE.has(mark) || (mark === '"' && opensStraight(tokens, index)))) {
      openAt = index;
      return;
    }
    if (openAt >= 0 && (CLOSING_DOUBLE.has(mark) || mark === '"')) {
      lockBetween(openAt, index);
      openAt = -1;
      return;
    }
    if (openAt < 0 && openSingleAt < 0 && mark === '‘') openSingleAt = index;
    else if (openSingleAt >= 0 && mark === '’') {
      lockBetween(openSingleAt, index);
      openSingleAt = -1;
    }
  });
  // An unclosed quotation runs to the end of the block: lock it all rather than guess.
  if (openAt >= 0) lockBetween(openAt, tokens.length);
  if (openSingleAt >= 0) lockBetween(openSingleAt, tokens.length);
}
