import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { habitScore } from '../../../src/style/optimizer/habit-score.js';
import { jsDistance, JsDistanceMemo } from '@styler-dev/analytics/metrics';
import { sentenceTriggers, Trigger } from '../../../src/style/optimizer/triggers.js';
import { clauseWordEdits } from '../../../src/style/ops/clauses.js';
import { contractionEdits } from '../../../src/style/ops/contractions.js';
import { genericEdits } from '../../../src/style/ops/generic.js';
import { lexicalEdits } from '../../../src/style/ops/lexical.js';
import { possessiveEdits, relativeClauseEdits } from '../../../src/style/ops/phrases.js';
import { punctuationEdits } from '../../../src/style/ops/punctuation.js';
import { splitEdits } from '../../../src/style/ops/split.js';
import { retext, type Token } from '../../../src/style/text/token.js';
import { AI_TEXT, CASUAL_DOCUMENTS, FORMAL_DOCUMENTS } from '../corpus.js';
import { CASUAL_MODEL, FORMAL_MODEL, contextFor, sentencesOf } from '../ops-helpers.js';

const TEXTS = [AI_TEXT, ...FORMAL_DOCUMENTS, ...CASUAL_DOCUMENTS].join('\n\n');
const RUNS = Number(process.env.STYLE_PROPERTY_RUNS ?? 100);

describe('jsDistance with a memo', () => {
  it('gives the same float as without one, whatever the order of calls', () => {
    const q = Float64Array.from([0.3, 0, 0.25, 0.05, 0, 0.4]);
    const memo = new JsDistanceMemo();
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 20 }),
        (rows) => {
          for (const row of rows) {
            const p = Float64Array.from(row);
            const total = row.reduce((a, b) => a + b, 0);
            expect(jsDistance(p, q, total, undefined, memo)).toBe(jsDistance(p, q));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('operation triggers', () => {
  // Each operation edits only around its trigger tokens: no trigger, no edit.
  const context = { ...contextFor(FORMAL_MODEL), dash: 'em_closed' as const, oxfordComma: true, curlyQuotes: true };
  const operations: Array<[number, (tokens: Token[], sentence: ReturnType<typeof sentencesOf>[number]) => unknown[]]> =
    [
      [Trigger.contraction, (tokens) => contractionEdits(tokens, context)],
      [Trigger.generic, (tokens) => genericEdits(tokens, context)],
      [Trigger.lexical, (tokens) => lexicalEdits(tokens, { ...context, spelling: 'UK' })],
      [Trigger.punctuation, (tokens) => punctuationEdits(tokens, context)],
      [Trigger.clause, (tokens) => clauseWordEdits(tokens)],
      [Trigger.relative, (tokens, s) => relativeClauseEdits(tokens, s.classes)],
      [Trigger.possessive, (tokens, s) => possessiveEdits(tokens, s.classes)],
      [Trigger.split, (tokens, s) => splitEdits(tokens, s.classes, context)],
    ];

  it('are set on every sentence an operation edits', () => {
    const sentences = sentencesOf(
      `${TEXTS}\n\nWe don't know what it is. The colour — and the flavour — matter! Honestly, the team's plan, which was designed for growth, and its aims; we think they work.`,
    );
    let edited = 0;
    for (const sentence of sentences) {
      const bits = sentenceTriggers(sentence.tokens);
      for (const [bit, edits] of operations) {
        if (edits(sentence.tokens, sentence).length === 0) continue;
        edited += 1;
        expect(bits & bit).toBe(bit);
      }
    }
    expect(edited).toBeGreaterThan(20);
  });
});

describe('habit score caches', () => {
  it('gives the same score from cached token parts, for several contexts in turn', () => {
    const contexts = [contextFor(FORMAL_MODEL), contextFor(CASUAL_MODEL), contextFor(FORMAL_MODEL, { shorten: true })];
    const cached = buildDocument(TEXTS).blocks.flatMap((block) => block.sentences);
    for (let round = 0; round < 2; round += 1) {
      for (const context of contexts) {
        // Fresh tokens (copies made by retext carry no cache) against the same tokens scored again and again.
        const fresh = cached.map((sentence) => sentence.tokens.map((piece) => retext(piece, piece.text)));
        cached.forEach((sentence, i) => {
          expect(habitScore(sentence.tokens, context)).toBe(habitScore(fresh[i] ?? [], context));
        });
      }
    }
  });
});
