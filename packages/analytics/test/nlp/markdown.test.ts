import { describe, expect, it } from 'vitest';
import { inlineText, normalizeText, parseBlocks } from '../../src/nlp/markdown.js';

describe('normalizeText', () => {
  it('folds CRLF and CR to LF and composes to NFC', () => {
    expect(normalizeText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(normalizeText('Cafe\u0301')).toBe('Caf\u00e9');
  });
});

describe('parseBlocks', () => {
  const text = [
    '# Title',
    '',
    'First paragraph with **bold** and a [link](https://example.com).',
    'It continues here.',
    '',
    '- item one',
    '- item *two*',
    '',
    '1. numbered',
    '',
    '> quoted words',
    '',
    '```js',
    'const x = 1;',
    '```',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    'Setext heading',
    '--------------',
    '',
    '    indented code',
    '',
    '---',
  ].join('\n');
  const blocks = parseBlocks(text);

  it('finds every block kind in order', () => {
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list_item',
      'list_item',
      'list_item',
      'blockquote',
      'code',
      'table',
      'heading',
      'code',
      'thematic_break',
    ]);
  });

  it('keeps offsets that slice back to the raw source', () => {
    for (const block of blocks) expect(text.slice(block.start, block.end)).toBe(block.raw);
  });

  it('strips markup from prose and marks only prose blocks as prose', () => {
    expect(blocks[1]?.text).toBe('First paragraph with bold and a link. It continues here.');
    expect(blocks[3]?.text).toBe('item two');
    expect(blocks[4]?.text).toBe('numbered');
    expect(blocks[5]?.text).toBe('quoted words');
    expect(blocks.filter((b) => b.prose).map((b) => b.kind)).toEqual([
      'paragraph',
      'list_item',
      'list_item',
      'list_item',
      'blockquote',
    ]);
    expect(blocks[0]).toMatchObject({ level: 1, text: 'Title' });
    expect(blocks[8]).toMatchObject({ level: 2, text: 'Setext heading' });
  });

  it('treats an unclosed fence as code to the end', () => {
    expect(parseBlocks('```\ncode\nmore').map((b) => b.kind)).toEqual(['code']);
  });
});

describe('inlineText', () => {
  it('keeps link text, drops images, emphasis markers and escapes', () => {
    expect(inlineText('See ![a cat](c.png) the [docs](http://x.y/a_(b)) and _this_ \\*star\\*')).toBe(
      'See the docs and this *star*',
    );
  });
  it('leaves intraword underscores alone', () => {
    expect(inlineText('snake_case_name stays')).toBe('snake_case_name stays');
  });
});
