import { countWordForms, deltaReference, styleDistance } from '@styler-dev/analytics/metrics';
import { describe, expect, it } from 'vitest';
import { styleBrief } from '../../../src/style/index.js';
import { estimateTokens, TOKENS_PER_WORD } from '../../../src/style/brief/examples.js';
import { closestPassages } from '../../../src/style/llm-prompt.js';
import { STYLE_DEFAULTS } from '../../../src/style/defaults.js';
import { AI_INPUTS, AUTHORS, authorDocuments, authorModel, withoutVoice, type Author } from './authors.js';

/**
 * An independent measure of typicality, not the one the fit scores by: the percentile of a text's
 * Burrows' Delta to the author's whole documents among every stretch of the same number of words of
 * those documents (a window stepped through them), with z-scores over 100-word chunks and the 150
 * most frequent words. 0.5 is an ordinary stretch of the author; lower is more typical. Comparing
 * against same-length stretches takes out Delta's pull towards longer texts.
 */
function typicalityPercentile(author: Author): (text: string) => number {
  const documents = authorDocuments(author);
  const words = documents.join('\n').split(/\s+/);
  const chunks: string[] = [];
  for (let at = 0; at + 100 <= words.length; at += 100) chunks.push(words.slice(at, at + 100).join(' '));
  const reference = deltaReference(chunks.map(countWordForms), 150);
  const profile = countWordForms(documents.join('\n'));
  const nulls = new Map<number, number[]>();
  return (text) => {
    const length = text.split(/\s+/).length;
    let distances = nulls.get(length);
    if (distances === undefined) {
      distances = [];
      for (let at = 0; at + length <= words.length; at += Math.max(5, Math.floor(length / 4)))
        distances.push(styleDistance(words.slice(at, at + length).join(' '), profile, reference));
      nulls.set(length, distances);
    }
    const delta = styleDistance(text, profile, reference);
    return distances.filter((one) => one < delta).length / distances.length;
  };
}

const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('example passages', () => {
  it.each(AUTHORS)('%s: a handful within the default budget, one per document', (author) => {
    const { examples, exampleSource } = styleBrief(authorModel(author));
    expect(exampleSource).toBe('excerpts');
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(examples.length).toBeLessThanOrEqual(STYLE_DEFAULTS.llmExamples);
    expect(examples.reduce((sum, one) => sum + one.tokens, 0)).toBeLessThanOrEqual(STYLE_DEFAULTS.llmExampleTokens);
    expect(new Set(examples.map((one) => one.document)).size).toBe(examples.length);
    for (const one of examples) expect(one.tokens).toBe(estimateTokens(one.words));
  });

  it('estimates tokens as words × 1.3, rounded up', () => {
    expect(TOKENS_PER_WORD).toBe(1.3);
    expect(estimateTokens(100)).toBe(130);
    expect(estimateTokens(41)).toBe(54);
    expect(estimateTokens(0)).toBe(0);
  });

  it('fits a small budget with shorter examples and none when nothing fits', () => {
    const model = authorModel('twain-speeches');
    const small = styleBrief(model, { exampleTokenBudget: 120 }).examples;
    expect(small.length).toBeGreaterThan(0);
    expect(small.reduce((sum, one) => sum + one.tokens, 0)).toBeLessThanOrEqual(120);
    expect(styleBrief(model, { exampleTokenBudget: 10 }).examples).toEqual([]);
    expect(styleBrief(model, { maxExamples: 0 }).examples).toEqual([]);
  });

  it('gives a document a second example only once every document has given one', () => {
    const model = authorModel('gerrand-go-blog');
    const many = styleBrief(model, { maxExamples: 12, exampleTokenBudget: 10_000 }).examples;
    const perDocument = new Map<number, number>();
    for (const one of many) perDocument.set(one.document!, (perDocument.get(one.document!) ?? 0) + 1);
    const documentsWithExcerpts = new Set(model.habits.voice!.excerpts.map((one) => one.document)).size;
    expect(perDocument.size).toBe(documentsWithExcerpts);
    expect(Math.max(...perDocument.values())).toBe(2);
  });

  it.each(AUTHORS)('%s: the Delta-typical choice is more typical than the topic choice', (author) => {
    const model = authorModel(author);
    const percentile = typicalityPercentile(author);
    const brief = styleBrief(model).examples.map((one) => percentile(one.text));
    const count = styleBrief(model).examples.length;
    const topic = AI_INPUTS.map((input) => mean(closestPassages(input, model, count).map(percentile)));
    // Every topic choice (the rewrite prompt's before the brief) is less typical than the brief's.
    for (const one of topic) expect(mean(brief)).toBeLessThan(one);
    expect(mean(brief)).toBeLessThan(0.35);
  });

  it('falls back to the passages of an older model, still by typicality and within the budget', () => {
    const old = withoutVoice(authorModel('twain-speeches'));
    expect(old.habits.passages.some((passage) => /Gentlemen,/.test(passage))).toBe(true);
    const brief = styleBrief(old, { exampleTokenBudget: 400 });
    expect(brief.exampleSource).toBe('passages');
    expect(brief.examples.length).toBeGreaterThan(0);
    expect(brief.examples.reduce((sum, one) => sum + one.tokens, 0)).toBeLessThanOrEqual(400);
    const scores = brief.examples.map((one) => one.typicality);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    // Passages open paragraphs, some of them a speech's: their first sentence (the salutation) goes.
    for (const one of brief.examples) {
      expect(one.document).toBeUndefined();
      expect(one.text).not.toMatch(/Gentlemen,/);
    }
  });
});
