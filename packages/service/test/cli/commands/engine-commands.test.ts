/** `styler fit`, `styler restyle` and `styler describe`: the embedded engine offline, as a baseline system. */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStyle, restyle, type StyleModel } from '@styler-dev/engine';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { fixture } from '../../http/support/fixtures.js';

describe('styler fit, restyle and describe', () => {
  const root = mkdtempSync(join(tmpdir(), 'styler-engine-cli-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'samples'));
  mkdirSync(join(root, 'inputs'));
  [1, 2, 3, 4].forEach((n) => writeFileSync(join(root, 'samples', `letter-${n}.txt`), fixture(`darwin-0${n}.txt`)));
  writeFileSync(join(root, 'inputs', 'one.txt'), fixture('ai-input-01.txt'));
  writeFileSync(join(root, 'inputs', 'two.md'), fixture('ai-input-02.txt'));
  const modelPath = join(root, 'model.json');

  it('names a missing --out, and counts one file as one', async () => {
    const missing = io();
    expect(await main(['fit', join(root, 'samples')], missing.io)).toBe(2);
    expect(missing.err()).toMatch(/--out is missing\nusage: styler fit/);
    const one = io();
    const onePath = join(root, 'one-file.json');
    expect(await main(['fit', join(root, 'samples', 'letter-1.txt'), '--out', onePath], one.io)).toBe(0);
    expect(one.out()).toMatch(/Fitted a style model on 1 document from 1 file: /);
  });

  it('fits a model, restyles files with it as the library does, and describes it', async () => {
    const fit = io();
    expect(await main(['fit', join(root, 'samples'), '--out', modelPath], fit.io)).toBe(0);
    expect(fit.out()).toMatch(/Fitted a style model on 4 documents from 4 files/);
    const model = JSON.parse(readFileSync(modelPath, 'utf8')) as StyleModel;
    expect(model.version).toBe(1);
    expect(model.matchOutputLength).toBe(true);

    const out = join(root, 'styled');
    const run = io();
    expect(
      await main(['restyle', '--model', modelPath, join(root, 'inputs'), '--out', out, '--threads', '1'], run.io),
    ).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['one.txt', 'two.md']);
    // On the pool, the same text as the library's restyle on this thread.
    expect(readFileSync(join(out, 'one.txt'), 'utf8')).toBe(restyle(fixture('ai-input-01.txt'), model));

    const described = io();
    expect(await main(['describe', modelPath, '--json'], described.io)).toBe(0);
    expect(JSON.parse(described.out())).toEqual(JSON.parse(JSON.stringify(describeStyle(model))));
  });

  it('says what is wrong with a bad model file or bad usage', async () => {
    writeFileSync(join(root, 'not-json.json'), 'hello');
    writeFileSync(join(root, 'not-model.json'), '{"version": 2}');
    const notJson = io();
    expect(await main(['describe', join(root, 'not-json.json')], notJson.io)).toBe(2);
    expect(notJson.err()).toMatch(/is not JSON/);
    const notModel = io();
    expect(await main(['describe', join(root, 'not-model.json')], notModel.io)).toBe(2);
    expect(notModel.err()).toMatch(/is not a style model: model\.version must be 1/);
    const usage = io();
    expect(await main(['restyle', join(root, 'inputs')], usage.io)).toBe(2);
    expect(usage.err()).toMatch(/usage: styler restyle/);
    const noOut = io();
    expect(await main(['fit', join(root, 'samples')], noOut.io)).toBe(2);
  });
});
