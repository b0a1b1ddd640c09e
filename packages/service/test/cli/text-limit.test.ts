/** `--max-chars` of fit and quality: an input over the limit ends the command at once, naming the limit and the flag. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '@styler-dev/cli-kit';
import { memoryIo as io } from '../../../../test-support/memory-io.js';
import { main } from '../../src/cli/main.js';
import { checkTextSize, MAX_CHARS_DEFAULTS, maxCharsOf } from '../../src/cli/text-limit.js';
import { darwin } from '../http/support/fixtures.js';

const OVER = /holds \d+ characters, over the limit of 200: split it, or raise the limit with --max-chars/;

describe('--max-chars', () => {
  let root: string;
  let letter: string;
  let short: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'styler-text-limit-'));
    letter = join(root, 'letter.txt');
    writeFileSync(letter, darwin(1));
    short = join(root, 'short.txt');
    writeFileSync(short, 'The results were reviewed. The team agreed on the plan.\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads the flag, or the default, and refuses what is not a positive integer', () => {
    const spec = { single: ['max-chars'] };
    expect(maxCharsOf(parseArgs([], spec), MAX_CHARS_DEFAULTS.fit)).toBe(10_000_000);
    expect(maxCharsOf(parseArgs(['--max-chars', '12'], spec), 5)).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'many']) {
      expect(() => maxCharsOf(parseArgs(['--max-chars', bad], spec), 5)).toThrow(
        /--max-chars must be a positive integer/,
      );
    }
    expect(() => checkTextSize('a.txt', 'x'.repeat(200), 200)).not.toThrow();
    expect(() => checkTextSize('a.txt', 'x'.repeat(201), 200)).toThrow(
      'a.txt holds 201 characters, over the limit of 200: split it, or raise the limit with --max-chars',
    );
  });

  it('ends styler fit before any fitting, and writes no model', async () => {
    const out = join(root, 'model.json');
    const run = io();
    expect(await main(['fit', letter, '--out', out, '--max-chars', '200'], run.io)).toBe(2);
    const err = run.err();
    expect(err).toMatch(OVER);
    expect(err).toContain('letter.txt');
    expect(() => rmSync(out)).toThrow(/ENOENT/);
  });

  it('ends styler quality for either text or a ground-truth document over the limit', async () => {
    const quality = async (personalized: string, truth: string): Promise<{ code: number; err: string }> => {
      const run = io();
      const args = ['--personalized', personalized, '--unpersonalized', short, '--ground-truth', truth];
      const code = await main(['quality', ...args, '--max-chars', '200'], run.io);
      return { code, err: run.err() };
    };
    const longText = await quality(letter, short);
    expect(longText.code).toBe(2);
    expect(longText.err).toMatch(OVER);
    const longTruth = await quality(short, letter);
    expect(longTruth.code).toBe(2);
    expect(longTruth.err).toMatch(OVER);
  });
});
