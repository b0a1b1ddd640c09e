/** `styler restyle` never replaces a file without --force (an input above all), and refuses empty or oversized inputs. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitStyle } from '@styler-dev/engine';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { darwin } from '../../http/support/fixtures.js';

const INPUT = 'It is important to note that the results were reviewed. Furthermore, the team agreed on the plan.\n';

describe('styler restyle and existing files', () => {
  let root: string;
  let modelPath: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'styler-restyle-outputs-'));
    modelPath = join(root, 'model.json');
    writeFileSync(modelPath, JSON.stringify(fitStyle([1, 2, 3, 4].map(darwin))));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh folder holding `input.txt`. */
  function inputFolder(name: string, text = INPUT): string {
    const folder = join(root, name);
    mkdirSync(folder);
    writeFileSync(join(folder, 'input.txt'), text);
    return folder;
  }

  async function restyle(args: string[]): Promise<{ code: number; err: string }> {
    const run = io();
    const code = await main(['restyle', '--model', modelPath, '--threads', '1', ...args], run.io);
    return { code, err: run.err() };
  }

  it("refuses --out naming the input's own folder, and leaves the input as it was", async () => {
    const folder = inputFolder('same');
    const { code, err } = await restyle([join(folder, 'input.txt'), '--out', folder]);
    expect(code).toBe(2);
    expect(err).toMatch(/input\.txt is an input: choose another --out \(or pass --force/);
    expect(readFileSync(join(folder, 'input.txt'), 'utf8')).toBe(INPUT);
  });

  it('refuses an output that exists, and overwrites it with --force', async () => {
    const folder = inputFolder('existing');
    const out = join(root, 'existing-out');
    mkdirSync(out);
    writeFileSync(join(out, 'input.txt'), 'an earlier result');
    const refused = await restyle([join(folder, 'input.txt'), '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/exists: choose another --out, or pass --force to overwrite it/);
    expect(readFileSync(join(out, 'input.txt'), 'utf8')).toBe('an earlier result');
    const forced = await restyle([join(folder, 'input.txt'), '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(out, 'input.txt'), 'utf8')).not.toBe('an earlier result');
  }, 60_000);

  it('refuses an empty input with exit 2, as fit and uploads do', async () => {
    const folder = inputFolder('empty', '  \n');
    const { code, err } = await restyle([join(folder, 'input.txt'), '--out', join(root, 'empty-out')]);
    expect(code).toBe(2);
    expect(err).toMatch(/is empty: there is nothing to restyle/);
  });

  it('refuses an input over --max-chars, naming the limit and the flag', async () => {
    const folder = inputFolder('large');
    const { code, err } = await restyle([
      join(folder, 'input.txt'),
      '--out',
      join(root, 'large-out'),
      '--max-chars',
      '50',
    ]);
    expect(code).toBe(2);
    expect(err).toMatch(/holds \d+ characters, over the limit of 50: split it, or raise the limit with --max-chars/);
  });

  it('refuses a text file over --max-chars before restyling any other', async () => {
    const folder = inputFolder('mixed', 'The plan was agreed.\n');
    writeFileSync(join(folder, 'long.txt'), INPUT.repeat(4));
    const out = join(root, 'mixed-out');
    const { code, err } = await restyle([folder, '--out', out, '--max-chars', '200']);
    expect(code).toBe(2);
    expect(err).toMatch(/long\.txt holds \d+ characters, over the limit of 200/);
    expect(existsSync(out)).toBe(false);
  });
});
