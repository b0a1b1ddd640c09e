import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText, tagText } from '../../src/nlp/index.js';
import { MAX_RUN_CHARACTERS, maskLongRuns, OPAQUE_TYPE } from '../../src/nlp/long-runs.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
/** A run without whitespace past the bound: base64, a URL or minified code. */
const longRun = fc.oneof(
  fc
    .array(fc.constantFrom(...BASE64), { minLength: MAX_RUN_CHARACTERS + 1, maxLength: 3_000 })
    .map((chars) => chars.join('')),
  fc
    .array(fc.constantFrom(...'abcdefghij-_/0123456789'), { minLength: MAX_RUN_CHARACTERS, maxLength: 2_000 })
    .map((chars) => `https://example.org/${chars.join('')}`),
  fc.integer({ min: 4, max: 80 }).map((n) => `${'x=function(a,b){return(a+b*2);};'.repeat(n)}y`),
);
const prose = fc.constantFrom(
  'The committee met on Tuesday.',
  'It was late, and nobody agreed',
  '"See',
  'the report (attached)',
  'stylerrun and stylerrunx are words too.',
  '',
);
const closing = fc.constantFrom('', '.', ').', '",', '!', ';');

describe('long runs without whitespace', () => {
  it('come back as one token each, as written, and no other text is lost', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, longRun, closing), { minLength: 1, maxLength: 4 }), (parts) => {
        const text = parts.map(([before, run, after]) => `${before} ${run}${after}`).join(' ');
        const tokens = tagText(text).tokens;
        for (const [, run] of parts) {
          const token = tokens.find((t) => t.text === run);
          expect(token?.type).toBe(run.startsWith('https://') ? 'url' : OPAQUE_TYPE);
        }
        expect(tokens.map((t) => t.text).join('')).toBe(text.replace(/\s+/g, ''));
      }),
      { numRuns: 40 },
    );
  });

  it('count as one word of no syllables, and a full stop after one still ends its sentence', () => {
    const run = 'Qm'.repeat(5_000);
    const plain = analyzeText('We sent the file. It arrived today.');
    const withRun = analyzeText(`We sent the file ${run}. It arrived today.`);
    expect(withRun.sentences).toBe(2);
    expect(withRun.words).toBe(plain.words + 1);
    expect(withRun.syllables).toBe(plain.syllables);
  });

  it('leave a text without them as it is', () => {
    const text = `A word of ${'a'.repeat(MAX_RUN_CHARACTERS)} letters.`;
    expect(maskLongRuns(text)).toEqual({ text, placeholder: '', runs: [] });
  });

  it('never mask with a word the text already has', () => {
    const masked = maskLongRuns(`stylerrun stylerrunx ${'z'.repeat(500)}`);
    expect(masked.placeholder).toBe('stylerrunxx');
    expect(masked.text).toBe('stylerrun stylerrunx stylerrunxx');
  });

  it('keep brackets, quotes and closing marks outside the masked run', () => {
    const core = 'b'.repeat(200);
    const masked = maskLongRuns(`("${core}"),`);
    expect(masked.text).toBe(`("${masked.placeholder}"),`);
    expect(masked.runs).toEqual([{ text: core, type: OPAQUE_TYPE, pos: 'X' }]);
  });

  it('read a 5 MB blob', () => {
    const blob = BASE64.repeat(Math.ceil(5_000_000 / BASE64.length));
    const features = analyzeText(blob);
    expect(features.words).toBe(1);
    expect(features.wordLengths).toEqual({ [String(blob.replace(/[^A-Za-z0-9]/g, '').length)]: 1 });
  });
});
