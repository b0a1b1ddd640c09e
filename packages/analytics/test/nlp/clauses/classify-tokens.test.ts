import { describe, expect, it } from 'vitest';
import { classifyTokens, structureFromCounts } from '../../../src/nlp/clauses/index.js';
import { tagSentence } from '../../../src/nlp/tagger.js';
import { tokens } from './tokens.js';

const classify = (sentence: string) => classifyTokens(tagSentence(sentence));

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

describe('classifyTokens: sentence structure', () => {
  it.each([
    ['The cat sat on the mat.', 1, 0],
    ['She came and saw.', 1, 0],
    ['Read the entire article.', 1, 0],
    ['Thank you.', 1, 0],
    ['Sounds good.', 1, 0],
    ['Is it raining?', 1, 0],
    ['Why did you leave?', 1, 0],
  ])('simple: %s', (sentence, independent, dependent) => {
    expect(classify(sentence)).toMatchObject({
      structure: 'simple',
      independentClauses: independent,
      dependentClauses: dependent,
    });
  });

  it.each([
    'I wanted to go, but it was raining.',
    'The sun rose; the birds sang.',
    'She sings and he dances.',
    'I was tired, so I went to bed.',
    'The dog barked and the cat ran away.',
    "Don't worry, it is fine.",
  ])('compound: %s', (sentence) => {
    expect(classify(sentence).structure).toBe('compound');
  });

  it.each([
    'I stayed home because it was raining.',
    'The man who lives next door is a doctor.',
    'I think that he left.',
    'I know what you did.',
    'If you come, we will leave.',
    'The book that I read was long.',
    'The reason is that he left.',
    'What he said is true.',
    'Do you know where he lives?',
    'Call me when you arrive.',
  ])('complex: %s', (sentence) => {
    expect(classify(sentence)).toMatchObject({ structure: 'complex', independentClauses: 1 });
  });

  it.each([
    'Although it was late, we stayed, and the others left.',
    'When I arrived, the meeting had started and everyone was busy.',
    'He said that he would come, but he never did.',
  ])('compound-complex: %s', (sentence) => {
    expect(classify(sentence).structure).toBe('compound-complex');
  });

  it.each([
    'Thanks!',
    'Great food and friendly staff.',
    'Posted by darin',
    'Highly recommended.',
    'Running late again.',
    'If she continues!',
  ])('fragment/unknown: %s', (sentence) => {
    expect(classify(sentence)).toMatchObject({ structure: 'fragment/unknown', independentClauses: 0 });
  });

  it('counts a final reporting clause as the main clause and the quote as its complement', () => {
    const result = classify('"We were on the road and the bridge was bombed," she said.');
    expect(result).toMatchObject({ structure: 'complex', independentClauses: 1, dependentClauses: 2 });
  });

  it('reads hand-tagged tokens without the tagger', () => {
    expect(classifyTokens(tokens('I/PRON think/VERB he/PRON left/VERB ./PUNCT'))).toMatchObject({
      structure: 'complex',
      independentClauses: 1,
      dependentClauses: 1,
    });
    expect(classifyTokens(tokens('She/PRON came/VERB and/CCONJ saw/VERB ./PUNCT')).structure).toBe('simple');
    expect(classifyTokens(tokens('Rooms/NOUN very/ADV clean/ADJ ./PUNCT')).structure).toBe('fragment/unknown');
    // Clitics the tagger leaves attached are split: "I'm" is a subject and a finite verb.
    expect(classifyTokens(tokens("I'm/PROPN in/ADP")).structure).toBe('simple');
  });

  it('returns a fragment for an empty sentence', () => {
    expect(classifyTokens([])).toEqual({
      structure: 'fragment/unknown',
      voice: 'active',
      independentClauses: 0,
      dependentClauses: 0,
    });
  });

  it('throws a TypeError for a non-array argument', () => {
    expect(() => classifyTokens('a sentence' as never)).toThrow(TypeError);
  });
});

describe('classifyTokens: voice', () => {
  it.each([
    'The letter was written by John.',
    'The results were not properly tested.',
    'My bike got stolen.',
    'The house is being painted.',
    'It has been done.',
    'The project will be finished tomorrow.',
    'Was the report approved?',
    'Mistakes were made.',
    'This tool is used to cut wood.',
    'I was surprised by the news.',
    'He is either fined or sent to prison.',
  ])('passive: %s', (sentence) => {
    expect(classify(sentence).voice).toBe('passive');
  });

  it.each([
    'I am tired.',
    'She is interested in art.',
    'I am used to it.',
    'He was excited about the trip.',
    'We are pleased with the result.',
    'He is gone.',
    'She got lost in the city.',
    'A guy named Joe called.',
    'They have finished the work.',
    'He has made a mistake.',
  ])('active (adjectival or no be/get passive): %s', (sentence) => {
    expect(classify(sentence).voice).toBe('active');
  });

  it('tells a passive "was closed by" from an adjectival "was very tired" on hand-tagged tokens', () => {
    expect(classifyTokens(tokens('The/DET door/NOUN was/AUX closed/ADJ by/ADP the/DET guard/NOUN')).voice).toBe(
      'passive',
    );
    expect(classifyTokens(tokens('He/PRON was/AUX very/ADV tired/VERB')).voice).toBe('active');
    expect(classifyTokens(tokens('It/PRON was/AUX coagulated/ADJ blood/NOUN')).voice).toBe('active');
  });
});
