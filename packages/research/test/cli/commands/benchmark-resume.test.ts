/**
 * `styler benchmark --resume` after a real SIGKILL: the rows written before the kill are kept, the
 * others evaluated, and every file ends byte for byte as an uninterrupted run's.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fixture } from '../../support/fixtures.js';

/** A research command in a process of its own (support/command-process.mjs), so that it can be killed. */
const COMMAND = fileURLToPath(new URL('../../support/command-process.mjs', import.meta.url));

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

/** Runs `styler benchmark`; with `killWhen`, kills it (SIGKILL) once that holds, checked every few ms. */
function benchmark(args: string[], killWhen?: () => boolean): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMMAND, 'benchmark', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const watch =
      killWhen === undefined
        ? undefined
        : setInterval(() => {
            if (killWhen()) child.kill('SIGKILL');
          }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ code, stderr });
    });
  });
}

describe('styler benchmark --resume after SIGKILL', () => {
  it('keeps the rows written before the kill and ends byte for byte as an uninterrupted run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-benchmark-resume-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const authors = join(root, 'authors');
    const letters = [1, 2, 3, 4, 5, 6, 7].map((n) => fixture(`darwin-0${n}.txt`));
    const posts = [...paragraphs(fixture('ai-input-01.txt')), ...paragraphs(fixture('ai-input-02.txt'))];
    mkdirSync(join(authors, 'darwin'), { recursive: true });
    mkdirSync(join(authors, 'assistant'));
    letters.slice(0, 3).forEach((text, i) => writeFileSync(join(authors, 'darwin', `${i}.txt`), text));
    posts.slice(0, 4).forEach((text, i) => writeFileSync(join(authors, 'assistant', `${i}.txt`), text));
    const rows = letters.slice(3).flatMap((letter, i) => [
      { id: `r${i}`, author: 'darwin', system: 'oracle', unpersonalized: posts[4 + i]!, personalized: letter },
      { id: `r${i}`, author: 'darwin', system: 'copy', unpersonalized: posts[4 + i]!, personalized: posts[4 + i]! },
    ]);
    const runs = join(root, 'runs.jsonl');
    writeFileSync(runs, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    // One thread: rows finish one by one, so the kill lands between two.
    // SVG only: each file is compared byte for byte below, and drawing the PNGs is most of the report's work.
    const args = (out: string) => [
      ...[runs, '--authors', authors, '--out', out],
      ...['--threads', '1', '--resamples', '200', '--figures', 'svg'],
    ];

    const whole = join(root, 'whole');
    const full = await benchmark(args(whole));
    expect(full.code, full.stderr).toBe(0);

    const resumed = join(root, 'resumed');
    const rowsFile = join(resumed, 'rows.jsonl');
    const killed = await benchmark(args(resumed), () => existsSync(rowsFile) && statSync(rowsFile).size > 0);
    expect(killed.code).toBeNull();
    const kept = readFileSync(rowsFile, 'utf8');
    expect(existsSync(join(resumed, 'summary.json'))).toBe(false);

    const again = await benchmark([...args(resumed), '--resume']);
    expect(again.code, again.stderr).toBe(0);
    const skipped = kept.split('\n').filter((line) => line.endsWith('}')).length;
    // Killed between rows: some written, not all.
    expect(skipped).toBeGreaterThan(0);
    expect(skipped).toBeLessThan(rows.length);
    expect(again.stderr).toContain(`--resume: ${skipped} row`);
    expect(readFileSync(rowsFile, 'utf8').startsWith(kept.slice(0, kept.lastIndexOf('\n') + 1))).toBe(true);
    const files = readdirSync(whole).sort();
    expect(readdirSync(resumed).sort()).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(resumed, file)).equals(readFileSync(join(whole, file))), file).toBe(true);
    }
  }, 120_000);
});
