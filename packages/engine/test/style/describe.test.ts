import { describe, expect, it } from 'vitest';
import { describeStyle } from '../../src/style/index.js';
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

  it('tells authors apart and rejects what is not a model', () => {
    const casual = describeStyle(CASUAL_MODEL) as Record<string, Record<string, unknown>>;
    expect(casual['headings']).toMatchObject({ case: 'sentence' });
    expect(() => describeStyle({} as never)).toThrow(TypeError);
  });
});
