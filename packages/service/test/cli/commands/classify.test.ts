import { describe, expect, it } from 'vitest';
import { runJsonlCommand } from '../../../../../test-support/jsonl-command.js';
import { runClassifyJsonl } from '../../../src/cli/commands/classify.js';

const run = (input: string) => runJsonlCommand(runClassifyJsonl, input);

describe('runClassifyJsonl', () => {
  it('classifies each line as one sentence, in order, and exits 0', async () => {
    const input = [
      { id: 'a', text: 'The letter was written by John.' },
      { id: 2, text: 'I came. I saw.' },
      { id: null, text: 'Thanks!' },
    ]
      .map((record) => JSON.stringify(record))
      .join('\r\n');
    const result = await run(`\uFEFF${input}\n\n`);
    expect(result.exitCode).toBe(0);
    expect(result.errors).toBe('');
    expect(result.records).toEqual([
      { id: 'a', structure: 'simple', voice: 'passive' },
      { id: 2, structure: 'compound', voice: 'active' },
      { id: null, structure: 'fragment/unknown', voice: 'active' },
    ]);
  });

  it('reports malformed lines by number, keeps going, and exits 1', async () => {
    const input = [
      JSON.stringify({ id: 1, text: 'I think that he left.' }),
      '{not json',
      JSON.stringify({ id: 3, text: 7 }),
      '["a list"]',
      '',
      JSON.stringify({ id: 6, text: 'Sounds good.' }),
    ].join('\n');
    const result = await run(input);
    expect(result.exitCode).toBe(1);
    expect(result.records).toEqual([
      { id: 1, structure: 'complex', voice: 'active' },
      { id: 6, structure: 'simple', voice: 'active' },
    ]);
    const errorLines = result.errors.trim().split('\n');
    expect(errorLines).toHaveLength(3);
    expect(errorLines[0]).toMatch(/^classify: line 2: not valid JSON/);
    expect(errorLines[1]).toBe('classify: line 3: "text" must be a string');
    expect(errorLines[2]).toMatch(/^classify: line 4: expected a JSON object/);
  });

  it('gives a missing id as null', async () => {
    const result = await run(`${JSON.stringify({ text: 'Be careful.' })}\n`);
    expect(result.records).toEqual([{ id: null, structure: 'simple', voice: 'active' }]);
  });
});
