import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restyle } from '../../src/style/index.js';
import { pairCandidates, sentenceCandidates, type Candidate } from '../../src/style/optimizer/candidates.js';
import { buildDocument } from '../../src/style/optimizer/document.js';
import { joinTokens } from '../../src/style/text/token.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor } from './ops-helpers.js';

/** A harmful pattern seen in restyled text: what must survive verbatim and what must never appear. */
interface Regression {
  family: string;
  text: string;
  keep?: string[];
  forbid?: string[];
}

const REGRESSIONS = JSON.parse(
  readFileSync(new URL('../fixtures/restyle-regressions.json', import.meta.url), 'utf8'),
) as Regression[];

const numbersOf = (text: string): string[] => (text.match(/\d+(?:[.:]\d+)*/g) ?? []).sort();

describe('the regression corpus of harmful patterns (test/fixtures/restyle-regressions.json)', () => {
  const settings = [
    { name: 'formal', model: FORMAL_MODEL, matchOutputLength: true },
    { name: 'formal, free length', model: FORMAL_MODEL, matchOutputLength: false },
    { name: 'casual', model: CASUAL_MODEL, matchOutputLength: true },
    { name: 'casual, free length', model: CASUAL_MODEL, matchOutputLength: false },
  ];

  it.each(REGRESSIONS.map((regression) => [regression.family, regression] as const))(
    '%s: left intact or edited correctly',
    (_family, regression) => {
      for (const { name, model, matchOutputLength } of settings) {
        const output = restyle(regression.text, model, { matchOutputLength });
        for (const kept of regression.keep ?? []) expect(output, `${name}: keeps "${kept}"`).toContain(kept);
        for (const pattern of regression.forbid ?? []) {
          expect(output, `${name}: never ${pattern}`).not.toMatch(new RegExp(pattern, 'm'));
        }
        expect(numbersOf(output), `${name}: every number`).toEqual(numbersOf(regression.text));
      }
    },
  );

  // The whole engine above may choose no edit at all for a short text and a small model; here every
  // edit any operation proposes is applied alone, with every habit switched on, and checked.
  it.each(REGRESSIONS.map((regression) => [regression.family, regression] as const))(
    '%s: every edit an operation proposes keeps it',
    (_family, regression) => {
      const base = contextFor(FORMAL_MODEL);
      const context = {
        ...base,
        dash: 'em_closed' as const,
        oxfordComma: true,
        proposes: Object.fromEntries(Object.keys(base.proposes).map((key) => [key, true])) as typeof base.proposes,
      };
      const document = buildDocument(regression.text);
      const sentences = document.blocks.flatMap((block) => block.sentences);
      const render = (replaced: Candidate['replaced'] = [], next: Candidate['next'] = []): string =>
        sentences
          .flatMap((sentence) =>
            sentence === replaced[0]
              ? next.map((made) => joinTokens(made.tokens))
              : replaced.includes(sentence)
                ? []
                : [joinTokens(sentence.tokens)],
          )
          .join(' ');
      const original = render();
      const candidates = document.blocks.flatMap((block) => [
        ...block.sentences.flatMap((sentence) => sentenceCandidates(block, sentence, context)),
        ...block.sentences.slice(1).flatMap((second, i) => pairCandidates(block, block.sentences[i]!, second, context)),
      ]);
      for (const candidate of candidates) {
        const edited = render(candidate.replaced, candidate.next);
        const label = `${candidate.op}: ${edited}`;
        for (const kept of regression.keep ?? []) if (original.includes(kept)) expect(edited, label).toContain(kept);
        for (const pattern of regression.forbid ?? []) {
          const forbidden = new RegExp(pattern, 'm');
          if (!forbidden.test(original)) expect(edited, label).not.toMatch(forbidden);
        }
        expect(numbersOf(edited), label).toEqual(numbersOf(original));
      }
    },
  );

  it('holds patterns that fail where they should (the checks can fail)', () => {
    const broken = 'A full of 612 employees took part; the tools and knowledge which is needed are here.';
    const wordSwap = REGRESSIONS.find((regression) => regression.family.startsWith('word swap'))!;
    expect(wordSwap.forbid!.some((pattern) => new RegExp(pattern, 'm').test(broken))).toBe(true);
    expect(REGRESSIONS.length).toBeGreaterThanOrEqual(15);
  });
});
