/** JSON files written piece by piece, as JSON.stringify(value, null, 2) writes them. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonArray, jsonText, writeJsonFile } from '../../src/cli/json-file.js';

const dir = mkdtempSync(join(tmpdir(), 'styler-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  it('writes lazy arrays, inside objects or holding any JSON, as JSON.stringify writes the arrays made', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const lazy = { a: jsonArray(() => [value, value]), b: { c: jsonArray(() => [value]), d: value }, e: value };
        const made = { a: [value, value], b: { c: [value], d: value }, e: value };
        expect(jsonText(lazy)).toBe(`${JSON.stringify(made, null, 2)}\n`);
      }),
      { numRuns: 200 },
    );
    // Past the values written whole, and a toJSON inside a lazy array's entry.
    const large = Array.from({ length: 25_000 }, (_, i) => ({ i, when: i % 5_000 === 0 ? new Date(i) : null }));
    expect(jsonText({ rows: jsonArray(() => large), large })).toBe(
      `${JSON.stringify({ rows: large, large }, null, 2)}\n`,
    );
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
