/** Plain text (or light Markdown) from the HTML mammoth writes for a .docx. */
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'blockquote', 'pre']);
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** How htmlToText writes what plain text has no way to say. */
export interface TextOptions {
  /**
   * Bold and italic as Markdown emphasis (`**bold**`, `*italic*`, `***both***`) and an ordered
   * list's items as `1. `, `2. `: the Markdown a restyle reads and writes back into a .docx. Off, both
   * are dropped (the text a style is learned from).
   */
  markdown?: boolean;
}

const EMPHASIS: Readonly<Record<string, string>> = { strong: '**', b: '**', em: '*', i: '*' };

/** `**` or `*` around a run's text, with the run's edge spaces outside the marks (CommonMark flanking). */
function emphasised(text: string, mark: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  const [, before, inner, after] = match;
  return inner === '' ? text : `${before}${mark}${inner}${mark}${after}`;
}

/** Literal `*`, `_` and `\\` escaped, so that only the emphasis htmlToText writes reads back as emphasis. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_]/g, (char) => `\\${char}`);
}

/**
 * Plain text from mammoth's HTML: one paragraph per block separated by blank lines, `<hN>` as
 * N `#` characters and a space, list items as `- `, `<br>` as a line break. Inline markup is
 * dropped (or written as Markdown, see TextOptions) and footnote reference marks (`<sup>`) skipped.
 */
export function htmlToText(html: string, options: TextOptions = {}): string {
  const markdown = options.markdown === true;
  const paragraphs: string[] = [];
  let current: string | undefined;
  let prefix = '';
  let supDepth = 0;
  // Inline emphasis open at this point, innermost last, with the text since it opened.
  const open: { mark: string; text: string }[] = [];
  // Each open list: its kind and how many items it has had.
  const lists: { ordered: boolean; items: number }[] = [];
  const append = (text: string): void => {
    const top = open.at(-1);
    if (top) top.text += text;
    else current = (current ?? '') + text;
  };
  const flush = (): void => {
    while (open.length > 0) {
      const { mark, text } = open.pop()!;
      append(emphasised(text, mark));
    }
    const text = (current ?? '')
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();
    if (text !== '') paragraphs.push(prefix + text);
    current = undefined;
    prefix = '';
  };
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>|([^<]+)/g)) {
    const [, closing, rawTag, text] = match;
    if (text !== undefined) {
      if (supDepth === 0) append(markdown ? escapeMarkdown(decodeEntities(text)) : decodeEntities(text));
      continue;
    }
    const tag = (rawTag ?? '').toLowerCase();
    const mark = markdown ? EMPHASIS[tag] : undefined;
    if (mark !== undefined) {
      if (!closing) open.push({ mark, text: '' });
      else if (open.at(-1)?.mark === mark) append(emphasised(open.pop()!.text, mark));
    } else if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', items: 0 });
    } else if (tag === 'sup') {
      supDepth += closing ? -1 : 1;
      supDepth = Math.max(0, supDepth);
    } else if (tag === 'br' && !closing) {
      append('\n');
    } else if (BLOCKS.has(tag)) {
      // A nested block (a paragraph inside a list item or table cell) ends the text before it.
      flush();
      if (!closing) {
        current = '';
        const level = /^h([1-6])$/.exec(tag)?.[1];
        const list = lists.at(-1);
        if (level) prefix = `${'#'.repeat(Number(level))} `;
        else if (tag === 'li' && markdown && list?.ordered) prefix = `${++list.items}. `;
        else if (tag === 'li') prefix = '- ';
      }
    }
  }
  flush();
  return paragraphs.join('\n\n');
}
