/** The capitals guard: no edit lowers a capital written for a reason; restyle keeps every one. */
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptCapitals, lowersCapital } from '../../../src/style/edits/capitals.js';
import { restyle } from '../../../src/style/index.js';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import type { Token } from '../../../src/style/text/token.js';
import { AUTHORS, authorDocuments, authorModel } from '../brief/authors.js';

const AI_INPUTS = new URL('../../fixtures/ai-inputs/', import.meta.url);
const aiInputs = readdirSync(AI_INPUTS)
  .filter((file) => file.endsWith('.txt'))
  .map((file) => readFileSync(new URL(file, AI_INPUTS), 'utf8'));

/** Every sentence and heading of a text, as tokens. */
function pieces(text: string): Token[][] {
  return buildDocument(text).blocks.flatMap((block) => [
    ...(block.headingTokens === undefined ? [] : [block.headingTokens]),
    ...block.sentences.map((sentence) => sentence.tokens),
  ]);
}

const tokensOf = (text: string): Token[][] =>
  buildDocument(text).blocks.flatMap((b) => b.sentences.map((s) => s.tokens));

describe('keptCapitals', () => {
  it('keeps capitals inside a sentence, and months, days and "I" at its start; not an ordinary opening word', () => {
    const kept = keptCapitals(tokensOf('The crew met Dana on Friday. Monday was quiet. I left early.'), new Set());
    expect([...kept.keys()].sort()).toEqual(['Dana', 'Friday', 'I', 'Monday']);
  });
});

describe('lowersCapital', () => {
  const names = new Set<string>();

  it('catches a month, a day or a name lowered after a colon or in a join', () => {
    expect(lowersCapital(tokensOf('The fair opens: Saturday.'), tokensOf('The fair opens—saturday.'), names)).toBe(
      true,
    );
    expect(
      lowersCapital(tokensOf('We met in May. June was wet.'), tokensOf('We met in May; june was wet.'), names),
    ).toBe(true);
    expect(
      lowersCapital(tokensOf('Report to: Ellis Grant.'), tokensOf('Report to—ellis Grant.'), new Set(['ellis'])),
    ).toBe(true);
  });

  it('lets a join lower a common word the tagger calls a proper noun, never a name', () => {
    const before = tokensOf('The crew will file the forms by noon. Attendance will be checked at the gate.');
    expect(before[1]!.find((piece) => piece.kind === 'word')?.tags).toContain('PROPN');
    const joined = tokensOf('The crew will file the forms by noon; attendance will be checked at the gate.');
    expect(lowersCapital(before, joined, names)).toBe(false);
    const named = tokensOf('The crew will file the forms by noon. Marisol will check them at the gate.');
    const lowered = tokensOf('The crew will file the forms by noon; marisol will check them at the gate.');
    expect(lowersCapital(named, lowered, names)).toBe(true);
    const brand = tokensOf('The crew will file the forms by noon. Harbor Freight will ship them.');
    const brandLowered = tokensOf('The crew will file the forms by noon; harbor Freight will ship them.');
    expect(lowersCapital(brand, brandLowered, names)).toBe(true);
  });

  it('lets an ordinary opening word lose its capital, and a capitalised word be removed', () => {
    expect(lowersCapital(tokensOf('We left. The rain came.'), tokensOf('We left; the rain came.'), names)).toBe(false);
    expect(lowersCapital(tokensOf('It was Truly fine.'), tokensOf('It was fine.'), names)).toBe(false);
  });
});

describe('restyle never lowers a capital written for a reason', () => {
  // The samples (AI inputs with labels, lists and e-mail headers) and the corpora's prose, toward each author.
  const texts = [...aiInputs, ...AUTHORS.flatMap((author) => authorDocuments(author).slice(5, 7))];

  it('on the samples and corpora, toward every author', () => {
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.constantFrom(...AUTHORS), (text, author) => {
        const output = restyle(text, authorModel(author));
        expect(lowersCapital(pieces(text), pieces(output), buildDocument(text).names)).toBe(false);
      }),
      { numRuns: 12 },
    );
  });

  it('on a label line, a list item and a bracketed label made up of the shapes restyles broke', () => {
    const text = [
      'Subject: Re: Spring planting schedule',
      '',
      '- Seed order to the co-op: March 2',
      '- Beds ready for inspection: Thursday',
      '',
      'The greenhouse repairs are nearly done (expected completion: Friday), and the new vents work well. The plan is simple: Monday we sow the beans.',
    ].join('\n');
    for (const author of AUTHORS) {
      const output = restyle(text, authorModel(author));
      expect(lowersCapital(pieces(text), pieces(output), buildDocument(text).names)).toBe(false);
    }
  });
});
