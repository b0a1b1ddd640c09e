import { describe, expect, it } from 'vitest';
import { keynessReference, renderBrief, styleBrief } from '../../../src/style/index.js';
import { ABSENCE_MIN_WORDS, ALMOST_NEVER_WORDS } from '../../../src/style/brief/avoided.js';
import { G2_P_0001 } from '../../../src/style/brief/log-likelihood.js';
import { MIN_FREQUENCY_RATIO, SPREAD_SHARE_MIN } from '../../../src/style/brief/keyness.js';
import { histogramPercentile } from '../../../src/style/habits/measure.js';
import { GENERIC_ENTRIES } from '../../../src/style/lexicon/generic.js';
import { FORMAL_MODEL } from '../ops-helpers.js';
import { AUTHORS, authorModel, withoutVoice, type Author } from './authors.js';

const othersOf = (author: Author) => keynessReference(AUTHORS.filter((one) => one !== author).map(authorModel));
const lineOf = (author: Author, topic: string): string =>
  styleBrief(authorModel(author))
    .lines.filter((line) => line.topic === topic)
    .map((line) => line.text)
    .join('\n');

describe('the style brief of real authors says true things', () => {
  it.each(AUTHORS)('%s: sentence lengths are the model’s percentiles', (author) => {
    const model = authorModel(author);
    const at = (fraction: number) => histogramPercentile(model.groundTruth.features.sentenceLengths, fraction);
    expect(lineOf(author, 'sentences')).toContain(
      `Most sentences run ${at(0.2)}–${at(0.8)} words (three in five; median ${at(0.5)})`,
    );
  });

  it('tells Austen’s full forms from Twain’s and Gerrand’s contractions', () => {
    expect(lineOf('austen-letters', 'contractions')).toMatch(/^Writes full forms/);
    expect(lineOf('twain-speeches', 'contractions')).toMatch(/^Contracts in about \d+ % .*"didn't"/);
    expect(lineOf('gerrand-go-blog', 'contractions')).toMatch(/^Contracts in about \d+ %/);
  });

  it('says who speaks: Twain and Austen as "I", Gerrand as "we", rarely "I"', () => {
    expect(lineOf('twain-speeches', 'person')).toContain('"I", "me", "my" about once a sentence');
    expect(lineOf('austen-letters', 'person')).toContain('"I", "me", "my" about once a sentence');
    const gerrand = authorModel('gerrand-go-blog').habits.person;
    expect(gerrand.firstPluralPerThousandWords).toBeGreaterThan(5 * gerrand.firstSingularPerThousandWords);
    expect(lineOf('gerrand-go-blog', 'person')).toMatch(/"I", "me", "my" (rarely|about once every \d{2,} sentences)/);
  });

  it('names the dash form the author writes and what they never use', () => {
    expect(lineOf('twain-speeches', 'punctuation')).toContain('dashes (written word—word)');
    expect(lineOf('austen-letters', 'punctuation')).toMatch(/semicolons about once every \d+ sentences/);
  });

  it('names the connectives the author opens with, most used first', () => {
    const counts = authorModel('twain-speeches').habits.openers.counts;
    const top = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
    expect(lineOf('twain-speeches', 'openers')).toContain(`most often "${top}"`);
  });

  it('states nothing the evidence cannot carry: a tiny corpus gets no rates, no absences, no rhythm', () => {
    const brief = styleBrief(FORMAL_MODEL);
    expect(brief.lines.map((line) => line.topic)).not.toContain('punctuation');
    expect(brief.lines.map((line) => line.topic)).not.toContain('person');
    expect(brief.lines.some((line) => line.text.startsWith('Rhythm'))).toBe(false);
    expect(brief.avoided).toEqual({ words: [], openers: [] });
  });
});

