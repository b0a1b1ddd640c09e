/**
 * The Markdown a restyled .docx comes back as (what htmlToText writes with `markdown: true`, after
 * the engine's edits, which never touch Markdown structure) read into blocks and runs: headings,
 * bullet and numbered list items, paragraphs, and text runs that are bold, italic or both.
 */

/** A stretch of text with one formatting; `\n` in it is a line break within the paragraph. */
export interface TextRunSpec {
  text: string;
  bold: boolean;
  italic: boolean;
}

/** One paragraph of the document. */
export type BlockSpec =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; runs: TextRunSpec[] }
  | { kind: 'bullet'; runs: TextRunSpec[] }
  /** `list` counts the numbered lists from 0: items of one list are numbered on from each other. */
  | { kind: 'numbered'; list: number; runs: TextRunSpec[] }
  | { kind: 'paragraph'; runs: TextRunSpec[] };

type Piece = { text: string } | { mark: number; canOpen: boolean; canClose: boolean };

// Only `*` marks emphasis: htmlToText writes no other, and a `_` in a name stays a `_`.
const PIECES = /\\([\\*_])|(\*{1,3})|([^\\*]+|\\)/g;

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

/** The paragraph's text split into literal text and `*` runs that may open or close emphasis. */
function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const match of text.matchAll(PIECES)) {
    const [whole, escaped, stars, literal] = match;
    if (stars !== undefined) {
      const before = text[match.index - 1];
      const after = text[match.index + whole.length];
      pieces.push({ mark: stars.length, canOpen: !isSpace(after), canClose: !isSpace(before) });
    } else {
      pieces.push({ text: escaped ?? literal ?? whole });
    }
  }
  return pieces;
}

/**
 * A paragraph's inline Markdown as runs: `*italic*`, `**bold**`, `***both***`, nested or not. A
 * mark with no partner is literal text.
 */
export function parseRuns(text: string): TextRunSpec[] {
  const pieces = piecesOf(text);
  // Pair every closing mark with the nearest open mark of the same length; the rest are literal.
  const partner = new Map<number, number>();
  const stack: number[] = [];
  pieces.forEach((piece, i) => {
    if (!('mark' in piece)) return;
    const opener = stack.findLastIndex((j) => (pieces[j] as { mark: number }).mark === piece.mark);
    if (piece.canClose && opener >= 0) {
      partner.set(stack[opener]!, i);
      partner.set(i, stack[opener]!);
      stack.length = opener;
    } else if (piece.canOpen) {
      stack.push(i);
    }
  });
  const runs: TextRunSpec[] = [];
  let bold = 0;
  let italic = 0;
  pieces.forEach((piece, i) => {
    if ('mark' in piece && partner.has(i)) {
      const step = partner.get(i)! > i ? 1 : -1;
      if (piece.mark >= 2) bold += step;
      if (piece.mark !== 2) italic += step;
      return;
    }
    const text = 'mark' in piece ? '*'.repeat(piece.mark) : piece.text;
    const last = runs.at(-1);
    if (last && last.bold === bold > 0 && last.italic === italic > 0) last.text += text;
    else runs.push({ text, bold: bold > 0, italic: italic > 0 });
  });
  return runs;
}

/** Blocks of a Markdown text: blank lines separate them; `#` headings, `- `/`* ` and `1. ` items. */
export function parseBlocks(markdown: string): BlockSpec[] {
  const blocks: BlockSpec[] = [];
  let list = -1;
  let inList = false;
  for (const raw of markdown.split(/\n[ \t]*\n/)) {
    const text = raw.trim();
    if (text === '') continue;
    const heading = /^(#{1,6})[ \t]+([\s\S]*)$/.exec(text);
    const bullet = /^[-*+][ \t]+([\s\S]*)$/.exec(text);
    const numbered = /^\d{1,9}[.)][ \t]+([\s\S]*)$/.exec(text);
    if (numbered) {
      if (!inList) list += 1;
      inList = true;
      blocks.push({ kind: 'numbered', list, runs: parseRuns(numbered[1]!) });
      continue;
    }
    inList = false;
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, runs: parseRuns(heading[2]!) });
    } else if (bullet) {
      blocks.push({ kind: 'bullet', runs: parseRuns(bullet[1]!) });
    } else {
      blocks.push({ kind: 'paragraph', runs: parseRuns(text) });
    }
  }
  return blocks;
}
