/**
 * `styler corpus` on awkward inputs: the README's layout (a folder per author, files 01.txt…), empty
 * and wordless files, links (followed to files, loops skipped), entries that cannot be read.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished, describe, expect, it } from 'vitest';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { runCommandWith } from '../../support/run-command.js';
import { darwin, fixture } from '../../support/fixtures.js';

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

/** Two authors laid out as the README says: corpus/<author>/01.txt, 02.txt… */
function readmeCorpus(): string {
  const root = mkdtempSync(join(tmpdir(), 'styler-inputs-'));
  const ai = [...paragraphs(fixture('ai-input-01.txt')), ...paragraphs(fixture('ai-input-02.txt'))];
  mkdirSync(join(root, 'darwin'));
  mkdirSync(join(root, 'assistant'));
  for (let i = 1; i <= 4; i += 1) {
    writeFileSync(join(root, 'darwin', `0${i}.txt`), darwin(i));
    writeFileSync(join(root, 'assistant', `0${i}.txt`), ai[i - 1]!);
  }
  return root;
}

interface Summary {
  documents: number;
  consensus: { clades: Array<{ documents: string[] }> } | null;
}

const run = async (argv: string[]) => {
  const memory = io();
  const code = await runCommandWith(['corpus', ...argv, '--mfw', '40', '--threads', '1'], memory.io);
  return { code, err: memory.err(), out: memory.out() };
};

describe('styler corpus inputs', () => {
  it('names documents author/file, so files called 01.txt in every folder stay apart', async () => {
    const root = readmeCorpus();
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const out = join(root, 'out');
    const { code, err } = await run([join(root, 'darwin'), join(root, 'assistant'), '--out', out]);
    expect(code, err).toBe(0);
    const header = readFileSync(join(out, 'delta-burrows.csv'), 'utf8').split('\n')[0]!.split(',').slice(1);
    expect(header).toEqual(
      [1, 2, 3, 4].map((i) => `darwin/0${i}.txt`).concat([1, 2, 3, 4].map((i) => `assistant/0${i}.txt`)),
    );
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('darwin/01.txt');
    expect(report).toContain('assistant/01.txt');
  });

  it('leaves out empty and wordless files with a message each, and follows links to files', async () => {
    const root = readmeCorpus();
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(join(root, 'darwin', '05.txt'), '');
    writeFileSync(join(root, 'assistant', '05.txt'), '… — !? 123\n');
    symlinkSync(join(root, 'darwin', '01.txt'), join(root, 'darwin', '06.txt'));
    const out = join(root, 'out');
    const { code, err } = await run([join(root, 'darwin'), join(root, 'assistant'), '--out', out]);
    expect(code, err).toBe(0);
    expect(err).toContain(`${join(root, 'darwin', '05.txt')}: left out, no words to count`);
    expect(err).toContain(`${join(root, 'assistant', '05.txt')}: left out, no words to count`);
    const header = readFileSync(join(out, 'delta-burrows.csv'), 'utf8').split('\n')[0]!;
    expect(header).toContain('darwin/06.txt');
    expect(header).not.toContain('05.txt');
  });

  it('skips links to nothing, FIFOs and folder loops with a message, and goes on', async () => {
    const root = readmeCorpus();
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    symlinkSync(join(root, 'nowhere.txt'), join(root, 'darwin', 'dangling.txt'));
    execFileSync('mkfifo', [join(root, 'assistant', 'pipe.txt')]);
    symlinkSync(join(root, 'darwin'), join(root, 'darwin', 'loop'));
    const out = join(root, 'out');
    const { code, err } = await run([join(root, 'darwin'), join(root, 'assistant'), '--out', out]);
    expect(code, err).toBe(0);
    expect(err).toContain(`${join(root, 'darwin', 'dangling.txt')}: skipped, a link to nothing`);
    expect(err).toContain(`${join(root, 'assistant', 'pipe.txt')}: skipped, not a regular file`);
    expect(err).toContain(`${join(root, 'darwin', 'loop')}: skipped, a link back to a folder already read`);
    expect((JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary).documents).toBe(8);
  });

  it('leaves out a listed file that cannot be read, or stops with the list of them under --strict', async () => {
    const root = readmeCorpus();
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const list = join(root, 'list.tsv');
    const listed = [1, 2, 3, 4].flatMap((i) => [`darwin/0${i}.txt\tdarwin`, `assistant/0${i}.txt\tassistant`]);
    writeFileSync(list, [...listed, 'darwin/missing.txt\tdarwin', ''].join('\n'));
    const going = await run(['--list', list, '--out', join(root, 'out')]);
    expect(going.code, going.err).toBe(0);
    expect(going.err).toContain(`cannot read ${join(root, 'darwin', 'missing.txt')}: ENOENT: left out`);
    writeFileSync(join(root, 'darwin', 'empty.txt'), '');
    writeFileSync(list, [...listed, 'darwin/missing.txt\tdarwin', 'darwin/empty.txt\tdarwin', ''].join('\n'));
    const stopped = await run(['--list', list, '--out', join(root, 'strict'), '--strict']);
    expect(stopped.code).not.toBe(0);
    expect(stopped.err).toMatch(/--strict: 2 files could not be used/);
    expect(stopped.err).toContain('missing.txt');
    expect(stopped.err).toContain('empty.txt: left out, no words to count');
  });

  it.skipIf(process.getuid?.() === 0)('leaves out a file it has no permission to read', async () => {
    const root = readmeCorpus();
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(join(root, 'darwin', '05.txt'), darwin(5));
    chmodSync(join(root, 'darwin', '05.txt'), 0o000);
    const { code, err } = await run([join(root, 'darwin'), join(root, 'assistant'), '--out', join(root, 'out')]);
    expect(code, err).toBe(0);
    expect(err).toContain(`cannot read ${join(root, 'darwin', '05.txt')}: EACCES: left out`);
  });
});
