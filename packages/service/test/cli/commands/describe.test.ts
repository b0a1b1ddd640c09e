/** `styler describe`: the readable style card, or the JSON summary with --json. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStyle, fitStyle } from '@styler-dev/engine';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { darwin } from '../../http/support/fixtures.js';

describe('styler describe', () => {
  const model = fitStyle([1, 2, 3, 4].map(darwin));
  const modelPath = join(mkdtempSync(join(tmpdir(), 'styler-describe-')), 'model.json');
  writeFileSync(modelPath, JSON.stringify(model));
  const summary = describeStyle(model) as {
    documents: number;
    sentenceLength: { median: number; confidence: number };
    vocabulary: { frequentContentWords: string[] };
  };

  it('prints the style card: one habit a line, with how sure the model is', async () => {
    const run = io();
    expect(await main(['describe', modelPath], run.io)).toBe(0);
    const lines = run.out().trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^Learned from +${summary.documents} documents, [\\d,]+ words, [\\d,]+ sentences$`),
    );
    const sentences = lines.find((line) => line.startsWith('Sentences '));
    expect(sentences).toContain(`(median ${summary.sentenceLength.median};`);
    expect(sentences).toMatch(new RegExp(`\\(${Math.round(summary.sentenceLength.confidence * 100)} % sure\\)$`));
    for (const name of ['Paragraphs', 'Readability', 'Contractions', 'Oxford comma', 'Dashes', 'Quotes', 'Spelling']) {
      expect(lines.some((line) => line.startsWith(`${name} `))).toBe(true);
    }
    const words = lines.find((line) => line.startsWith('Frequent words '));
    expect(words).toContain(summary.vocabulary.frequentContentWords.slice(0, 3).join(', '));
    expect(run.out()).not.toContain('{');
  });

  it('prints the JSON summary with --json, before or after the path', async () => {
    for (const argv of [
      ['describe', '--json', modelPath],
      ['describe', modelPath, '--json'],
    ]) {
      const run = io();
      expect(await main(argv, run.io)).toBe(0);
      expect(JSON.parse(run.out())).toEqual(JSON.parse(JSON.stringify(summary)));
    }
  });

  it('refuses a second path or an unknown flag', async () => {
    const two = io();
    expect(await main(['describe', modelPath, modelPath], two.io)).toBe(2);
    expect(two.err()).toMatch(/usage: styler describe model\.json \[--json\]/);
    const unknown = io();
    expect(await main(['describe', modelPath, '--yaml'], unknown.io)).toBe(2);
    expect(unknown.err()).toMatch(/unknown option --yaml/);
  });
});
