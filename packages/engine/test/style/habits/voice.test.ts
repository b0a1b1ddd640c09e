import { deltaReference, styleDistance } from '@styler-dev/analytics/metrics';
import { describe, expect, it } from 'vitest';
import { fitStyle } from '../../../src/style/index.js';
import {
  EXCERPT_LIMIT,
  EXCERPT_MAX_WORDS,
  EXCERPT_MIN_WORDS,
  EXCERPTS_PER_DOCUMENT,
} from '../../../src/style/habits/excerpts.js';
import { isProseSentence, repeatedSentences, sentenceText } from '../../../src/style/habits/excerpt-rules.js';
import { measureRhythm, rhythmBin, RHYTHM_BINS } from '../../../src/style/habits/rhythm.js';
import { lengthAdjusted, scoreCounts, typicality, TYPICALITY_WORDS } from '../../../src/style/habits/typicality.js';
import { SPREAD_MIN_COUNT } from '../../../src/style/habits/word-spread.js';
import { readCorpus } from '../../../src/style/habits/corpus.js';
import { splitSentences } from '../../../src/style/text/sentences.js';
import { tokenizeBlock } from '../../../src/style/text/tokenize.js';
import { assertStyleModel } from '../../../src/style/validate.js';
import { AUTHORS, authorDocuments, authorModel, withoutVoice } from '../brief/authors.js';

function sentences(text: string) {
  const tokens = tokenizeBlock(text, 'paragraph');
  return splitSentences(tokens).map(([first, last]) => tokens.slice(first, last + 1));
}

const folded = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The first and last sentence of each document, as the fit reads them. */
function frameSentences(documents: readonly string[]): string[] {
  return readCorpus(documents).flatMap((blocks) => {
    const all = blocks.filter((block) => block.prose).flatMap((block) => block.sentences);
    return [all[0], all[all.length - 1]].filter((one) => one !== undefined).map(sentenceText);
  });
}

describe('excerpt rules', () => {
  it('takes sentences built like prose and refuses labels, salutations, introductions of a list and links', () => {
    const verdict = (text: string): boolean => isProseSentence(sentences(text)[0] ?? []);
    expect(verdict('We walked to the town on Monday and saw the church.')).toBe(true);
    expect(verdict('"Where is the best place to go to?" he asked the clergyman.')).toBe(true);
    expect(verdict('Wednesday.')).toBe(false);
    expect(verdict('My dear Cassandra,')).toBe(false);
    expect(verdict('Here is how it works:')).toBe(false);
    expect(verdict('and then we went home.')).toBe(false);
    expect(verdict('The notes are at https://example.org/notes for everyone.')).toBe(false);
  });

  it('finds the sentences two documents share (boilerplate)', () => {
    const repeated = repeatedSentences([
      sentences('Thanks for reading. We shipped a new release today.'),
      sentences('We fixed the parser. Thanks for reading.'),
    ]);
    expect([...repeated]).toEqual(['thanks for reading']);
  });
});

describe('rhythm', () => {
  it('bins sentence lengths by five words, the last bin open', () => {
    expect([1, 5, 6, 60, 61, 400].map((words) => rhythmBin(words))).toEqual([0, 0, 1, 11, 12, 12]);
  });

  it('counts consecutive sentences of a paragraph, never across paragraphs', () => {
    const rhythm = measureRhythm([
      [4, 30, 3],
      [50, 0, 2],
    ]);
    expect(rhythm.pairs).toHaveLength(RHYTHM_BINS);
    const total = rhythm.pairs.flat().reduce((sum, count) => sum + count, 0);
    expect(total).toBe(3);
    expect(rhythm.pairs[0]![5]).toBe(1);
    expect(rhythm.pairs[5]![0]).toBe(1);
    expect(rhythm.pairs[9]![0]).toBe(1);
  });
});

describe('typicality', () => {
  it('needs two stretches with words', () => {
    expect(typicality([{ the: 2 }])).toBeUndefined();
    expect(typicality([{ the: 2 }, {}])).toBeUndefined();
    expect(
      typicality([
        { the: 2, a: 1 },
        { the: 1, of: 2 },
      ]),
    ).toBeDefined();
  });

  it('scores the author’s own profile as most typical, as analytics’ Burrows’ Delta does', () => {
    const population = [
      { the: 5, of: 2, and: 1 },
      { the: 3, of: 4, and: 2 },
      { the: 4, of: 3, and: 3 },
    ];
    const scorer = typicality(population)!;
    const author = { the: 12, of: 9, and: 6 };
    expect(scoreCounts(scorer, author)).toBeCloseTo(0, 9);
    expect(scoreCounts(scorer, { and: 10 })).toBeGreaterThan(scoreCounts(scorer, { the: 5, of: 3, and: 2 }));
    const reference = deltaReference(population, TYPICALITY_WORDS);
    const text = { the: 2, of: 1, and: 4, cat: 3 };
    expect(scoreCounts(scorer, text)).toBeCloseTo(styleDistance(text, author, reference, 'burrows'), 12);
  });

  it('takes the length out: scores that follow the length alone come out equal', () => {
    const words = [40, 60, 80, 100, 120];
    const adjusted = lengthAdjusted(
      words.map((n) => 2 - 0.3 * Math.log(n)),
      words,
    );
    for (const value of adjusted) expect(value).toBeCloseTo(0, 9);
    expect(lengthAdjusted([], [])).toEqual([]);
    const ranked = lengthAdjusted([1, 0.5, 0.9, 0.95], [40, 40, 120, 120]);
    expect(ranked[1]!).toBeLessThan(ranked[0]!);
    expect(ranked[2]!).toBeLessThan(ranked[3]!);
  });
});

