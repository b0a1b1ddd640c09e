import { describe, expect, it } from 'vitest';
import { parseBlocks, parseRuns } from '../../../src/cli/docx/markdown.js';

const plain = (text: string) => ({ text, bold: false, italic: false });

describe('parseRuns', () => {
  it('reads bold, italic and both, nested or not', () => {
    expect(parseRuns('a **b** *c* ***d*** **e *f* g**')).toEqual([
      plain('a '),
      { text: 'b', bold: true, italic: false },
      plain(' '),
      { text: 'c', bold: false, italic: true },
      plain(' '),
      { text: 'd', bold: true, italic: true },
      plain(' '),
      { text: 'e ', bold: true, italic: false },
      { text: 'f', bold: true, italic: true },
      { text: ' g', bold: true, italic: false },
    ]);
  });

  it('keeps escaped and unpaired stars, and underscores, as text', () => {
    expect(parseRuns('2 \\* 3 * 4 snake_case \\\\ **open')).toEqual([plain('2 * 3 * 4 snake_case \\ **open')]);
  });
});

describe('parseBlocks', () => {
  it('reads headings, bullets, numbered lists (one per run of items) and paragraphs', () => {
    const blocks = parseBlocks('## Title\n\n- one\n\n1. first\n\n2. second\n\nText\nwrapped\n\n1. again');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, runs: [plain('Title')] },
      { kind: 'bullet', runs: [plain('one')] },
      { kind: 'numbered', list: 0, runs: [plain('first')] },
      { kind: 'numbered', list: 0, runs: [plain('second')] },
      { kind: 'paragraph', runs: [plain('Text\nwrapped')] },
      { kind: 'numbered', list: 1, runs: [plain('again')] },
    ]);
  });
});
