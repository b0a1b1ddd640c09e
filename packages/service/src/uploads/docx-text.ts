/** Text of a .docx through mammoth, with headings kept as Markdown `#` lines. */
import mammoth from 'mammoth';
import { ServiceError } from '../errors.js';

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'blockquote', 'pre']);
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text from mammoth's HTML: one paragraph per block separated by blank lines, `<hN>` as
 * N `#` characters and a space, list items as `- `, `<br>` as a line break. Inline markup is
 * dropped and footnote reference marks (`<sup>`) skipped.
 */
export function htmlToText(html: string): string {
  const paragraphs: string[] = [];
  let current: string | undefined;
  let prefix = '';
  let supDepth = 0;
  const flush = (): void => {
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
      if (supDepth === 0) current = (current ?? '') + decodeEntities(text);
      continue;
    }
    const tag = (rawTag ?? '').toLowerCase();
    if (tag === 'sup') {
      supDepth += closing ? -1 : 1;
      supDepth = Math.max(0, supDepth);
    } else if (tag === 'br' && !closing) {
      current = (current ?? '') + '\n';
    } else if (BLOCKS.has(tag)) {
      // A nested block (a paragraph inside a list item or table cell) ends the text before it.
      flush();
      if (!closing) {
        current = '';
        const level = /^h([1-6])$/.exec(tag)?.[1];
        if (level) prefix = `${'#'.repeat(Number(level))} `;
        else if (tag === 'li') prefix = '- ';
      }
    }
  }
  flush();
  return paragraphs.join('\n\n');
}

/**
 * The text of a .docx (already checked by inspectDocx). Images are not read and external files
 * (linked images, etc.) are never fetched. Throws ServiceError docx_corrupt when mammoth cannot
 * read the document.
 */
export async function extractDocxText(bytes: Buffer): Promise<string> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        externalFileAccess: false,
        // Skip image bytes entirely: only text matters, and images can be most of the archive.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    );
    html = result.value;
  } catch (error) {
    throw new ServiceError('docx_corrupt', undefined, { cause: error });
  }
  return htmlToText(html).normalize('NFC');
}
