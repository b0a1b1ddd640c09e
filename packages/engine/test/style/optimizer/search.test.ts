/** The search's two phases: what the repair phase may do. */
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restyle } from '../../../src/style/index.js';
import { REPAIR_PENALTY, Scorer, type Scored } from '../../../src/style/optimizer/scorer.js';
import { joinTokens } from '../../../src/style/text/token.js';
import { OBJECTIVE_GROUPS } from '../../../src/style/optimizer/objective.js';
import { groupImprovements } from '../../../src/style/optimizer/verify.js';
import { analyzeText } from '@styler-dev/analytics/nlp';
import { qualityFromFeatures } from '@styler-dev/analytics/metrics';
import { AI_INPUTS as AI_TEXTS, AUTHORS, authorDocuments, authorModel } from '../brief/authors.js';

const AI_INPUTS = new URL('../../fixtures/ai-inputs/', import.meta.url);
const aiInputs = readdirSync(AI_INPUTS)
  .filter((file) => file.endsWith('.txt'))
  .map((file) => readFileSync(new URL(file, AI_INPUTS), 'utf8'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('searchEdits', () => {
  it('joins and splits sentences only while exploring: repairing, it only undoes them', () => {
    const inputs = [...aiInputs, ...AI_TEXTS, ...AUTHORS.flatMap((author) => authorDocuments(author))];
    const text = (sentences: readonly Scored[]): string => sentences.map((s) => joinTokens(s.tokens)).join(' ');
    const original = Scorer.prototype.replace;
    let checked = 0;
    for (const author of AUTHORS) {
      const model = authorModel(author);
      for (const input of inputs) {
        // Every sentence the search took out so far: an undo puts some of them back.
        const removed = new Set<string>();
        const replace = vi.spyOn(Scorer.prototype, 'replace');
        replace.mockImplementation(function (this: Scorer, out, added, delta) {
          // The relief in readability is what makes a join while repairing unchecked.
          if (this.penalty === REPAIR_PENALTY && this.readabilityAtLength && out.length !== added.length) {
            checked += 1;
            for (const sentence of added) expect(removed.has(text([sentence]))).toBe(true);
          }
          for (const sentence of out) removed.add(text([sentence]));
          original.call(this, out, added, delta);
        });
        restyle(input, model);
        replace.mockRestore();
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('settling', () => {
  it("ends with the nine groups no further from the author than the input's, summed, so the final check keeps the edits", () => {
    const inputs = [...aiInputs, ...AI_TEXTS, ...AUTHORS.flatMap((author) => authorDocuments(author))];
    let over = 0;
    let edited = 0;
    for (const author of AUTHORS) {
      const model = authorModel(author);
      for (const input of inputs) {
        const start = vi.spyOn(Scorer.prototype, 'start');
        const output = restyle(input, model);
        const scorer = start.mock.contexts[0] as Scorer | undefined;
        vi.restoreAllMocks();
        const sum = scorer?.residuals().reduce((a, b) => a + b, 0) ?? 0;
        if (sum > OBJECTIVE_GROUPS.length + 1e-9) over += 1;
        if (output !== input) edited += 1;
      }
    }
    expect(edited).toBeGreaterThan(0);
    expect(over).toBe(0);
  });
});

describe('undoing costly steps', () => {
  it('undoes a step of the search when the text without it has more groups below the input', () => {
    // An AI input toward Twain: the repair phase, holding every group to 0.98 of the input, undid the
    // edits that moved the groups and kept ones bought by the word profile, leaving no group improved.
    const model = authorModel('twain-speeches');
    const input = aiInputs[0] as string;
    const output = restyle(input, model);
    const improvements = groupImprovements(
      qualityFromFeatures(analyzeText(output), analyzeText(input), model.groundTruth.features),
    );
    expect(Object.values(improvements).filter((value) => value > 0).length).toBeGreaterThanOrEqual(5);
  });
});
