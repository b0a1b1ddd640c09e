import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifySentence } from '../../../src/nlp/classify-sentence.js';
import { classifyTokens, readSentenceRules, structureFromCounts } from '../../../src/nlp/clauses/index.js';
import { uposIndex } from '../../../src/nlp/sentence-model/context.js';
import { decideSentence, loadSentenceModel } from '../../../src/nlp/sentence-model/sentence-model.js';
import { MAX_SYMBOLS, SymbolTable } from '../../../src/nlp/sentence-model/symbols.js';
import { tagSentence } from '../../../src/nlp/tagger.js';
import { UPOS_TAGS } from '../../../src/vocabulary/features.js';
import { STRUCTURE_EXAMPLES, VOICE_EXAMPLES } from '../clauses/textbook-sentences.js';

const classify = (sentence: string) => classifyTokens(tagSentence(sentence));

const goldTexts = readFileSync(new URL('../../fixtures/gold/ud-ewt-dev.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .slice(0, 400)
  .map((line) => (JSON.parse(line) as { text: string }).text);

describe('the learned decision (classifyTokens)', () => {
  it('is deterministic: same answers in any order, from the shipped model and a fresh load of it', () => {
    const tagged = goldTexts.map((text) => tagSentence(text));
    const first = tagged.map((tokens) => classifyTokens(tokens));
    const reversed = [...tagged].reverse().map((tokens) => classifyTokens(tokens));
    expect(reversed.reverse()).toEqual(first);
    const fresh = loadSentenceModel();
    expect(tagged.map((tokens) => decideSentence(readSentenceRules(tokens), fresh))).toEqual(first);
  });

  it('gives clause counts that agree with the class it chose', () => {
    for (const text of goldTexts) {
      const result = classify(text);
      expect(result.structure).toBe(structureFromCounts(result.independentClauses, result.dependentClauses));
    }
  });

  it('handles an empty sentence, one word, and a very long sentence', () => {
    expect(classifyTokens([])).toEqual({
      structure: 'fragment/unknown',
      voice: 'active',
      independentClauses: 0,
      dependentClauses: 0,
    });
    expect(classify('Thanks')).toMatchObject({ structure: 'fragment/unknown', voice: 'active' });
    expect(classify('Go!')).toMatchObject({ structure: 'simple', voice: 'active' });
    const long = Array.from({ length: 400 }, (_, i) =>
      i % 2 === 0 ? 'the report was written by the committee' : 'we read it because it mattered',
    ).join(', and ');
    const result = classifySentence(`${long}.`);
    expect(result).toEqual({ structure: 'compound-complex', voice: 'passive' });
  });

  it('reads unknown tags and words as the rules do, without throwing', () => {
    const odd = [
      { text: 'zzz', lower: 'zzz', pos: 'NOPE', type: 'word', spaceBefore: true },
      { text: '', lower: '', pos: 'VERB', type: 'word', spaceBefore: true },
    ];
    expect(() => classifyTokens(odd as never)).not.toThrow();
  });
});

// The rules get every textbook sentence (test/nlp/clauses/classify-tokens.test.ts); the learned
// decision is fitted to a web treebank and gets all but the ones marked as known misses.
const KNOWN_MISSES = new Set([
  // "the others left" may be a reduced relative ("the others left behind") in EWT: the clause
  // model gives the last clause P(main) = 0.25 and calls the sentence complex.
  'Although it was late, we stayed, and the others left.',
]);

describe('the learned decision on textbook sentences', () => {
  for (const [structure, sentence] of STRUCTURE_EXAMPLES) {
    const test = KNOWN_MISSES.has(sentence) ? it.fails : it;
    test(`${structure}: ${sentence}`, () => {
      expect(classify(sentence).structure).toBe(structure);
    });
  }
  it.each(VOICE_EXAMPLES)('%s: %s', (voice, sentence) => {
    expect(classify(sentence).voice).toBe(voice);
  });
});

describe('feature symbols', () => {
  it('index UPOS tags as UPOS_TAGS orders them', () => {
    UPOS_TAGS.forEach((tag, index) => expect(uposIndex(tag)).toBe(index));
    expect(uposIndex('SPACE')).toBe(-1);
  });

  it('start with the sentence-start marker at id 0 (the unused slot of a one-symbol feature)', () => {
    const table = new SymbolTable();
    expect(table.id('^')).toBe(0);
    expect(table.size).toBeLessThan(MAX_SYMBOLS / 2);
    expect(table.id('participled')).toBe(-1);
    const grown = table.grow('participled');
    expect(table.name(grown)).toBe('participled');
    expect(() => table.name(MAX_SYMBOLS)).toThrow(RangeError);
  });
});
