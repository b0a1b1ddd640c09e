/** Facts read once per wink lexeme are the ones read per token, and analyzeText's word walk is groupWords'. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_TAGS } from '../../src/vocabulary/features.js';
import { analyzeText, proseBlocks } from '../../src/nlp/analyze.js';
import { FUNCTION_WORD_LIST, FUNCTION_WORDS } from '../../src/nlp/function-words.js';
import { countSyllables } from '../../src/nlp/syllables.js';
import { tagText, tagTextWithLexemes } from '../../src/nlp/tagger.js';
import { groupWords } from '../../src/nlp/words.js';

const gold = readFileSync(new URL('../fixtures/gold/ud-ewt-dev.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { text: string }).text);
const texts = [
  ...Array.from({ length: 30 }, (_, i) => gold.slice(i * 10, i * 10 + 10).join(' ')),
  "I'm here; here's the well-known U.S. firm's site: https://example.com/a-b — can't stop, won't stop.",
  'Mail me at someone@example.com... "Really?!" she said. Re-enter the co-op’s well‐known lobby.',
];

const fold = (word: string): string => word.toLowerCase().replace(/\u2019/g, "'");

describe('lexeme facts', () => {
  it('give each token the text, lower case and type that wink gives it', () => {
    for (const text of texts) {
      const plain = tagText(text);
      const withLexemes = tagTextWithLexemes(text);
      expect(withLexemes.tokens).toEqual(plain.tokens);
      withLexemes.tokens.forEach((token, i) => {
        const fact = withLexemes.lexemes[i];
        if (!fact) return;
        expect([fact.text, fact.lower, fact.type]).toEqual([token.text, token.text.toLowerCase(), token.type]);
        const word = groupWords([token])[0];
        expect(fact.letters).toBe(word?.letters ?? 0);
        const address = token.type === 'url' || token.type === 'email';
        expect(fact.syllables).toBe(word && !address ? countSyllables(token.text) : 0);
        expect(fact.functionWord).toBe(FUNCTION_WORD_LIST.indexOf(fold(token.text)));
      });
    }
  });

  it('let analyzeText count the words groupWords finds, with the same syllables and function words', () => {
    for (const text of texts) {
      const expected = { words: 0, syllables: 0, contentWords: 0, functionWords: {} as Record<string, number> };
      for (const block of proseBlocks(text)) {
        const { tokens, sentences } = tagText(block);
        for (const [first, last] of sentences) {
          const sentence = tokens.slice(first, last + 1);
          for (const word of groupWords(sentence)) {
            const key = fold(word.text);
            expected.words += 1;
            expected.syllables += word.isAddress ? 0 : countSyllables(word.text);
            const tags = sentence.slice(word.firstToken, word.lastToken + 1).map((t) => t.pos);
            if (tags.some((tag) => CONTENT_TAGS.has(tag))) expected.contentWords += 1;
            if (FUNCTION_WORDS.has(key)) expected.functionWords[key] = (expected.functionWords[key] ?? 0) + 1;
          }
        }
      }
      const features = analyzeText(text);
      expect({
        words: features.words,
        syllables: features.syllables,
        contentWords: features.contentWords,
        functionWords: features.functionWords,
      }).toEqual(expected);
      // First-use order too: the metrics sum over the record's keys in that order.
      expect(Object.keys(features.functionWords)).toEqual(Object.keys(expected.functionWords));
    }
  });
});
