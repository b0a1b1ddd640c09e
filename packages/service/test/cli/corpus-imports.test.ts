/**
 * What `styler corpus` loads on a small corpus of plain text: loading modules is much of such a
 * run, so it must not load what it does not use (TypeBox's schemas, the worker pool, the .docx
 * reader, the engine). Run as a user runs it, the bin under Node, with a hook that lists every
 * module loaded.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../http/support/fixtures.js';

const BIN = fileURLToPath(new URL('../../bin/styler.js', import.meta.url));

/** A module that writes the URL of every module loaded, one a line, to the file LOADED_MODULES names, at exit. */
const LIST_HOOK = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES, [...loaded].join('\\n')));
`;

describe('styler corpus on a small corpus', () => {
  const root = mkdtempSync(join(tmpdir(), 'styler-corpus-imports-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('loads no TypeBox, worker pool, .docx reader or engine', async () => {
    const hook = join(root, 'list-modules.mjs');
    writeFileSync(hook, LIST_HOOK);
    for (const author of ['darwin', 'assistant']) mkdirSync(join(root, author));
    [1, 2, 3].forEach((n) => writeFileSync(join(root, 'darwin', `${n}.txt`), fixture(`darwin-0${n}.txt`)));
    [1, 2].forEach((n) => writeFileSync(join(root, 'assistant', `${n}.txt`), fixture(`ai-input-0${n}.txt`)));
    const listed = join(root, 'loaded.txt');
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          '--import',
          pathToFileURL(hook).href,
          BIN,
          'corpus',
          join(root, 'darwin'),
          join(root, 'assistant'),
          '--out',
          join(root, 'out'),
          '--mfw',
          '50',
        ],
        { env: { ...process.env, LOADED_MODULES: listed }, timeout: 120_000 },
        (error, _stdout, text) => (error ? reject(new Error(`${error.message}\n${text}`)) : resolve(text)),
      );
    });
    const loaded = readFileSync(listed, 'utf8').split('\n');
    // The figures need vega: the list is the run's.
    expect(
      loaded.some((url) => url.includes('/node_modules/vega/')),
      stderr,
    ).toBe(true);
    for (const unused of ['/@sinclair/typebox/', '/piscina/', '/yauzl/', '/analytics/dist/pool/', '/engine/dist/']) {
      expect(
        loaded.filter((url) => url.includes(unused)),
        unused,
      ).toEqual([]);
    }
  }, 120_000);
});
