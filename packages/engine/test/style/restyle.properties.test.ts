import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText, parseBlocks } from '@styler-dev/analytics/nlp';
import { restyle } from '../../src/style/index.js';
import { countWords } from '../../src/style/text/word-count.js';
import { CASUAL_MODEL, FORMAL_MODEL } from './ops-helpers.js';
import { markdownDocument } from './generators.js';

const RUNS = Number(process.env['STYLE_PROPERTY_RUNS'] ?? 30);

const MODELS = { formal: FORMAL_MODEL, casual: CASUAL_MODEL };
const modelName = fc.constantFrom('formal' as const, 'casual' as const);

// Quote marks may turn curly or straight (a punctuation habit); what they enclose may not change.
function foldQuotes(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
}

function occurrences(text: string, part: string): number {
  return foldQuotes(text).split(foldQuotes(part)).length - 1;
}

/** Block kinds with heading levels, list markers and link URLs: what Markdown structure means here. */
function structure(text: string): string[] {
  return parseBlocks(normalizeText(text)).map((block) => {
    const marker = block.kind === 'list_item' ? (/^\s*([-*+]|\d+[.)])/.exec(block.raw)?.[1] ?? '') : '';
    const links = [...block.raw.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]).join(',');
    return `${block.kind}${block.level ?? ''}${marker}${links}`;
  });
}

describe('restyle properties', () => {
  it('is deterministic', () => {
    fc.assert(
      fc.property(markdownDocument, fc.boolean(), ({ text }, match) => {
        expect(restyle(text, FORMAL_MODEL, { matchOutputLength: match })).toBe(
          restyle(text, FORMAL_MODEL, { matchOutputLength: match }),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws on any Unicode string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(typeof restyle(text, CASUAL_MODEL)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });

  it('keeps numbers, dates, URLs, e-mail addresses, code, quoted speech, names and links untouched', () => {
    fc.assert(
      fc.property(markdownDocument, fc.boolean(), modelName, ({ text, items }, match, name) => {
        const output = restyle(text, MODELS[name], { matchOutputLength: match });
        for (const item of items)
          expect(occurrences(output, item.text)).toBeGreaterThanOrEqual(occurrences(text, item.text));
      }),
      { numRuns: RUNS },
    );
  });

  it('preserves the Markdown structure: blocks, heading levels, list markers, link URLs', () => {
    fc.assert(
      fc.property(markdownDocument, fc.boolean(), ({ text }, match) => {
        expect(structure(restyle(text, FORMAL_MODEL, { matchOutputLength: match }))).toEqual(structure(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps the word count within ±10 % with matchOutputLength', () => {
    fc.assert(
      fc.property(markdownDocument, modelName, ({ text }, name) => {
        const before = countWords(text);
        expect(Math.abs(countWords(restyle(text, MODELS[name])) - before)).toBeLessThanOrEqual(0.1 * before);
      }),
      { numRuns: RUNS },
    );
  });
});
