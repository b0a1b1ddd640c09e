import { describe, expect, it } from 'vitest';
import { runJsonlCommand } from '../../../../../test-support/jsonl-command.js';
import { rouge } from '@styler-dev/analytics';
import { runRougeJsonl } from '../../../src/cli/commands/rouge.js';

const run = async (input: string) => {
  const { exitCode, records, errors } = await runJsonlCommand(runRougeJsonl, input);
  return { exitCode, lines: records, errors };
};

describe('runRougeJsonl', () => {
  it('scores every line with all four types, honouring use_stemmer', async () => {
    const input = [
      { id: 'a', target: 'The cats are running', prediction: 'A cat runs', use_stemmer: true },
      { id: 7, target: 'The cats are running', prediction: 'A cat runs' },
    ]
      .map((record) => JSON.stringify(record))
      .join('\r\n');
    const result = await run(`${input}\n`);
    expect(result.exitCode).toBe(0);
    expect(result.errors).toBe('');
    expect(result.lines).toEqual([
      { id: 'a', scores: rouge('The cats are running', 'A cat runs', { useStemmer: true }) },
      { id: 7, scores: rouge('The cats are running', 'A cat runs', { useStemmer: false }) },
    ]);
  });

  it('reports a malformed line by number, keeps going, and exits 1', async () => {
    const input = [
      JSON.stringify({ id: 1, target: 'a b', prediction: 'a' }),
      '{not json',
      '',
      JSON.stringify({ id: 3, target: 5, prediction: 'a' }),
      JSON.stringify({ id: 4, target: 'a', prediction: 'a', use_stemmer: 'yes' }),
      '[1, 2]',
      JSON.stringify({ id: 5, target: 'x y', prediction: 'x y' }),
    ].join('\n');
    const result = await run(input);
    expect(result.exitCode).toBe(1);
    expect(result.lines.map((line) => (line as { id: unknown }).id)).toEqual([1, 5]);
    const errorLines = result.errors.trim().split('\n');
    expect(errorLines).toHaveLength(4);
    expect(errorLines[0]).toMatch(/^rouge: line 2: not valid JSON/);
    expect(errorLines[1]).toBe('rouge: line 4: "target" must be a string');
    expect(errorLines[2]).toBe('rouge: line 5: "use_stemmer" must be true or false');
    expect(errorLines[3]).toMatch(/^rouge: line 6: expected a JSON object/);
  });

  it('keeps a U+2028 inside a JSON string on its line and defaults a missing id to null', async () => {
    const result = await run(`\uFEFF{"target": "one\u2028two", "prediction": "two"}\n`);
    expect(result.exitCode).toBe(0);
    expect(result.lines).toEqual([{ id: null, scores: rouge('one\u2028two', 'two') }]);
  });

  it('exits 0 with no output on empty input', async () => {
    expect(await run('')).toEqual({ exitCode: 0, lines: [], errors: '' });
  });
});
