import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUSE_CLASSES } from '../../../src/nlp/sentence-model/clause-states.js';
import {
  parseSentenceModel,
  SENTENCE_MODEL_URL,
  shippedSentenceModel,
  type SentenceModelJson,
} from '../../../src/nlp/sentence-model/sentence-model.js';
import { FEATURE_SET, TEMPLATE_ARITIES, TEMPLATE_NAMES } from '../../../src/nlp/sentence-model/templates.js';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES } from '../../../src/vocabulary/features.js';

const text = readFileSync(SENTENCE_MODEL_URL, 'utf8');
const file = JSON.parse(text) as SentenceModelJson;

describe('the shipped weights file (models/sentence-classifier.json)', () => {
  it('is a small file in the package and loads when the module is imported', () => {
    expect(statSync(SENTENCE_MODEL_URL).size).toBeLessThan(300_000);
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toContain('models');
    expect(shippedSentenceModel().clause.features).toBeGreaterThan(100);
  });

  it('has the expected shape: this code’s feature set, three models, their classes and rows', () => {
    expect(file).toMatchObject({ format: 'styler-sentence-model', featureSet: FEATURE_SET });
    expect(file.scale).toBeGreaterThan(0);
    expect(file.mix).toBeGreaterThanOrEqual(0);
    expect(file.mix).toBeLessThanOrEqual(1);
    const parts = [
      [file.clause, CLAUSE_CLASSES],
      [file.sentence, SENTENCE_STRUCTURES],
      [file.voice, SENTENCE_VOICES],
    ] as const;
    const templates = new Map(TEMPLATE_NAMES.map((name, id) => [name, id]));
    for (const [part, classes] of parts) {
      expect(part.classes).toEqual([...classes]);
      expect(part.bias).toHaveLength(classes.length);
      const rows = Object.entries(part.weights);
      expect(rows.length).toBeGreaterThan(100);
      for (const [name, row] of rows) {
        const [template = '', ...symbols] = name.split('|');
        expect(templates.has(template), name).toBe(true);
        expect(symbols).toHaveLength(TEMPLATE_ARITIES[templates.get(template) ?? -1] ?? -1);
        expect(row).toHaveLength(classes.length);
        expect(row.every((w) => Number.isInteger(w))).toBe(true);
      }
    }
  });

  it('records what it was fitted on and how its settings were chosen', () => {
    const meta = file as unknown as Record<string, Record<string, unknown>>;
    expect(meta.trainedOn).toMatchObject({ treebank: 'UD_English-EWT', file: 'en_ewt-ud-train.conllu' });
    expect(meta.chosenOn).toMatchObject({ split: 'ewt-dev' });
    expect(JSON.stringify(file)).not.toContain('ewt-ud-test');
  });

  it('refuses a file that does not match this code, naming what is wrong', () => {
    const broken = (change: (copy: Record<string, unknown>) => void): unknown => {
      const copy = JSON.parse(text) as Record<string, unknown>;
      change(copy);
      return copy;
    };
    expect(() => parseSentenceModel(null)).toThrow(TypeError);
    expect(() => parseSentenceModel(broken((f) => (f.format = 'other')))).toThrow(/not a styler-sentence-model/);
    expect(() => parseSentenceModel(broken((f) => (f.featureSet = 'old/0')))).toThrow(/trained for features "old\/0"/);
    expect(() => parseSentenceModel(broken((f) => (f.mix = 2)))).toThrow(/mix/);
    expect(() => parseSentenceModel(broken((f) => delete f.voice))).toThrow(/voice is missing/);
    expect(() =>
      parseSentenceModel(broken((f) => ((f.voice as { classes: string[] }).classes = ['passive', 'active']))),
    ).toThrow(/voice.classes must be active, passive/);
    expect(() =>
      parseSentenceModel(
        broken((f) => ((f.clause as { weights: Record<string, number[]> }).weights['c.role|main+'] = [1])),
      ),
    ).toThrow(/must hold 3 numbers/);
    expect(() =>
      parseSentenceModel(
        broken((f) => ((f.clause as { weights: Record<string, number[]> }).weights['c.nothing|x'] = [1, 2, 3])),
      ),
    ).toThrow(/unknown feature "c.nothing\|x"/);
  });
});
