import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitStyle, restyle } from '../../../src/style/index.js';
import { markdownDocument } from '../generators.js';
import { secondPersonWords, shiftedText } from './perspective-helpers.js';

const RUNS = Number(process.env['STYLE_PROPERTY_RUNS'] ?? 30);

const SINGULAR = fitStyle([
  'I walked to the village this morning. My sister came with me, and I was glad of it.',
  'I have had your letter and I thank you. My garden is doing well; I am quite content.',
]);
const PLURAL = fitStyle([
  'We walked to the village this morning. Our sister came with us, and we were glad of it.',
  'We have had the letter and we thank the sender. Our garden is doing well; we are quite content.',
]);
const MODELS = { singular: SINGULAR, plural: PLURAL };

/** Sentences that address the reader in every way the shift meets, and some it must refuse. */
const SENTENCES = [
  'You can save a little every month.',
  'The app helps you see where your money goes.',
  'A budget gives you room to breathe.',
  'You’re free to change your plan.',
  'You are in control of your spending.',
  'If you were rich, you would be happy.',
  'You were late and were tired.',
  'Your savings grow over time.',
  'This means you receive more value.',
  'You can track your progress yourself.',
  'Rather than exposing you to the disease, a vaccine trains your body.',
  'Compound interest grows slowly at first.',
  'Most vegetables need six hours of sun.',
  'Take your time with it.',
  'Check your local frost dates before planting.',
  'Thank you for your patience.',
  'Are you ready for the change?',
  "You aren't alone in this.",
  'We understand that your data is sensitive.',
  'He said "you can do it" to the team.',
  'You and your family can go.',
];

const passage: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('# Training Your Immune System', '## Track Your Spending', '## Key Features'), {
      nil: undefined,
    }),
    fc.array(fc.array(fc.constantFrom(...SENTENCES), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([heading, paragraphs, listed]) => {
    const blocks = paragraphs.map((sentences, i) =>
      listed && i > 0 ? `- ${sentences.join(' ')}` : sentences.join(' '),
    );
    return `${[...(heading === undefined ? [] : [heading]), ...blocks].join('\n\n')}\n`;
  });

const texts = fc.oneof(
  passage,
  markdownDocument.map(({ text }) => text),
);

describe('perspective properties', () => {
  it('the shift rewrites every second-person word outside quotes, or none', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom('first-singular' as const, 'first-plural' as const), (text, person) => {
        const shifted = shiftedText(text, person);
        if (shifted !== undefined) expect(secondPersonWords(shifted)).toEqual([]);
      }),
      { numRuns: 10 * RUNS },
    );
  });

  it('restyle with perspective "author" leaves no second-person word outside quotes, or all of them', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom('singular' as const, 'plural' as const), (text, name) => {
        const after = secondPersonWords(restyle(text, MODELS[name], { perspective: 'author' }));
        if (after.length > 0) expect(after).toEqual(secondPersonWords(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws on any Unicode string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(typeof restyle(text, SINGULAR, { perspective: 'author' })).toBe('string');
      }),
      { numRuns: 100 },
    );
  });
});
