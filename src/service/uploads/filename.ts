/** Upload file names: made safe to store and show, and mapped to the accepted kinds. */
import type { FileKind } from '../../store/index.js';

/** Longest stored file name, in UTF-16 code units (the extension is kept when shortening). */
export const MAX_FILENAME_CHARS = 200;

/**
 * A file name safe to store and echo: the last path segment only (both `/` and `\`), control and
 * bidirectional-override characters removed, characters outside letters, digits, space and
 * `._-()` replaced by `_`, no leading dots, at most MAX_FILENAME_CHARS. Empty input gives ''.
 */
export function sanitizeFilename(raw: string): string {
  if (typeof raw !== 'string') throw new TypeError(`raw must be a string, got ${typeof raw}`);
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // Controls, and the bidi/zero-width format characters used to disguise extensions (e.g. U+202E).
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[^\p{L}\p{N}\p{M} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (name.length > MAX_FILENAME_CHARS) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_FILENAME_CHARS - extension.length) + extension;
  }
  return name;
}

/** The kind a (sanitised) file name declares by its extension, case-insensitive; undefined for others. */
export function fileKindOf(filename: string): FileKind | undefined {
  const match = /\.(txt|docx)$/i.exec(filename);
  return match?.[1] ? (match[1].toLowerCase() as FileKind) : undefined;
}