describe('favoured words', () => {
  it('are none without a reference: no general-English list ships with the engine', () => {
    for (const author of AUTHORS) expect(styleBrief(authorModel(author)).favouredWords).toEqual([]);
  });

  it.each(AUTHORS)('%s: against the other authors, each is key, spread, no name and no pronoun', (author) => {
    const model = authorModel(author);
    const reference = othersOf(author);
    const favoured = styleBrief(model, { reference }).favouredWords;
    expect(favoured.length).toBeGreaterThan(3);
    const voice = model.habits.voice!;
    for (const one of favoured) {
      expect(one.logLikelihood).toBeGreaterThanOrEqual(G2_P_0001);
      expect(one.count).toBe(model.habits.vocabulary[one.word]);
      expect(one.perThousandWords).toBeGreaterThanOrEqual(MIN_FREQUENCY_RATIO * one.referencePerThousandWords - 0.001);
      expect(voice.documentFrequency[one.word]!).toBeGreaterThanOrEqual(
        SPREAD_SHARE_MIN * model.habits.totals.documents,
      );
      expect(voice.names).not.toContain(one.word);
      expect(['i', 'you', 'we', 'he', 'she', 'her', 'the', 'a']).not.toContain(one.word);
    }
    const scores = favoured.map((one) => one.logLikelihood);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('find the words each author is known for', () => {
    const words = (author: Author) => styleBrief(authorModel(author), { reference: othersOf(author) }).favouredWords;
    expect(words('austen-letters').map((one) => one.word)).toContain('very');
    expect(words('twain-speeches').map((one) => one.word)).toContain('was');
    expect(words('gerrand-go-blog').map((one) => one.word)).toContain('release');
  });
});

describe('words to avoid', () => {
  it.each(AUTHORS)('%s: only generic forms the author (almost) never uses', (author) => {
    const habits = authorModel(author).habits;
    const avoided = styleBrief(authorModel(author)).avoided;
    if (habits.totals.words < ABSENCE_MIN_WORDS) return;
    expect(avoided.words.length).toBeGreaterThan(10);
    for (const word of avoided.words) {
      const entry = GENERIC_ENTRIES.find((one) => one.forms[0] === word)!;
      const uses = entry.forms.reduce((sum, form) => sum + (habits.usedGeneric[form] ?? 0), 0);
      expect(uses).toBeLessThanOrEqual(Math.floor(habits.totals.words / ALMOST_NEVER_WORDS));
    }
    for (const opener of avoided.openers) expect(habits.openers.counts[opener] ?? 0).toBe(0);
  });

  it('never tells an author to avoid a word they use more than almost never', () => {
    for (const author of AUTHORS) {
      const habits = authorModel(author).habits;
      const allowance = Math.floor(habits.totals.words / ALMOST_NEVER_WORDS);
      const used = GENERIC_ENTRIES.filter(
        (entry) => entry.forms.reduce((sum, form) => sum + (habits.usedGeneric[form] ?? 0), 0) > allowance,
      );
      const avoided = styleBrief(authorModel(author)).avoided.words;
      for (const entry of used) expect(avoided).not.toContain(entry.forms[0]);
    }
    // Austen wrote "purchase" and "assist" in these letters; the brief must not forbid them.
    const austen = styleBrief(authorModel('austen-letters')).avoided.words;
    expect(austen).not.toContain('purchase');
    expect(austen).not.toContain('assist');
    expect(austen).toContain('leverage');
  });

  it('names AI-typical words the rule engine has no replacement for ("facilitate")', () => {
    const entry = GENERIC_ENTRIES.find((one) => one.forms[0] === 'facilitate')!;
    expect(entry.alternatives).toEqual([]);
    const avoiding = AUTHORS.filter((author) =>
      entry.forms.every((form) => (authorModel(author).habits.usedGeneric[form] ?? 0) === 0),
    );
    expect(avoiding.length).toBeGreaterThan(0);
    for (const author of avoiding) expect(styleBrief(authorModel(author)).avoided.words).toContain('facilitate');
  });
});

describe('the brief as data', () => {
  it('is deterministic plain JSON', () => {
    const model = authorModel('twain-speeches');
    const brief = styleBrief(model, { reference: othersOf('twain-speeches') });
    expect(JSON.parse(JSON.stringify(brief))).toEqual(brief);
    expect(styleBrief(model, { reference: othersOf('twain-speeches') })).toEqual(brief);
  });

  it('works for a model fit before the brief: its passages as examples, no rhythm, no favoured words', () => {
    const model = authorModel('austen-letters');
    const old = withoutVoice(model);
    const brief = styleBrief(old, { reference: othersOf('austen-letters') });
    expect(brief.exampleSource).toBe('passages');
    expect(brief.examples.length).toBeGreaterThan(0);
    expect(brief.favouredWords).toEqual([]);
    expect(brief.lines.some((line) => line.text.startsWith('Rhythm'))).toBe(false);
    const current = styleBrief(model);
    expect(brief.lines).toEqual(current.lines.filter((line) => !line.text.startsWith('Rhythm')));
    expect(renderBrief(brief)).toContain('Passages by the author');
  });

  it('validates its arguments', () => {
    const model = authorModel('twain-speeches');
    expect(() => styleBrief({} as never)).toThrow(TypeError);
    expect(() => styleBrief(model, 'x' as never)).toThrow(/options must be an object/);
    expect(() => styleBrief(model, { exampleTokenBudget: -1 })).toThrow(RangeError);
    expect(() => styleBrief(model, { maxExamples: 1.5 })).toThrow(/maxExamples/);
    expect(() => styleBrief(model, { reference: { total: 10 } as never })).toThrow(/options.reference/);
    expect(() => styleBrief(model, { reference: { total: 10, counts: { the: -1 } } })).toThrow(/counts\["the"\]/);
  });
});
