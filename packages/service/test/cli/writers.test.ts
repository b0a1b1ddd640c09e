/** The streamed writers: CSV and JSON files written piece by piece, under .partial until whole; progress lines. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvFile, csvText, writeCsv } from '../../src/cli/csv.js';
import { jsonArray, jsonText, writeJsonFile } from '../../src/cli/json-file.js';
import { createProgress } from '../../src/cli/progress.js';

const dir = mkdtempSync(join(tmpdir(), 'styler-writers-'));

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

describe('JSON files', () => {
  it('writes what JSON.stringify(value, null, 2) writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonText(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
    const odd = { a: undefined, b: [undefined, () => 1], c: new Date(0), d: Number.POSITIVE_INFINITY, e: {} };
    expect(jsonText(odd)).toBe(`${JSON.stringify(odd, null, 2)}\n`);
  });

  it('makes lazy arrays as it writes them', async () => {
    const path = join(dir, 'summary.json');
    let made = 0;
    await writeJsonFile(path, {
      rows: jsonArray(function* () {
        for (let i = 0; i < 3; i += 1) {
          made += 1;
          yield { i };
        }
      }),
      none: jsonArray(() => []),
    });
    expect(made).toBe(3);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ rows: [{ i: 0 }, { i: 1 }, { i: 2 }], none: [] });
  });
});

describe('progress', () => {
  it('prints a line per phase off a terminal: done, rate or percent, and the time left', () => {
    const stream = new PassThrough();
    let now = 0;
    const progress = createProgress(stream, 200, 'pairs', { lines: true, percent: true, now: () => now });
    now = 5_000;
    progress.advance(100);
    now = 11_000;
    progress.advance(10);
    now = 12_000;
    progress.advance(500);
    progress.done();
    const lines = String(stream.read()).trim().split('\n');
    expect(lines).toEqual(['pairs: 55.0 %, 11s so far, 9s left', 'pairs: 100.0 %, 12s so far, 0s left']);
    const counted = new PassThrough();
    let clock = 0;
    const items = createProgress(counted, 4, 'reading', { lines: true, now: () => clock });
    clock = 2_000;
    for (let i = 0; i < 4; i += 1) items.tick();
    expect(String(counted.read())).toBe('reading: 4/4, 2.0/s, 0s left\n');
  });
});
