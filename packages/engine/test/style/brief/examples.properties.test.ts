import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitStyle, styleBrief } from '../../../src/style/index.js';
import { authorModel, AUTHORS } from './authors.js';

const SUBJECTS = ['The old miller', 'My brother', 'Our neighbour', 'The young clerk', 'A stranger', 'The doctor'];
const VERBS = ['walked down to', 'wrote a long letter about', 'talked for an hour of', 'said nothing of', 'laughed at'];
const OBJECTS = ['the river on a cold morning', 'the new church by the market', 'the ball at the assembly rooms'];
const ENDINGS = ['.', '.', '.', '!', '?'];

/** A sentence of prose without its day: the day, counted through the document, keeps sentences apart. */
const sentence = fc
  .tuple(
    fc.constantFrom(...SUBJECTS),
    fc.constantFrom(...VERBS),
    fc.constantFrom(...OBJECTS),
    fc.constantFrom(...ENDINGS),
  )
  .map(
    ([subject, verb, object, end]) =>
      (day: number) =>
        `${subject} ${verb} ${object} on day ${day}${end}`,
  );

interface Generated {
  text: string;
  /** Paragraphs of prose as written. */
  paragraphs: string[];
  /** Text that must never reach an example: salutation, heading, list items, sign-off. */
  forbidden: string[];
  /** The document's first and last sentences of prose. */
  frame: string[];
}

const documentArbitrary: fc.Arbitrary<Generated> = fc
  .tuple(
    fc.constantFrom('My dear Sam,', 'Ladies and Gentlemen,', ''),
    fc.constantFrom('# A few lines from home', ''),
    fc.array(fc.array(sentence, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
    fc.array(fc.constantFrom('- bread and butter', '- three letters to post', '1. the church on Sunday'), {
      maxLength: 3,
    }),
    fc.constantFrom('Yours ever, Sam', 'With love to all the family, Jane.', ''),
  )
  .map(([salutation, heading, shapes, list, signOff]) => {
    let day = 0;
    const paragraphs = shapes.map((shape) => shape.map((make) => make((day += 1))).join(' '));
    const blocks = [salutation, heading, paragraphs[0]!, list.join('\n'), ...paragraphs.slice(1), signOff];
    const sentences = paragraphs
      .join(' ')
      .match(/[^.!?]+[.!?]/g)!
      .map((one) => one.trim());
    const signOffIsProse = /[.!?]$/.test(signOff);
    return {
      text: `${blocks.filter((block) => block.length > 0).join('\n\n')}\n`,
      paragraphs,
      forbidden: [salutation, heading.replace(/^#+ /, ''), ...list.map((item) => item.replace(/^(?:- |1\. )/, ''))]
        .concat(signOff)
        .filter((one) => one.length > 0),
      frame: [sentences[0]!, signOffIsProse ? signOff : sentences[sentences.length - 1]!],
    };
  });

describe('example passages, as laws', () => {
  it('fit the budget and the count on any real model and any budget', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUTHORS),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 10 }),
        (author, budget, maxExamples) => {
          const { examples } = styleBrief(authorModel(author), { exampleTokenBudget: budget, maxExamples });
          expect(examples.length).toBeLessThanOrEqual(maxExamples);
          expect(examples.reduce((sum, one) => sum + one.tokens, 0)).toBeLessThanOrEqual(budget);
          const perDocument = new Map<number | undefined, number>();
          for (const one of examples) perDocument.set(one.document, (perDocument.get(one.document) ?? 0) + 1);
          for (const count of perDocument.values()) expect(count).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are whole sentences of one paragraph, never a salutation, heading, list item, sign-off or frame sentence', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.array(documentArbitrary, { minLength: 2, maxLength: 5 }), (documents) => {
        const model = fitStyle(documents.map((one) => one.text));
        const { examples, exampleSource } = styleBrief(model, { exampleTokenBudget: 5_000, maxExamples: 10 });
        expect(exampleSource).toBe('excerpts');
        seen += examples.length;
        for (const example of examples) {
          const source = documents[example.document!]!;
          const paragraph = source.paragraphs.find((one) => one.includes(example.text));
          expect(paragraph, example.text).toBeDefined();
          const at = paragraph!.indexOf(example.text);
          expect(at === 0 || /[.!?] $/.test(paragraph!.slice(at - 2, at))).toBe(true);
          expect(example.text).toMatch(/[.!?]$/);
          for (const text of [...source.forbidden, ...source.frame]) expect(example.text).not.toContain(text);
        }
      }),
      { numRuns: 40 },
    );
    // The law held over examples, not over empty lists.
    expect(seen).toBeGreaterThan(20);
  });
});
