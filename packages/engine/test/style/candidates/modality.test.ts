/** Modality of aligned clauses: a rewording keeps how sure, binding or frequent a claim is; an overstatement does not. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clausesOf, modalitiesOf, modalityChanges } from '../../../src/style/candidates/index.js';

function changes(input: string, output: string): number {
  return modalityChanges(clausesOf(input), clausesOf(output)).length;
}

const KEPT: readonly (readonly [string, string])[] = [
  ['Reading the letter aloud can help you catch mistakes.', 'Reading the letter aloud may help you to catch mistakes.'],
  [
    'Warm-season crops should wait until the frost has passed.',
    'Warm-season crops ought to wait until the frost is over.',
  ],
  ['Meetings often run late.', 'Meetings frequently run late.'],
  ['Every plant must be watered daily.', 'Every plant has to be watered daily.'],
  // Enabling words keep a possibility when the rewrite says it so.
  ['Regular backups ensure that you can recover quickly.', 'Regular backups let you recover quickly.'],
  // A hedge the rewrite adds is passed: it claims less, not more.
  ['The effects are visible around the world.', 'The effects may be seen around the world.'],
  // An idiom of eagerness is no possibility.
  ["We can't wait to see the orchard in bloom.", 'We are eager to see the orchard in bloom.'],
];

const OVERSTATED: readonly (readonly [string, string])[] = [
  ['Reading the letter aloud can help you catch mistakes.', 'Read the letter aloud and you will catch mistakes.'],
  ['By adopting a few habits, you can reduce your risk.', 'Adopt a few habits, and your risk drops.'],
  ['Warm-season crops should wait until the frost has passed.', 'Warm-season crops must wait until the frost is over.'],
  ['The first sentences should capture the reader.', 'The first sentences have got to capture the reader.'],
  ['Long commutes often get in the way.', 'Long commutes are always getting in the way.'],
  ['The trains sometimes run late.', 'The trains often run late.'],
];

describe('modalitiesOf', () => {
  it('reads modal verbs, adverbs of frequency and "have to"', () => {
    expect([...modalitiesOf(['you', 'can', 'often', 'go'])].sort()).toEqual(['often', 'possible']);
    expect([...modalitiesOf(['they', 'have', 'to', 'leave'])]).toEqual(['required']);
    expect([...modalitiesOf(['they', 'have', 'left'])]).toEqual([]);
    expect([...modalitiesOf(["mustn't"])]).toEqual(['required']);
  });
});

describe('modalityChanges', () => {
  it.each(KEPT)('keeps a faithful rewording: %s', (input, output) => {
    expect(changes(input, output)).toBe(0);
  });

  it.each(OVERSTATED)('finds a claim stated more firmly: %s', (input, output) => {
    expect(changes(input, output)).toBe(1);
  });

  it('names the input clause and the rewrite clause of the change', () => {
    const [change] = modalityChanges(
      clausesOf('The soil is dry. Seedlings can wilt in a day.'),
      clausesOf('The soil is dry. Seedlings wilt in a day.'),
    );
    expect(change).toEqual({
      input: 'Seedlings can wilt in a day.',
      output: 'Seedlings wilt in a day.',
      lost: ['possible'],
      added: [],
    });
  });

  it('finds nothing in a text compared with itself', () => {
    const word = fc.constantFrom(
      'can',
      'should',
      'must',
      'often',
      'always',
      'sometimes',
      'the',
      'crops',
      'grow',
      'have',
      'to',
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        (sentences) => {
          const text = sentences.map((words) => `${words.join(' ')}.`).join(' ');
          expect(changes(text, text)).toBe(0);
        },
      ),
    );
  });
});
