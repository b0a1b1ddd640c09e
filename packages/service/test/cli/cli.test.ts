import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo as io } from '../../../../test-support/memory-io.js';
import { buildDocx } from '../http/support/zip.js';
import { main } from '../../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'styler-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'p.txt'), 'I ran home. It was late, and I was tired.');
writeFileSync(join(dir, 'u.txt'), 'The home was reached by me at a late hour.');
mkdirSync(join(dir, 'truth'));
writeFileSync(join(dir, 'truth', 'a.txt'), 'We walked. The sky was grey; we did not mind.');
writeFileSync(join(dir, 'truth', 'b.md'), '# Title\n\nShe wrote to me because she was lonely.');
writeFileSync(join(dir, 'truth', 'skip.json'), '{}');
writeFileSync(join(dir, 'bad.txt'), Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3]));

describe('styler CLI', () => {
  it('quality prints the analytics JSON', async () => {
    const t = io();
    const code = await main(
      [
        'quality',
        '--personalized',
        join(dir, 'p.txt'),
        '--unpersonalized',
        join(dir, 'u.txt'),
        '--ground-truth',
        join(dir, 'truth'),
        '--rouge',
      ],
      t.io,
    );
    expect(t.err()).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(t.out());
    expect(json.rouge.rouge1.personalized.fmeasure).toBeGreaterThan(0);
    expect(json.readability.flesch_reading_ease.ground_truth).not.toBe(0);
  });

  it('analyze prints one CSV row per document and JSON on request', async () => {
    const csv = io();
    expect(await main(['analyze', join(dir, 'truth'), '--threads', '1'], csv.io)).toBe(0);
    const lines = csv.out().trim().split('\n');
    expect(lines[0]).toMatch(/^document,sentences,words,/);
    expect(lines).toHaveLength(3);
    const json = io();
    expect(await main(['analyze', join(dir, 'p.txt'), '--format', 'json', '--threads', '1'], json.io)).toBe(0);
    const rows = JSON.parse(json.out());
    expect(rows[0]).toMatchObject({ sentences: 2, words: 10 });
  });

  it('reads .docx documents as the service does, and UTF-16 text with its byte-order mark', async () => {
    writeFileSync(
      join(dir, 'letter.docx'),
      buildDocx([{ text: 'The voyage was long. We saw whales near the coast.' }]),
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('It rained all day. We stayed in.', 'utf16le'),
    ]);
    writeFileSync(join(dir, 'rain.txt'), utf16);
    const out = io();
    expect(
      await main(
        ['analyze', join(dir, 'letter.docx'), join(dir, 'rain.txt'), '--format', 'json', '--threads', '1'],
        out.io,
      ),
    ).toBe(0);
    expect(JSON.parse(out.out()).map((row: { sentences: number }) => row.sentences)).toEqual([2, 2]);
    writeFileSync(join(dir, 'broken.docx'), buildDocx([{ text: 'hello there world' }]).subarray(0, 200));
    const broken = io();
    expect(await main(['analyze', join(dir, 'broken.docx'), '--threads', '1'], broken.io)).toBe(2);
    expect(broken.err()).toMatch(/broken\.docx: The \.docx file is corrupt/);
  });

  it('reports missing files, bad UTF-8 and wrong usage with exit code 2', async () => {
    const missing = io();
    expect(await main(['analyze', join(dir, 'nope.txt')], missing.io)).toBe(2);
    expect(missing.err()).toMatch(/no such file or directory: .*nope\.txt/);
    const bad = io();
    expect(await main(['analyze', join(dir, 'bad.txt'), '--threads', '1'], bad.io)).toBe(2);
    expect(bad.err()).toMatch(/bad\.txt: The \.txt file is /);
    const usage = io();
    expect(await main(['quality', '--personalized', join(dir, 'p.txt')], usage.io)).toBe(2);
    expect(usage.err()).toMatch(/usage/);
    const unknown = io();
    expect(await main(['frobnicate'], unknown.io)).toBe(2);
    expect(await main(['analyze', '--format', 'xml', dir], io().io)).toBe(2);
  });

  it('serve stops with a clear message and a non-zero exit when the database cannot be reached', async () => {
    const before = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://styler:secret@127.0.0.1:9/styler';
    try {
      const down = io();
      expect(await main(['serve', '--port', '0', '--host', '127.0.0.1'], down.io)).toBe(2);
      const message = down.err();
      expect(message).toMatch(
        /cannot reach the database at DATABASE_URL \(postgres:\/\/styler@127\.0\.0\.1:9\/styler\)/,
      );
      expect(message).not.toContain('secret');
    } finally {
      if (before === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = before;
    }
  });

  it('serve refuses an unknown --role', async () => {
    const wrong = io();
    expect(await main(['serve', '--role', 'boss'], wrong.io)).toBe(2);
    expect(wrong.err()).toMatch(/--role must be all, api or worker/);
  });

  it('rouge --jsonl and classify --jsonl answer line by line', async () => {
    const r = io('{"id":"a","target":"the cat sat","prediction":"the cat sat","use_stemmer":true}\n');
    expect(await main(['rouge', '--jsonl'], r.io)).toBe(0);
    expect(JSON.parse(r.out().trim()).scores.rouge1.fmeasure).toBe(1);
    const c = io('{"id":"s1","text":"The cake was eaten by the dog."}\n');
    expect(await main(['classify', '--jsonl'], c.io)).toBe(0);
    expect(JSON.parse(c.out().trim())).toEqual({ id: 's1', structure: 'simple', voice: 'passive' });
  });
});
