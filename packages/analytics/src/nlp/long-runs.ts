/**
 * Long runs of text without whitespace (base64 images, minified code, tracking URLs, hashes) are put
 * aside before wink-nlp reads a text: its tokenizer takes time growing with the square of a token's
 * length (a 32 KB run of base64 took 4.5 s, a 5 MB one did not finish), so each run longer than
 * MAX_RUN_CHARACTERS is replaced by a placeholder word, and the tagger puts the run back as one token
 * of its class: `url` when it looks like an address, `opaque` otherwise (both one word of zero
 * syllables: see words.ts). Opening brackets and quotes before the run and closing punctuation after
 * it stay outside the placeholder, so sentence ends are seen as before. The placeholder is a plain
 * lower-case word: wink would read a URL placeholder together with the full stop after it.
 */

/** Longer runs without whitespace are masked: far past any English word, short enough that wink stays linear. */
export const MAX_RUN_CHARACTERS = 100;

/** wink's token type of a masked run that is not an address. */
export const OPAQUE_TYPE = 'opaque';

/** A masked run: its text as written, the token type it stands for and its part of speech. */
export interface MaskedRun {
  text: string;
  type: 'url' | typeof OPAQUE_TYPE;
  /** What wink tags a URL (SYM); anything else is UPOS "other" (X). */
  pos: 'SYM' | 'X';
}

/** A text with its long runs replaced by `placeholder`, and those runs in order. */
export interface MaskedText {
  text: string;
  placeholder: string;
  runs: MaskedRun[];
}

// At most this many marks are kept outside the run at each end.
const MARKS_KEPT = 8;
const OPENING_MARKS = new Set('([{<"\'“‘«');
const CLOSING_MARKS = new Set(')]}>"\'”’».,;:!?…');
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)/iu;
const WHITESPACE = /\s/u;

const PLACEHOLDER = /stylerrun(x*)/gu;

/**
 * A word wink reads as one token that no word of `text` outside its long runs equals: "stylerrun"
 * with one "x" more than any such word has (a longer match lies inside a run, which is masked).
 */
function placeholderFor(text: string): string {
  let longest = -1;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match[0].length <= MAX_RUN_CHARACTERS) longest = Math.max(longest, match[1]!.length);
  }
  return `stylerrun${'x'.repeat(longest + 1)}`;
}

/** Whether the UTF-16 unit `code` is whitespace as `\s` has it (an ASCII fast path: this sees every character). */
function isWhitespace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(String.fromCharCode(code));
}

/**
 * Start and end (exclusive) of each run longer than MAX_RUN_CHARACTERS, found by one scan: the
 * regular expression \S{101,} took seconds on a megabyte of base64.
 */
function longRuns(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let runStart = 0;
  for (let i = 0; i <= text.length; i += 1) {
    if (i < text.length && !isWhitespace(text.charCodeAt(i))) continue;
    if (i - runStart > MAX_RUN_CHARACTERS) found.push([runStart, i]);
    runStart = i + 1;
  }
  return found;
}

/** `text` with every run longer than MAX_RUN_CHARACTERS masked; the same text when there is none. */
export function maskLongRuns(text: string): MaskedText {
  const found = longRuns(text);
  if (found.length === 0) return { text, placeholder: '', runs: [] };
  const placeholder = placeholderFor(text);
  const runs: MaskedRun[] = [];
  const parts: string[] = [];
  let copied = 0;
  for (const [runStart, runEnd] of found) {
    let start = runStart;
    while (start - runStart < MARKS_KEPT && OPENING_MARKS.has(text[start]!)) start += 1;
    let end = runEnd;
    while (runEnd - end < MARKS_KEPT && end > start && CLOSING_MARKS.has(text[end - 1]!)) end -= 1;
    if (end - start <= MAX_RUN_CHARACTERS) continue;
    const core = text.slice(start, end);
    runs.push(
      ADDRESS.test(core) ? { text: core, type: 'url', pos: 'SYM' } : { text: core, type: OPAQUE_TYPE, pos: 'X' },
    );
    parts.push(text.slice(copied, start), placeholder);
    copied = end;
  }
  if (runs.length === 0) return { text, placeholder: '', runs: [] };
  parts.push(text.slice(copied));
  return { text: parts.join(''), placeholder, runs };
}
