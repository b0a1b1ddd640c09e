/** Upload file names: made safe to store and show, and mapped to the accepted kinds. */
import type { FileKind } from '../store/index.js';

/** Longest stored file name, in UTF-16 code units (the extension is kept when shortening). */
export const MAX_FILENAME_CHARS = 200;

/** The name stored when nothing of the uploaded one is left. */
export const FALLBACK_FILENAME = 'file';

// Invisible characters: controls, lone surrogates, and format characters, among them the bidi
// controls that disguise an extension (U+202E shows "evil\u202Etxt.exe" as "evilexe.txt") and
// zero-width ones that hide text. ZWNJ and ZWJ stay: emoji sequences and several scripts need them.
const INVISIBLE = /[\p{Cc}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/gu;

// Reserved in Windows names, and the characters that look like path separators when shown.
const UNSAFE = /[<>:"|?*\u2044\u2215\u29f5\u29f8\u29f9\uff0f\uff3c]/gu;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * A file name safe to store and echo: the last path segment only (both `/` and `\`), invisible
 * characters removed, characters reserved in Windows names or shaped like slashes replaced by `_`,
 * whitespace runs made one space, no leading dots, at most MAX_FILENAME_CHARS (cut between
 * characters as people see them, so an emoji is never split). Any other printable character, emoji
 * included, is kept. Never empty: FALLBACK_FILENAME when nothing is left.
 */
export function sanitizeFilename(raw: string): string {
  if (typeof raw !== 'string') throw new TypeError(`raw must be a string, got ${typeof raw}`);
  const base = raw.split(/[/\\]/).pop() ?? '';
  const name = base
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '')
    .trimEnd();
  return shorten(name) || FALLBACK_FILENAME;
}

/** `name` cut to MAX_FILENAME_CHARS on a grapheme boundary, keeping an extension of up to 10 characters. */
function shorten(name: string): string {
  if (name.length <= MAX_FILENAME_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const budget = MAX_FILENAME_CHARS - extension.length;
  const source = name.slice(0, name.length - extension.length);
  let stem = '';
  for (const { segment } of graphemes.segment(source)) {
    if (stem.length + segment.length > budget) break;
    stem += segment;
  }
  // One cluster longer than the budget (a letter under hundreds of combining marks): cut by code points.
  if (stem === '') {
    for (const codePoint of source) {
      if (stem.length + codePoint.length > budget) break;
      stem += codePoint;
    }
  }
  return stem.trimEnd() + extension;
}

/** The kind a (sanitised) file name declares by its extension, case-insensitive; undefined for others. */
export function fileKindOf(filename: string): FileKind | undefined {
  const match = /\.(txt|docx)$/i.exec(filename);
  return match?.[1] ? (match[1].toLowerCase() as FileKind) : undefined;
}