describe.each(AUTHORS)('the voice habits of %s', (author) => {
  const documents = authorDocuments(author);
  const model = authorModel(author);
  const voice = model.habits.voice!;

  it('stores a bounded number of excerpts of whole sentences, most typical first', () => {
    expect(voice.excerpts.length).toBeGreaterThan(0);
    expect(voice.excerpts.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
    const perDocument = new Map<number, number>();
    for (const excerpt of voice.excerpts) {
      perDocument.set(excerpt.document, (perDocument.get(excerpt.document) ?? 0) + 1);
      expect(excerpt.words).toBeGreaterThanOrEqual(EXCERPT_MIN_WORDS);
      expect(excerpt.words).toBeLessThanOrEqual(EXCERPT_MAX_WORDS);
      // Whole sentences of one paragraph of the document it names: the text occurs there, starting
      // the paragraph or a sentence, and ends with a sentence's end.
      const paragraph = documents[excerpt.document]!.split(/\n\s*\n/)
        .map(folded)
        .find((one) => one.includes(excerpt.text));
      expect(paragraph, excerpt.text).toBeDefined();
      const at = paragraph!.indexOf(excerpt.text);
      expect(at === 0 || /[.!?…]["”’')\]]* $/u.test(paragraph!.slice(Math.max(0, at - 4), at))).toBe(true);
      expect(excerpt.text).toMatch(/[.!?…]["”’')\]]*$/u);
    }
    for (const count of perDocument.values()) expect(count).toBeLessThanOrEqual(EXCERPTS_PER_DOCUMENT);
    const scores = voice.excerpts.map((excerpt) => excerpt.typicality);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it('keeps every document’s first and last sentence (salutations, courtesies, sign-offs) out', () => {
    const frame = frameSentences(documents);
    for (const excerpt of voice.excerpts) {
      for (const sentence of frame) expect(excerpt.text.includes(sentence), sentence).toBe(false);
      expect(excerpt.text).not.toMatch(/(?:Gentlemen|My dear \w+|Yours),[—-]/);
    }
  });

  it('counts documents per frequent word and spots names', () => {
    for (const [word, documentCount] of Object.entries(voice.documentFrequency)) {
      expect(model.habits.vocabulary[word] ?? 0).toBeGreaterThanOrEqual(SPREAD_MIN_COUNT);
      expect(documentCount).toBeGreaterThanOrEqual(1);
      expect(documentCount).toBeLessThanOrEqual(documents.length);
    }
    expect(voice.documentFrequency.the).toBe(documents.length);
    expect(voice.names).not.toContain('the');
    if ((model.habits.vocabulary.i ?? 0) >= SPREAD_MIN_COUNT) expect(voice.names).toContain('i');
  });

  it('keeps the model small: the voice habits take a small share of the JSON', () => {
    const voiceBytes = JSON.stringify(voice).length;
    expect(voiceBytes).toBeLessThan(0.25 * JSON.stringify(model).length);
    expect(JSON.stringify(voice.excerpts).length).toBeLessThan(EXCERPT_LIMIT * EXCERPT_MAX_WORDS * 12);
  });
});

describe('models fit before the style brief', () => {
  it('still validate, and a malformed voice does not', () => {
    const old = withoutVoice(authorModel('austen-letters'));
    expect(() => assertStyleModel(old)).not.toThrow();
    const broken = { ...old, habits: { ...old.habits, voice: { excerpts: 'none' } } };
    expect(() => assertStyleModel(broken)).toThrow(/model\.habits\.voice/);
  });

  it('names Austen’s correspondents and places, and Gerrand’s language, as names', () => {
    expect(authorModel('austen-letters').habits.voice!.names).toEqual(expect.arrayContaining(['cassandra']));
    expect(authorModel('gerrand-go-blog').habits.voice!.names).toEqual(expect.arrayContaining(['go']));
  });

  it('gives a tiny corpus no excerpts rather than a bad one', () => {
    const model = fitStyle(['Hello there. We went home.']);
    expect(model.habits.voice!.excerpts).toEqual([]);
  });
});
