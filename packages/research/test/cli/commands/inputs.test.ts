/** Reading options of the research commands: --samples N per text, --encoding of the text files. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitText } from '../../stylometry/support.js';
import { habitFolders } from '../../support/fixtures.js';
import { textHost } from '../../support/text-host.js';

async function run(command: string, argv: string[]): Promise<{ code: number; err: string }> {
  const memory = memoryIo();
  const code = await RESEARCH_COMMANDS[command]!.run(argv, memory.io, textHost);
  return { code, err: memory.err() };
}

const json = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('--samples N', () => {
  const root = habitFolders('styler-samples-', [1, 2], 301);
  const authors = [join(root, 'alice'), join(root, 'bob')];

  it('cuts each text into N equal samples, named as stylo names them', async () => {
    const out = join(root, 'parts');
    const result = await run('corpus', [...authors, '--out', out, '--samples', '3', '--consensus-mfw', '5']);
    expect(result.code, result.err).toBe(0);
    const summary = json<{ documents: number; settings: { features: string } }>(join(out, 'summary.json'));
    expect(summary.documents).toBe(12);
    expect(summary.settings.features).toMatch(/; each text in 3 samples$/);
    const names = readFileSync(join(out, 'counts.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names.slice(0, 3)).toEqual(['alice/1.txt-1', 'alice/1.txt-2', 'alice/1.txt-3']);
    // 301 words in 3 samples: 100 words each, one left over.
    const totals = readFileSync(join(out, 'counts.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[2]));
    expect(new Set(totals)).toEqual(new Set([100]));
  });

  it('with --sample N:random, draws N random samples a text', async () => {
    const out = join(root, 'random');
    const result = await run('corpus', [...authors, '--out', out, '--sample', '50:random', '--samples', '4']);
    expect(result.code, result.err).toBe(0);
    const summary = json<{ documents: number; settings: { features: string } }>(join(out, 'summary.json'));
    expect(summary.documents).toBe(16);
    expect(summary.settings.features).toMatch(/; 4 samples of 50 words \(random\)$/);
  });

  it('refuses --samples beside a consecutive --sample, whose size already sets how many', async () => {
    await expect(run('corpus', [...authors, '--out', root, '--sample', '50', '--samples', '2'])).rejects.toThrow(
      /--samples with --sample N:consecutive/,
    );
    await expect(run('corpus', [...authors, '--out', root, '--samples', '0'])).rejects.toThrow(/--samples/);
  });
});

describe('--encoding', () => {
  const root = mkdtempSync(join(tmpdir(), 'styler-encoding-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // The same words in three encodings: café, naïve and “quotes” need more than ASCII.
  const text = (seed: number) => `${habitText('A', seed, 200)} café naïve déjà “quoted” `.repeat(2);
  const write = (folder: string, encode: (text: string) => Buffer) => {
    mkdirSync(join(root, folder));
    for (const seed of [1, 2]) writeFileSync(join(root, folder, `${seed}.txt`), encode(text(seed)));
  };
  write('latin', (t) => Buffer.from(t.replace(/[“”]/g, '"'), 'latin1'));
  write('windows', (t) => Buffer.from(t.replace(/“/g, '\x93').replace(/”/g, '\x94'), 'latin1'));
  write('utf16', (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]));
  mkdirSync(join(root, 'other'));
  for (const seed of [5, 6]) writeFileSync(join(root, 'other', `${seed}.txt`), habitText('B', seed, 400));

  it.each([
    ['latin', 'latin1'],
    ['windows', 'windows-1252'],
    ['utf16', 'utf-16le'],
  ])('reads %s files with --encoding %s', async (folder, encoding) => {
    const out = join(root, `out-${folder}`);
    const argv = [join(root, folder), join(root, 'other'), '--out', out, '--mfw', '400'];
    const result = await run('corpus', [...argv, '--encoding', encoding]);
    expect(result.code, result.err).toBe(0);
    const words = readFileSync(join(out, 'mfw.csv'), 'utf8');
    for (const word of ['café', 'naïve', 'déjà']) expect(words).toContain(`,${word},`);
    // Read as UTF-8 the same bytes give no café.
    expect((await run('corpus', [...argv, '--out', `${out}-utf8`])).code).toBe(0);
    expect(readFileSync(join(`${out}-utf8`, 'mfw.csv'), 'utf8')).not.toContain(',café,');
  });

  it('refuses a name TextDecoder does not know', async () => {
    await expect(run('oppose', [root, root, '--out', root, '--encoding', 'latin-9000'])).rejects.toThrow(
      /^--encoding latin-9000: not an encoding TextDecoder knows/,
    );
  });
});
