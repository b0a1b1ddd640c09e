import { describe, expect, it } from 'vitest';
import { readSentenceRules } from '../../../src/nlp/clauses/index.js';
import { commonSymbols, featureContext } from '../../../src/nlp/sentence-model/context.js';
import { SymbolTable } from '../../../src/nlp/sentence-model/symbols.js';
import { tagSentence } from '../../../src/nlp/tagger.js';

const table = new SymbolTable();
const common = commonSymbols(table);

/** Enclosure of each verb group, keyed by the group's first word. */
function enclosures(sentence: string): Record<string, number> {
  const rule = readSentenceRules(tagSentence(sentence));
  const context = featureContext(rule, table, common, false);
  return Object.fromEntries(
    rule.readings.map((reading, index) => [rule.view.lower[reading.group.first], context.enclosure[index]]),
  );
}

describe('feature context', () => {
  it('marks verb groups inside quotation marks (straight or curly) and brackets', () => {
    expect(enclosures('She wrote, "He left early," and then she slept.')).toEqual({ wrote: 0, left: 1, slept: 0 });
    expect(enclosures('She wrote, “He left early,” and then she slept.')).toEqual({ wrote: 0, left: 1, slept: 0 });
    expect(enclosures('The town (which was founded in 1850) grew fast.')).toMatchObject({ grew: 0 });
    expect(Object.values(enclosures('The town (which was founded in 1850) grew fast.'))).toContain(2);
  });

  it('treats an unmatched closing bracket as no bracket', () => {
    expect(enclosures('a) We left.')).toEqual({ left: 0 });
  });
});
