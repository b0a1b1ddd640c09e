import { lockedToken, token, type LockReason, type Token } from './token.js';

/**
 * Inline tokenizer: one line of Markdown prose (no line prefix) → tokens. Markup, code, URLs and
 * e-mail addresses come out locked; words, punctuation and spaces come out unlocked (later passes
 * lock numbers, names and quoted speech).
 */

const INLINE_CODE = /(`+)[\s\S]*?\1/y;
const IMAGE = /!\[[^\]]*\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/y;
const LINK = /\[([^\]]+)\](\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)|\[[^\]]*\])/y;
const AUTOLINK = /<((?:https?|mailto):[^>\s]+)>/y;
const HTML_TAG = /<\/?[A-Za-z][^>]*>/y;
const URL = /(?:https?:\/\/|www\.)[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]/y;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/uy;
const NUMBER = /[$€£¥]?\p{N}+(?:[.,:/]\p{N}+)*(?:%|st|nd|rd|th|s|k|m|x)?(?![\p{L}\p{N}])/uy;
// Dotted abbreviations (U.S., e.g.) and initials before a name (C. Darwin) keep their period: it ends no sentence.
const ABBREVIATION = /(?:\p{L}\.){2,}|\p{Lu}\.(?=[ \t]+\p{Lu})/uy;
const TITLE =
  /(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Rev|Gen|Col|Capt|Lt|Mt|vs|etc|approx|No|Fig|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|viz|cf|ibid|esp|vol|pp|ca)\.(?!\p{L})/uy;
const WORD = /[\p{L}\p{M}\p{N}]+(?:[_'’\-.\u2010\u2011][\p{L}\p{M}\p{N}]+)*/uy;
const SPACE = /[ \t]+/y;
const EMPHASIS = /\*{1,3}|_{1,3}|~~/y;
const ELLIPSIS = /\.\.\.|\. \. \.|…/y;
const MULTI_PUNCT = /--|[?!]{2,}/y;

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  // A sticky pattern's test() leaves lastIndex at the match's end: no match array to allocate.
  pattern.lastIndex = at;
  return pattern.test(text) ? text.slice(at, pattern.lastIndex) : undefined;
}

/** A new locked token. */
function locked(text: string, kind: Token['kind'], lock: LockReason): Token {
  return lockedToken(text, kind, lock);
}

function lockAll(tokens: Token[], reason: LockReason): Token[] {
  for (const piece of tokens) piece.lock ??= reason;
  return tokens;
}

// `*` and `_` are emphasis only when they touch text on one side (CommonMark flanking, simplified).
function isEmphasis(text: string, at: number, run: string): boolean {
  const before = text[at - 1];
  const after = text[at + run.length];
  const touchesAfter = after !== undefined && !/\s/.test(after);
  const touchesBefore = before !== undefined && !/\s/.test(before);
  if (
    run.startsWith('_') &&
    before !== undefined &&
    /[\p{L}\p{N}]/u.test(before) &&
    after !== undefined &&
    /[\p{L}\p{N}]/u.test(after)
  ) {
    return false;
  }
  return touchesAfter || touchesBefore;
}

/** True when a "." follows the character at `at` (as in every abbreviation "U.S.", "C. Darwin"). */
function dotAfterFirst(text: string, at: number): boolean {
  return text[at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1)] === '.';
}

/** True when a "." follows the ASCII letters starting at `at` (as in every title "Mr.", "etc."). */
function dotAfterAsciiLetters(text: string, at: number): boolean {
  let end = at;
  for (let code = text.charCodeAt(end); (code | 32) >= 97 && (code | 32) <= 122; code = text.charCodeAt(end)) end += 1;
  return end > at && text[end] === '.';
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * What WORD matches at `at` when the word and what follows it are plain ASCII (letters and digits
 * joined by _ ' - .), scanned without the regular expression; undefined where it cannot tell
 * (a character beyond ASCII is involved), and the pattern decides.
 */
function asciiWordAt(text: string, at: number): string | undefined {
  if (!isAsciiAlnum(text.charCodeAt(at))) return undefined;
  let end = at + 1;
  for (;;) {
    let code = text.charCodeAt(end);
    while (isAsciiAlnum(code)) {
      end += 1;
      code = text.charCodeAt(end);
    }
    if (code >= 128) return undefined;
    // A joiner continues the word only before another letter or digit.
    if (code !== 95 && code !== 39 && code !== 45 && code !== 46) break;
    const next = text.charCodeAt(end + 1);
    if (next >= 128) return undefined;
    if (!isAsciiAlnum(next)) break;
    end += 2;
  }
  return text.slice(at, end);
}

/** True for an ASCII character that is not a letter or digit (no word, number or abbreviation starts with it). */
function isAsciiSymbol(code: number): boolean {
  return code < 128 && !((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122));
}

/**
 * Tokenizes one line of inline Markdown. The patterns are tried in a fixed order; each is skipped
 * where its first character rules it out (same tokens, less work).
 */
export function tokenizeInline(text: string): Token[] {
  const out: Token[] = [];
  // An e-mail address needs an "@" after its first character.
  const lastAt = text.lastIndexOf('@');
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    const code = text.charCodeAt(at);
    const symbol = isAsciiSymbol(code);
    const codeSpan = char === '`' ? matchAt(INLINE_CODE, text, at) : undefined;
    if (codeSpan !== undefined) {
      out.push(locked(codeSpan, 'word', 'code'));
      at += codeSpan.length;
      continue;
    }
    const image = char === '!' ? matchAt(IMAGE, text, at) : undefined;
    if (image !== undefined) {
      out.push(locked(image, 'markup', 'markup'));
      at += image.length;
      continue;
    }
    LINK.lastIndex = at;
    const link = char === '[' ? LINK.exec(text) : null;
    if (link) {
      const label = link[1] ?? '';
      out.push(locked('[', 'markup', 'markup'));
      for (const token of lockAll(tokenizeInline(label), 'link')) out.push(token);
      out.push(locked(`]${link[2] ?? ''}`, 'markup', 'markup'));
      at += link[0].length;
      continue;
    }
    AUTOLINK.lastIndex = at;
    const autolink = char === '<' ? AUTOLINK.exec(text) : null;
    if (autolink) {
      out.push(locked('<', 'markup', 'markup'));
      out.push(lockedToken(autolink[1] ?? '', 'word', 'address', true));
      out.push(locked('>', 'markup', 'markup'));
      at += autolink[0].length;
      continue;
    }
    const html = char === '<' ? matchAt(HTML_TAG, text, at) : undefined;
    if (html !== undefined) {
      out.push(locked(html, 'markup', 'markup'));
      at += html.length;
      continue;
    }
    let address = char === 'h' || char === 'w' ? matchAt(URL, text, at) : undefined;
    if (address === undefined && at < lastAt && (!symbol || '._%+-'.includes(char))) address = matchAt(EMAIL, text, at);
    if (address !== undefined) {
      out.push(lockedToken(address, 'word', 'address', true));
      at += address.length;
      continue;
    }
    const numberStart = code >= 128 || (code >= 48 && code <= 57) || char === '$';
    const number = numberStart ? matchAt(NUMBER, text, at) : undefined;
    if (number !== undefined && /\p{N}/u.test(number)) {
      out.push(locked(number, 'word', 'number'));
      at += number.length;
      continue;
    }
    const word = symbol
      ? undefined
      : ((dotAfterFirst(text, at) ? matchAt(ABBREVIATION, text, at) : undefined) ??
        (dotAfterAsciiLetters(text, at) ? matchAt(TITLE, text, at) : undefined) ??
        asciiWordAt(text, at) ??
        matchAt(WORD, text, at));
    if (word !== undefined) {
      out.push(token(word, 'word'));
      at += word.length;
      continue;
    }
    const space = char === ' ' || char === '\t' ? matchAt(SPACE, text, at) : undefined;
    if (space !== undefined) {
      out.push(token(space, 'space'));
      at += space.length;
      continue;
    }
    const emphasis = char === '*' || char === '_' || char === '~' ? matchAt(EMPHASIS, text, at) : undefined;
    if (emphasis !== undefined && isEmphasis(text, at, emphasis)) {
      out.push(locked(emphasis, 'markup', 'markup'));
      at += emphasis.length;
      continue;
    }
    if (char === '\\' && at + 1 < text.length) {
      // A backslash escape: the backslash is markup, the escaped character is locked text.
      out.push(locked('\\', 'markup', 'markup'));
      const escaped = String.fromCodePoint(text.codePointAt(at + 1) ?? 32);
      out.push(locked(escaped, 'punct', 'markup'));
      at += 1 + escaped.length;
      continue;
    }
    const punct =
      matchAt(ELLIPSIS, text, at) ?? matchAt(MULTI_PUNCT, text, at) ?? String.fromCodePoint(text.codePointAt(at) ?? 32);
    out.push(token(punct, 'punct'));
    at += punct.length;
  }
  return out;
}
