import { porterStem } from './porter.js';

/** Stems are cached; past this many entries the cache is dropped and refilled, which bounds memory. */
const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

/** rouge-score's stemming rule: Porter-stem only tokens longer than 3 characters. */
export function stemRougeToken(token: string): string {
  if (token.length <= 3) return token;
  let stem = stemCache.get(token);
  if (stem === undefined) {
    stem = porterStem(token);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(token, stem);
  }
  return stem;
}

const CODE_NEWLINE = 0x0a;
// Python's str.lower() maps exactly two non-ASCII code points to strings containing ASCII letters:
// KELVIN SIGN -> 'k', and LATIN CAPITAL I WITH DOT ABOVE -> 'i' + U+0307 (a combining dot, which
// the tokenizer then treats as a separator). Checked over every code point, in CPython and V8.
const CODE_KELVIN_SIGN = 0x212a;
const CODE_CAPITAL_I_DOT = 0x0130;

/** Whether a UTF-16 code unit continues a token: ASCII letters and digits, or the Kelvin sign. */
function isTokenCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    (code >= 0x41 && code <= 0x5a) || // A-Z
    code === CODE_KELVIN_SIGN
  );
}

/** Lower-cases a run of ASCII letters, digits and Kelvin signs (String.toLowerCase maps U+212A to 'k'). */
function lowerRun(text: string, start: number, end: number, needsLowering: boolean): string {
  const run = text.slice(start, end);
  return needsLowering ? run.toLowerCase() : run;
}

/** Tokens of a text plus where its lines start, as the ROUGE scorers need them. */
export interface RougeTokens {
  /** rouge-score tokens, in text order. */
  tokens: string[];
  /**
   * Index into `tokens` of the first token of each line (lines split on '\n' only) that has at least
   * one token. Lines without tokens are left out: they never change a rougeLsum score.
   */
  lineStarts: number[];
}

/**
 * rouge-score's DefaultTokenizer, with line boundaries kept for rougeLsum: lower-case (Python
 * `str.lower`), every run of characters outside ASCII [a-z0-9] becomes a separator, and with
 * `useStemmer` each token longer than 3 characters is replaced by its NLTK Porter stem.
 */
export function tokenizeRougeLines(text: string, useStemmer: boolean): RougeTokens {
  const tokens: string[] = [];
  const lineStarts: number[] = [];
  let lineHasToken = false;
  let runStart = -1;
  let runNeedsLowering = false;

  const emit = (token: string): void => {
    const finalToken = useStemmer ? stemRougeToken(token) : token;
    // rouge-score drops empty tokens after stemming; a stem is never empty, but keep the rule.
    if (finalToken.length === 0) return;
    if (!lineHasToken) {
      lineStarts.push(tokens.length);
      lineHasToken = true;
    }
    tokens.push(finalToken);
  };

  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isTokenCode(code)) {
      if (runStart < 0) {
        runStart = i;
        runNeedsLowering = false;
      }
      if ((code >= 0x41 && code <= 0x5a) || code === CODE_KELVIN_SIGN) runNeedsLowering = true;
      continue;
    }
    if (code === CODE_CAPITAL_I_DOT) {
      // Lowers to 'i' followed by a combining dot: the 'i' ends the current token.
      emit(runStart < 0 ? 'i' : lowerRun(text, runStart, i, runNeedsLowering) + 'i');
      runStart = -1;
      continue;
    }
    if (runStart >= 0) {
      emit(lowerRun(text, runStart, i, runNeedsLowering));
      runStart = -1;
    }
    if (code === CODE_NEWLINE) lineHasToken = false;
  }
  if (runStart >= 0) emit(lowerRun(text, runStart, text.length, runNeedsLowering));
  return { tokens, lineStarts };
}

/**
 * rouge-score's default tokenization of `text`: lower-cased ASCII letter/digit runs, Porter-stemmed
 * (tokens longer than 3 characters) when `useStemmer` is true.
 */
export function tokenizeRouge(text: string, useStemmer: boolean): string[] {
  return tokenizeRougeLines(text, useStemmer).tokens;
}
