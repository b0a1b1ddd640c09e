import { describe, expect, it } from 'vitest';
import { classifyTokens, classifyTokensByRules, structureFromCounts } from '../../../src/nlp/clauses/index.js';
import { tagSentence } from '../../../src/nlp/tagger.js';
import { STRUCTURE_EXAMPLES, VOICE_EXAMPLES } from './textbook-sentences.js';
import { tokens } from './tokens.js';

// These tables pin down what the clause and voice rules read; the learned decision over them
// (classifyTokens) is tested on the same tables in test/nlp/sentence-model/decision.test.ts.
const classify = (sentence: string) => classifyTokensByRules(tagSentence(sentence));

describe('structureFromCounts', () => {
  it('maps clause counts to the five classes of METRICS.md', () => {
    expect(structureFromCounts(0, 0)).toBe('fragment/unknown');
    expect(structureFromCounts(0, 2)).toBe('fragment/unknown');
    expect(structureFromCounts(1, 0)).toBe('simple');
    expect(structureFromCounts(3, 0)).toBe('compound');
    expect(structureFromCounts(1, 2)).toBe('complex');
    expect(structureFromCounts(2, 1)).toBe('compound-complex');
  });
});

describe('clause rules (classifyTokensByRules): sentence structure', () => {
  // Clause counts where the class alone does not show them.
  it.each([
    ['The cat sat on the mat.', 1, 0],
    ['She came and saw.', 1, 0],
    ['Read the entire article.', 1, 0],
    ['Thank you.', 1, 0],
    ['Sounds good.', 1, 0],
    ['Is it raining?', 1, 0],
    ['Why did you leave?', 1, 0],
    ['I stayed home because it was raining.', 1, 1],
    ['Thanks!', 0, 0],
  ])('clause counts: %s', (sentence, independent, dependent) => {
    expect(classify(sentence)).toMatchObject({ independentClauses: independent, dependentClauses: dependent });
  });

  it.each(STRUCTURE_EXAMPLES)('%s: %s', (structure, sentence) => {
    expect(classify(sentence).structure).toBe(structure);
  });

  it('counts a final reporting clause as the main clause and the quote as its complement', () => {
    const result = classify('"We were on the road and the bridge was bombed," she said.');
    expect(result).toMatchObject({ structure: 'complex', independentClauses: 1, dependentClauses: 2 });
  });

  it('reads hand-tagged tokens without the tagger', () => {
    expect(classifyTokensByRules(tokens('I/PRON think/VERB he/PRON left/VERB ./PUNCT'))).toMatchObject({
      structure: 'complex',
      independentClauses: 1,
      dependentClauses: 1,
    });
    expect(classifyTokensByRules(tokens('She/PRON came/VERB and/CCONJ saw/VERB ./PUNCT')).structure).toBe('simple');
    expect(classifyTokensByRules(tokens('Rooms/NOUN very/ADV clean/ADJ ./PUNCT')).structure).toBe('fragment/unknown');
    // Clitics the tagger leaves attached are split: "I'm" is a subject and a finite verb.
    expect(classifyTokensByRules(tokens("I'm/PROPN in/ADP")).structure).toBe('simple');
  });

  it.each([classifyTokens, classifyTokensByRules])('returns a fragment for an empty sentence (%o)', (classifier) => {
    expect(classifier([])).toEqual({
      structure: 'fragment/unknown',
      voice: 'active',
      independentClauses: 0,
      dependentClauses: 0,
    });
  });

  it.each([classifyTokens, classifyTokensByRules])('throws a TypeError for a non-array argument (%o)', (classifier) => {
    expect(() => classifier('a sentence' as never)).toThrow(TypeError);
  });
});

describe('voice rule (classifyTokensByRules)', () => {
  it.each(VOICE_EXAMPLES)('%s: %s', (voice, sentence) => {
    expect(classify(sentence).voice).toBe(voice);
  });

  it('tells a passive "was closed by" from an adjectival "was very tired" on hand-tagged tokens', () => {
    expect(classifyTokensByRules(tokens('The/DET door/NOUN was/AUX closed/ADJ by/ADP the/DET guard/NOUN')).voice).toBe(
      'passive',
    );
    expect(classifyTokensByRules(tokens('He/PRON was/AUX very/ADV tired/VERB')).voice).toBe('active');
    expect(classifyTokensByRules(tokens('It/PRON was/AUX coagulated/ADJ blood/NOUN')).voice).toBe('active');
  });
});
