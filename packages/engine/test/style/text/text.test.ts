import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeBlock } from '../../../src/style/text/tokenize.js';
import { splitSentences } from '../../../src/style/text/sentences.js';
import { joinTokens, matchCase, type Token } from '../../../src/style/text/token.js';
import { countWords } from '../../../src/style/text/word-count.js';

function locks(tokens: Token[]): Record<string, string> {
  return Object.fromEntries(
    tokens.filter((t) => t.lock !== undefined && t.kind !== 'space').map((t) => [t.text, t.lock as string]),
  );
}

describe('tokenizeBlock', () => {
  it('gives back the source exactly', () => {
    const raw = '- **Bold:** see [the docs](https://x.io/a_b) or `code()`; it’s $4.99 — done…\n  more  ';
    expect(joinTokens(tokenizeBlock(raw, 'list_item'))).toBe(raw);
  });

  it('locks markup, links, code, URLs, e-mail addresses and numbers', () => {
    const tokens = tokenizeBlock(
      '- **Note:** read [the guide](http://a.b/c) at https://example.com/x, mail me@x.org, run `go build` for $4.99 (14%).',
      'list_item',
    );
    const locked = locks(tokens);
    expect(locked['- ']).toBe('markup');
    expect(locked['**']).toBe('markup');
    expect(locked['guide']).toBe('link');
    expect(locked['](http://a.b/c)']).toBe('markup');
    expect(locked['https://example.com/x']).toBe('address');
    expect(locked['me@x.org']).toBe('address');
    expect(locked['`go build`']).toBe('code');
    expect(locked['$4.99']).toBe('number');
    expect(locked['14%']).toBe('number');
    expect(tokens.find((t) => t.text === 'read')?.lock).toBeUndefined();
  });

  it('locks names inside sentences but not sentence-initial words or "I"', () => {
    const locked = locks(
      tokenizeBlock('Today I met Alice and the HydraSense team in Paris. NASA called.', 'paragraph'),
    );
    expect(locked['Alice']).toBe('name');
    expect(locked['Paris']).toBe('name');
    expect(locked['HydraSense']).toBe('name');
    expect(locked['NASA']).toBe('name');
    expect(locked['Today']).toBeUndefined();
    expect(locked['I']).toBeUndefined();
  });

  it('locks quoted speech but not its quote marks', () => {
    const tokens = tokenizeBlock('She said, "we will win it all" and left. He wrote “fine, thanks”.', 'paragraph');
    const locked = locks(tokens);
    expect(locked['win']).toBe('quote');
    expect(locked['thanks']).toBe('quote');
    expect(tokens.find((t) => t.text === '"')?.lock).toBeUndefined();
    expect(tokens.find((t) => t.text === 'left')?.lock).toBeUndefined();
  });

  it('keeps a sentence-final period after a number free', () => {
    const tokens = tokenizeBlock('It costs $49.99. Then 3–5 days.', 'paragraph');
    expect(tokens[tokens.indexOf(tokens.find((t) => t.text === '$49.99') as Token) + 1]?.lock).toBeUndefined();
    expect(tokens.find((t) => t.text === '–')?.lock).toBe('number');
  });

  it('splits heading prefixes and setext underlines off as markup', () => {
    const atx = tokenizeBlock('## Key Features ##', 'heading');
    expect(atx[0]?.text).toBe('## ');
    expect(atx[atx.length - 1]?.text).toBe(' ##');
    const setext = tokenizeBlock('Title here\n=====', 'heading');
    expect(setext[setext.length - 1]).toMatchObject({ text: '=====', kind: 'markup' });
  });
});

describe('splitSentences', () => {
  it('splits at end marks before a capital and keeps initials and abbreviations together', () => {
    const tokens = tokenizeBlock(
      'Dr. Smith met C. Darwin in the U.S. today. Was it fun? Yes! "Quite so," he said.',
      'paragraph',
    );
    const sentences = splitSentences(tokens).map(([a, b]) => joinTokens(tokens.slice(a, b + 1)).trim());
    expect(sentences).toEqual([
      'Dr. Smith met C. Darwin in the U.S. today.',
      'Was it fun?',
      'Yes!',
      '"Quite so," he said.',
    ]);
  });
});

describe('helpers', () => {
  it('matchCase follows the original capitalisation', () => {
    expect(matchCase('However', 'but')).toBe('But');
    expect(matchCase('however', 'but')).toBe('but');
    expect(matchCase('USE', 'employ')).toBe('EMPLOY');
  });

  it('countWords follows the METRICS word rule', () => {
    expect(countWords("It's a well-known U.S. firm: 2,000 people, e-mail a@b.com.")).toBe(9);
  });

  it('countWords counts what the full METRICS pattern matches, with or without an "@"', () => {
    const rule =
      /(?:https?:\/\/|www\.)\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
    const pieces = fc.constantFrom(
      'a',
      'Zé',
      '9',
      ' ',
      '@',
      '.',
      ',',
      '-',
      "'",
      '’',
      'x@y.z',
      'www.a',
      'http://b',
      '3,5',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(countWords(text)).toBe(text.match(rule)?.length ?? 0);
      }),
    );
  });
});

describe('tokenizeInline words', () => {
  it('reads words, abbreviations and titles as the word rule does', () => {
    const words = (text: string): string[] =>
      tokenizeBlock(text, 'paragraph')
        .filter((piece) => piece.kind === 'word')
        .map((piece) => piece.text);
    expect(words("Mr. Smith's e-mail_list x.y it's No.5 U.S. etc. don’t a-")).toEqual([
      'Mr.',
      "Smith's",
      'e-mail_list',
      'x.y',
      "it's",
      'No.',
      '5',
      'U.S.',
      'etc.',
      'don’t',
      'a',
    ]);
    expect(words('Café naïve C. Darwin 3.14 v2.0-beta')).toEqual([
      'Café',
      'naïve',
      'C.',
      'Darwin',
      '3.14',
      'v2.0-beta',
    ]);
  });
});
