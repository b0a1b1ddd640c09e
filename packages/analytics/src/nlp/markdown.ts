/**
 * Text preparation (METRICS.md "Text preparation"): normalisation and Markdown block splitting.
 * Blocks keep their source offsets so an editor can rewrite one block and splice it back.
 */

export type BlockKind =
  'paragraph' | 'heading' | 'list_item' | 'blockquote' | 'code' | 'table' | 'html' | 'thematic_break';

export interface Block {
  kind: BlockKind;
  /** Offset of the block's first character in the normalised text. */
  start: number;
  /** Offset just past the block's last character (its final newline excluded). */
  end: number;
  /** The block's source, markup included. */
  raw: string;
  /** Heading level 1–6 (headings only). */
  level?: number;
  /** True for blocks whose text counts as prose: paragraphs, list items and block quotes. */
  prose: boolean;
  /** The block's text with Markdown markup removed and soft line breaks folded to spaces. */
  text: string;
}

/** Line endings to `\n`, Unicode to NFC. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?|\u2028|\u2029/g, '\n').normalize('NFC');
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_MARKER = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const BLOCKQUOTE = /^ {0,3}>/;
const INDENTED_CODE = /^(?: {4}|\t)/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const HTML_LINE = /^ {0,3}<\/?[A-Za-z][^>]*>[ \t]*$|^ {0,3}<!--/;
const BLANK = /^[ \t]*$/;
const SPACE_RUN = /\t| {2}/;
const INLINE_MARKUP = /[*_~`<\\[!]/;

interface Line {
  text: string;
  start: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lines.push({ text: text.slice(start, end), start });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) ||
    ATX_HEADING.test(line) ||
    THEMATIC_BREAK.test(line) ||
    LIST_MARKER.test(line) ||
    BLOCKQUOTE.test(line) ||
    HTML_LINE.test(line)
  );
}

/** Splits normalised text into Markdown blocks, in order. Blank lines belong to no block. */
export function parseBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const blocks: Block[] = [];
  const make = (kind: BlockKind, from: number, to: number, extra: Partial<Block> = {}): void => {
    const first = lines[from];
    const last = lines[to];
    if (first === undefined || last === undefined) return;
    const start = first.start;
    const end = last.start + last.text.length;
    const raw = text.slice(start, end);
    const prose = kind === 'paragraph' || kind === 'list_item' || kind === 'blockquote';
    blocks.push({ kind, start, end, raw, prose, text: prose ? blockText(kind, raw) : '', ...extra });
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i]?.text ?? '';
    if (BLANK.test(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      let j = i + 1;
      while (
        j < lines.length &&
        !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`).test(lines[j]?.text ?? '')
      )
        j += 1;
      const last = Math.min(j, lines.length - 1);
      make('code', i, last);
      i = last + 1;
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      const level = (atx[1] ?? '#').length;
      make('heading', i, i, { level, text: inlineText(line.replace(ATX_HEADING, '').replace(/[ \t]+#+[ \t]*$/, '')) });
      i += 1;
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      make('thematic_break', i, i);
      i += 1;
      continue;
    }
    if (INDENTED_CODE.test(line)) {
      let j = i;
      while (
        j + 1 < lines.length &&
        (INDENTED_CODE.test(lines[j + 1]?.text ?? '') || BLANK.test(lines[j + 1]?.text ?? ''))
      )
        j += 1;
      while (j > i && BLANK.test(lines[j]?.text ?? '')) j -= 1;
      make('code', i, j);
      i = j + 1;
      continue;
    }
    if (HTML_LINE.test(line)) {
      let j = i;
      while (j + 1 < lines.length && !BLANK.test(lines[j + 1]?.text ?? '')) j += 1;
      make('html', i, j);
      i = j + 1;
      continue;
    }
    if (BLOCKQUOTE.test(line)) {
      let j = i;
      while (
        j + 1 < lines.length &&
        !BLANK.test(lines[j + 1]?.text ?? '') &&
        (BLOCKQUOTE.test(lines[j + 1]?.text ?? '') || !startsBlock(lines[j + 1]?.text ?? ''))
      )
        j += 1;
      make('blockquote', i, j);
      i = j + 1;
      continue;
    }
    const list = LIST_MARKER.exec(line);
    if (list) {
      // An item runs until a blank line, a new item at the same or lower indent, or another block start.
      let j = i;
      while (j + 1 < lines.length) {
        const next = lines[j + 1]?.text ?? '';
        if (BLANK.test(next) || startsBlock(next)) break;
        j += 1;
      }
      make('list_item', i, j);
      i = j + 1;
      continue;
    }
    if (
      line.includes('|') &&
      TABLE_DELIMITER.test(lines[i + 1]?.text ?? '') &&
      (lines[i + 1]?.text ?? '').includes('-')
    ) {
      let j = i + 1;
      while (j + 1 < lines.length && !BLANK.test(lines[j + 1]?.text ?? '') && (lines[j + 1]?.text ?? '').includes('|'))
        j += 1;
      make('table', i, j);
      i = j + 1;
      continue;
    }
    // Paragraph: runs to a blank line or a line that starts another block; a setext underline makes it a heading.
    let j = i;
    let setextLevel = 0;
    while (j + 1 < lines.length) {
      const next = lines[j + 1]?.text ?? '';
      if (BLANK.test(next)) break;
      const underline = SETEXT_UNDERLINE.exec(next);
      if (underline) {
        setextLevel = (underline[1] ?? '=').startsWith('=') ? 1 : 2;
        break;
      }
      if (startsBlock(next)) break;
      j += 1;
    }
    if (setextLevel > 0) {
      const titleEnd = lines[j];
      const title = titleEnd ? text.slice(lines[i]?.start ?? 0, titleEnd.start + titleEnd.text.length) : '';
      make('heading', i, j + 1, { level: setextLevel, text: inlineText(title.replace(/\n/g, ' ')) });
      i = j + 2;
      continue;
    }
    make('paragraph', i, j);
    i = j + 1;
  }
  return blocks;
}

function blockText(kind: BlockKind, raw: string): string {
  let body = raw;
  if (kind === 'list_item') body = raw.replace(LIST_MARKER, '').replace(/^\[[ xX]\][ \t]+/, '');
  if (kind === 'blockquote') body = raw.replace(/^ {0,3}>[ \t]?/gm, '');
  // Continuation lines are soft breaks; a trailing two-space hard break is still one space.
  return inlineText(
    body
      .split('\n')
      .map((l) => l.trim())
      .join(' '),
  );
}

/** Folds runs of spaces and tabs to one space and trims; most prose needs neither. */
function collapseSpaces(text: string): string {
  const folded = SPACE_RUN.test(text) ? text.replace(/[ \t]+/g, ' ') : text;
  return folded.trim();
}

/** Removes inline Markdown markup, keeping what a reader sees as text. */
export function inlineText(markdown: string): string {
  // Most prose has no markup at all: skip the rewriting passes.
  if (!INLINE_MARKUP.test(markdown)) return collapseSpaces(markdown);
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '') // images are not prose
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/`+([^`]*?)`+/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*_\\])([*_])(?=\S)([^*_]*?[^\s*_])\2(?![\p{L}\p{N}])/gu, '$1$3')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .trim();
}
