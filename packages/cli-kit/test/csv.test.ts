/** CSV files written row by row, under .partial until whole. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CsvFile, csvText, writeCsv } from '../src/csv.js';

const dir = mkdtempSync(join(tmpdir(), 'styler-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CSV files', () => {
  it('writes what csvText writes, from rows made one at a time', async () => {
    const rows: Array<Array<string | number | null>> = [
      ['a,b', 1.5, null],
      ['say "hi"', -0, 1e-12],
      ['two\nlines', Number.NaN, 'x'],
    ];
    const path = join(dir, 'table.csv');
    await writeCsv(
      path,
      ['name', 'value', 'other'],
      (function* () {
        yield* rows;
      })(),
    );
    expect(readFileSync(path, 'utf8')).toBe(csvText(['name', 'value', 'other'], rows));
  });

  it('holds a table larger than one string could, row by row (no .partial once closed)', async () => {
    const path = join(dir, 'wide.csv');
    const csv = await CsvFile.create(path, ['i', 'x']);
    for (let i = 0; i < 100_000; i += 1) {
      const full = csv.row([i, i / 7]);
      if (full !== undefined) await full;
    }
    expect(readdirSync(dir)).toContain('wide.csv.partial');
    await csv.close();
    expect(readdirSync(dir)).not.toContain('wide.csv.partial');
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[7]).toBe(`6,${6 / 7}`);
  });

  it('leaves no file when aborted', async () => {
    const csv = await CsvFile.create(join(dir, 'cut.csv'), ['a']);
    await csv.row([1]);
    await csv.abort();
    expect(readdirSync(dir).filter((file) => file.startsWith('cut.csv'))).toEqual([]);
  });
});
