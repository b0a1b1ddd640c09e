import { describe, expect, it } from 'vitest';
import { normalizeText, parseBlocks } from '@styler-dev/analytics/nlp';
import { restyle } from '../../src/style/index.js';
import { countWords } from '../../src/style/text/word-count.js';
import { AI_TEXT } from './corpus.js';
import { CASUAL_MODEL, FORMAL_MODEL } from './ops-helpers.js';

const PROTECTED = [
  '$4.99',
  'March 3, 2025',
  'https://example.com/plan',
  'help@example.com',
  '`plan --today`',
  '"It changed how I work."',
  'Dr. Jane Smith',
];

describe('restyle', () => {
  const formal = restyle(AI_TEXT, FORMAL_MODEL);

  it('changes the text toward the author and keeps every protected span', () => {
    expect(formal).not.toBe(normalizeText(AI_TEXT));
    for (const span of PROTECTED) expect(formal).toContain(span);
  });

  it('is deterministic and keeps the Markdown blocks', () => {
    expect(restyle(AI_TEXT, FORMAL_MODEL)).toBe(formal);
    const kinds = (text: string): string[] => parseBlocks(normalizeText(text)).map((b) => `${b.kind}${b.level ?? ''}`);
    expect(kinds(formal)).toEqual(kinds(AI_TEXT));
    expect(formal).toContain('- **Smart Tracking:**');
  });

  it('applies habits of a formal author: no contractions, no "Moreover"', () => {
    expect(formal).not.toMatch(/\b(?:can't|It's important)\b/);
    expect(formal).not.toContain('Moreover,');
  });

  it('keeps the word count within ±10 % by default and may shorten without it', () => {
    const before = countWords(AI_TEXT);
    expect(Math.abs(countWords(formal) - before)).toBeLessThanOrEqual(0.1 * before);
    // Fillers go only when the length may change (and only if the objective agrees: see ops tests).
    expect(restyle(AI_TEXT, CASUAL_MODEL)).toMatch(/important to note/);
    const free = restyle(AI_TEXT, CASUAL_MODEL, { matchOutputLength: false });
    for (const span of PROTECTED) expect(free).toContain(span);
  });

  it("follows the model's matchOutputLength when the call does not say", () => {
    const shortening = { ...FORMAL_MODEL, matchOutputLength: false };
    expect(restyle(AI_TEXT, shortening)).toBe(restyle(AI_TEXT, FORMAL_MODEL, { matchOutputLength: false }));
  });

  it('puts headings in the author’s case unless told to skip them', () => {
    const casual = restyle(AI_TEXT, CASUAL_MODEL);
    expect(casual).toContain('## Key benefits');
    expect(casual).toContain('# Introducing our new feature');
    const skipH1 = restyle(AI_TEXT, CASUAL_MODEL, { skipH1: true });
    expect(skipH1).toContain('# Introducing Our New Feature');
    expect(skipH1).toContain('## Key benefits');
    const skipAll = restyle(AI_TEXT, CASUAL_MODEL, { skipHeadings: true });
    expect(skipAll).toContain('# Introducing Our New Feature');
    expect(skipAll).toContain('## Key Benefits');
  });

  it('returns empty and prose-free texts unchanged', () => {
    expect(restyle('', FORMAL_MODEL)).toBe('');
    const code = '```\nconst x = 1;\n```\n';
    expect(restyle(code, FORMAL_MODEL)).toBe(code);
  });

  it('validates its arguments', () => {
    expect(() => restyle(3 as unknown as string, FORMAL_MODEL)).toThrow(TypeError);
    expect(() => restyle('Text.', {} as never)).toThrow(/model/);
    expect(() => restyle('Text.', FORMAL_MODEL, { skipH1: 'no' as unknown as boolean })).toThrow(/skipH1/);
  });
});
