import { describe, expect, it } from 'vitest';
import { describeStyle } from '../../src/style/index.js';
import type { LearnedChoice } from '../../src/style/habits/choices.js';
import { CASUAL_MODEL, FORMAL_MODEL } from './ops-helpers.js';

describe('describeStyle', () => {
  it('summarises the habits as plain JSON', () => {
    const summary = describeStyle(FORMAL_MODEL) as Record<string, Record<string, unknown>>;
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
    expect(summary['documents']).toBe(4);
    expect(summary['spelling']).toMatchObject({ variety: 'UK' });
    expect(summary['contractions']?.['rate']).toBeLessThan(0.05);
    expect((summary['punctuation']?.['dash'] as { style: string }).style).toBe('em_closed');
    expect((summary['vocabulary']?.['frequentContentWords'] as string[]).length).toBeGreaterThan(5);
    expect(summary['readability']?.['fleschReadingEase']).toEqual(expect.any(Number));
  });

  it('names the choices learned among interchangeable forms, with counts and confidence', () => {
    const { choices } = describeStyle(FORMAL_MODEL) as { choices: LearnedChoice[] };
    expect(choices[0]).toMatchObject({
      choice: 'contractions',
      forms: [
        { form: 'full', count: 23 },
        { form: 'contracted', count: 0 },
      ],
      preferred: 'full',
      share: 1,
      evidence: 23,
      text: 'never contracts (23 places where one fits)',
    });
    expect(choices.find((choice) => choice.choice === 'opener:contrast')).toMatchObject({
      forms: [{ form: 'But', count: 3 }],
      preferred: 'But',
      confidence: 0.375,
    });
  });

  it('tells authors apart and rejects what is not a model', () => {
    const casual = describeStyle(CASUAL_MODEL) as Record<string, Record<string, unknown>>;
    expect(casual['headings']).toMatchObject({ case: 'sentence' });
    expect(() => describeStyle({} as never)).toThrow(TypeError);
  });
});
