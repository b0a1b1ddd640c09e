/** What a rewrite must keep: examples, and laws checked with fast-check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKept, clausesOf, keptParts } from '../../../src/style/candidates/index.js';

const INPUT = `# Plans for 2025

We can't ship before March 3. As Dr. Jane Smith said, "It changed how I work." Not only fast but cheap.
See https://example.com or write to help@example.com, and run \`plan --today\`.

- First item costs $4.99
- Second item
`;

describe('checkKept', () => {
  it('finds what the input holds', () => {
    const parts = keptParts(INPUT);
    expect(parts.blocks).toBe('heading paragraph list_item list_item');
    expect(parts.numbers).toEqual(['2025', '3', '$4.99']);
    expect(parts.names).toEqual(expect.arrayContaining(['March', 'Dr', 'Smith']));
    expect(parts.quotations).toEqual(['It changed how I work']);
    expect(parts.addresses).toEqual(['https://example.com', 'help@example.com']);
    expect(parts.code).toEqual(['`plan --today`']);
    // The heading's clause first; "can't" is one negation; "Not only" is additive, not a negation.
    expect(parts.clauses.map((clause) => clause.negations)).toEqual([0, 1, 0, 0, 0, 0, 0]);
  });

  it('finds a heading whose claim was reversed', () => {
    const input = '# Why Small Farms Are Here to Stay\n\nSmall farms feed the town.\n';
    const reversed = '# Why Small Farms Are Not Here to Stay\n\nSmall farms feed the town.\n';
    expect(checkKept(keptParts(input), reversed, { kinds: ['negation'] }).losses).toEqual([
      expect.objectContaining({ kind: 'negation', output: '# Why Small Farms Are Not Here to Stay' }),
    ]);
  });

  it('keeps a rewrite that moves things around and reuses names at a sentence start', () => {
    const rewrite = `# Plans for 2025

Smith, Dr. Jane, once said: "It changed how I work," and we cannot ship before March 3. Both fast and cheap.
Run \`plan --today\`, see https://example.com or write to help@example.com.

- The first item costs $4.99
- The second item
`;
    expect(checkKept(INPUT, rewrite)).toEqual({ kept: true, losses: [] });
  });

  it('reports each loss by kind', () => {
    const rewrite = `Plans for 2025

We can ship before March. Jane said it changed how she works.
See the site, and run \`plan --today\`.

- First item costs $4.99
- Second item
`;
    const { kept, losses } = checkKept(INPUT, rewrite);
    expect(kept).toBe(false);
    expect(losses).toEqual([
      { kind: 'number', change: 'missing', text: '3' },
      { kind: 'name', change: 'missing', text: 'Dr' },
      { kind: 'name', change: 'missing', text: 'Smith' },
      { kind: 'quotation', change: 'missing', text: 'It changed how I work' },
      { kind: 'address', change: 'missing', text: 'https://example.com' },
      { kind: 'address', change: 'missing', text: 'help@example.com' },
      {
        kind: 'negation',
        change: 'changed',
        text: "We can't ship before March 3.",
        output: 'We can ship before March.',
      },
      {
        kind: 'markdown',
        change: 'changed',
        text: 'heading paragraph list_item list_item → paragraph paragraph list_item list_item',
      },
    ]);
  });

  it('counts a reversed clause as a loss, and a reworded negation as none', () => {
    expect(checkKept('It works.', 'It never works.').losses).toEqual([
      { kind: 'negation', change: 'changed', text: 'It works.', output: 'It never works.' },
    ]);
    expect(checkKept('It does not work.', 'It never works.').kept).toBe(true);
    expect(checkKept('Avoid sending the same letter twice.', 'Never send the same letter twice.').kept).toBe(true);
  });

  it('counts a clause stated more firmly as a loss, and a modal reworded within its class as none', () => {
    expect(checkKept('Frost can kill the seedlings.', 'Frost will kill the seedlings.').losses).toEqual([
      {
        kind: 'modality',
        change: 'changed',
        text: 'Frost can kill the seedlings.',
        output: 'Frost will kill the seedlings.',
      },
    ]);
    expect(checkKept('Frost can kill the seedlings.', 'Frost may kill the seedlings.').kept).toBe(true);
  });

  it('refuses what a rewrite invents: numbers, names, a first person the input never uses', () => {
    const input = 'The orchard gave a fine crop of apples this autumn.';
    expect(checkKept(input, 'This autumn the orchard gave 40 baskets of apples.').losses).toEqual([
      { kind: 'number', change: 'added', text: '40' },
    ]);
    expect(checkKept(input, 'This autumn the orchard of Mr. Hooker gave a fine crop of apples.').losses).toEqual([
      { kind: 'name', change: 'added', text: 'Mr' },
      { kind: 'name', change: 'added', text: 'Hooker' },
    ]);
    expect(checkKept(input, 'This autumn, I think, the orchard gave a fine crop of apples.').losses).toEqual([
      { kind: 'person', change: 'added', text: 'i' },
    ]);
    expect(checkKept('I think we should go.', 'We should go, I think, my friend.').kept).toBe(true);
  });

  it('checks the length within a tenth only when the model matches it', () => {
    const input =
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.';
    const longer = `${input.slice(0, -1)} and then some more words besides.`;
    expect(checkKept(input, longer).kept).toBe(true);
    expect(checkKept(input, longer, { matchLength: true }).losses).toEqual([
      { kind: 'length', change: 'changed', text: '26 words for 20' },
    ]);
    expect(checkKept(input, `${input.slice(0, -1)} too.`, { matchLength: true }).kept).toBe(true);
  });

  it('reports an emptied text', () => {
    expect(checkKept('Some words.', ' ').losses).toEqual([{ kind: 'text', change: 'missing', text: 'the whole text' }]);
  });

  it('checks only the kinds asked for', () => {
    expect(checkKept(INPUT, INPUT.replace('Smith', 'Jones'), { kinds: ['number'] }).kept).toBe(true);
    expect(checkKept(INPUT, INPUT.replace('Smith', 'Jones')).kept).toBe(false);
    expect(checkKept(INPUT, INPUT.replace('$4.99', '$5'), { kinds: ['number'] }).kept).toBe(false);
  });
});

const word = fc
  .stringMatching(/^[a-z]{2,8}$/)
  .filter(
    (w) =>
      !['no', 'not', 'nor', 'none', 'never', 'nothing', 'nobody', 'nowhere', 'neither', 'cannot', 'only'].includes(w) &&
      clausesOf(w)[0]!.negations === 0 &&
      !/^(?:un|in|im|il|ir|dis|non)/.test(w),
  );
const sentence = fc.array(word, { minLength: 2, maxLength: 8 }).map((ws) => `${ws.join(' ')}.`);

describe('keep-check laws', () => {
  it('a text keeps itself, and checking never throws, on any Unicode string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(checkKept(text, text).kept).toBe(true);
        expect(() => checkKept(text, `${text} x`)).not.toThrow();
      }),
    );
  });

  it('finds every number removed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(sentence, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (numbers, sentences, pick) => {
          const text = numbers.map((n, i) => `${sentences[i % sentences.length]!.slice(0, -1)} ${n}.`).join(' ');
          const removed = numbers[pick % numbers.length]!;
          const rewrite = numbers
            .map((n, i) =>
              n === removed
                ? sentences[i % sentences.length]!
                : `${sentences[i % sentences.length]!.slice(0, -1)} ${n}.`,
            )
            .join(' ');
          const losses = checkKept(text, rewrite).losses;
          expect(losses).toEqual([{ kind: 'number', change: 'missing', text: String(removed) }]);
        },
      ),
    );
  });

  it('finds every negation dropped or added', () => {
    fc.assert(
      fc.property(
        fc.array(sentence, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.constantFrom('not', 'never', 'no'),
        (sentences, pick, negation) => {
          const at = pick % sentences.length;
          const negated = sentences.map((s, i) => (i === at ? `it is ${negation} ${s}` : s)).join(' ');
          const plain = sentences.join(' ');
          const reversed = (before: string, after: string): void =>
            expect(checkKept(before, after).losses).toEqual([
              { kind: 'negation', change: 'changed', text: expect.any(String), output: expect.any(String) },
            ]);
          reversed(negated, plain);
          reversed(plain, negated);
        },
      ),
    );
  });
});
