/**
 * `styler corpus --resume`: a run killed (SIGKILL, the real process) as a phase ends resumes, skips
 * the phases it had finished, and leaves every file byte for byte as an uninterrupted run does.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../support/run-command.js';

/** A research command in a process of its own (support/command-process.mjs), so that it can be killed. */
const COMMAND = fileURLToPath(new URL('../../support/command-process.mjs', import.meta.url));

/** Three authors and two unknown texts of a made-up vocabulary, each author favouring other words. */
function syntheticCorpus(): string {
  const root = mkdtempSync(join(tmpdir(), 'styler-resume-'));
  let seed = 7;
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const vocabulary = Array.from({ length: 120 }, (_, i) => `w${i.toString(36)}`);
  const author = (name: string, bias: number, texts: number): void => {
    mkdirSync(join(root, name));
    for (let t = 1; t <= texts; t += 1) {
      const words = Array.from({ length: 400 }, () => vocabulary[Math.floor(random() ** bias * vocabulary.length)]);
      writeFileSync(join(root, name, `text-${t}.txt`), `${words.join(' ')}.\n`);
    }
  };
  author('alice', 2, 4);
  author('bob', 3, 4);
  author('carol', 1.5, 4);
  author('unknown', 2.5, 2);
  return root;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs `styler corpus`; with `killAt`, kills it (SIGKILL) as soon as that text appears on its stderr. */
function corpus(args: string[], killAt?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMMAND, 'corpus', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (killAt !== undefined && stderr.includes(killAt)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Runs `styler corpus` in this process (support/run-command.ts). */
const inProcess = (args: string[]) => runCommand(['corpus', ...args]);

/** Every file of a folder, by name, as bytes. */
function contents(folder: string): Map<string, Buffer> {
  return new Map(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name))]),
  );
}

describe('styler corpus --resume', () => {
  const root = syntheticCorpus();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const inputs = ['alice', 'bob', 'carol'].map((name) => join(root, name));
  const args = (out: string): string[] => [...inputs, '--unknown', join(root, 'unknown'), '--out', out, '--mfw', '50'];
  const whole = join(root, 'whole');
  let wholeRun: Promise<Run> | undefined;

  // Each kill point: a line the run writes after the phases before it are recorded.
  it.each([
    ['counts and frequencies:', ['reference']],
    ['attribution:', ['reference', 'tables']],
    ['eder Delta:', ['reference', 'tables', 'attribution', 'pca', 'matrix delta-burrows.csv', 'tree', 'consensus']],
    [
      'cosine Delta:',
      [
        'reference',
        'tables',
        'attribution',
        'pca',
        'matrix delta-burrows.csv',
        'tree',
        'consensus',
        'matrix delta-eder.csv',
      ],
    ],
  ])(
    'killed at "%s", resumes to the same files byte for byte',
    async (killAt, skipped) => {
      wholeRun ??= corpus(args(whole));
      const full = await wholeRun;
      expect(full.code, full.stderr).toBe(0);

      const resumed = join(root, `resumed-${killAt.replace(/\W/g, '')}`);
      const killed = await corpus(args(resumed), killAt);
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const cut = JSON.parse(readFileSync(join(resumed, 'summary.json'), 'utf8')) as {
        phases: { done: string[]; complete: boolean };
      };
      expect(cut.phases.complete).toBe(false);
      expect(cut.phases.done.slice(0, skipped.length)).toEqual(skipped);

      const again = await corpus([...args(resumed), '--resume'], undefined);
      expect(again.code, again.stderr).toBe(0);
      for (const phase of cut.phases.done) {
        if (phase !== 'report') expect(again.stderr).toContain(`--resume: ${phase}: skipped`);
      }
      const expected = contents(whole);
      const actual = contents(resumed);
      expect([...actual.keys()]).toEqual([...expected.keys()]);
      for (const [name, bytes] of expected) expect(actual.get(name)!.equals(bytes), name).toBe(true);
    },
    60_000,
  );

  // Nothing is killed here: the runs go in this process.
  it('runs every phase again when an input changed, and when a finished file was altered', async () => {
    const out = join(root, 'changed');
    expect((await inProcess(args(out))).code).toBe(0);
    const tables = readFileSync(join(out, 'counts.csv'));
    writeFileSync(join(out, 'counts.csv'), Buffer.concat([tables, Buffer.from('\n')]));
    const altered = await inProcess([...args(out), '--resume']);
    expect(altered.code, altered.err).toBe(0);
    expect(altered.err).toContain('--resume: reference: skipped');
    expect(altered.err).not.toContain('--resume: tables: skipped');
    expect(altered.err).not.toContain('--resume: attribution: skipped');
    expect(readFileSync(join(out, 'counts.csv')).equals(tables)).toBe(true);

    const otherOptions = await inProcess([...args(out), '--mfw', '40', '--resume']);
    expect(otherOptions.code, otherOptions.err).toBe(0);
    expect(otherOptions.err).toContain('--resume: the options differ from the run in summary.json');
    expect(otherOptions.err).not.toContain('skipped');

    writeFileSync(join(root, 'alice', 'text-1.txt'), 'w0 w1 w2 w3 w4 w5 w6 w7 w8 w9.\n');
    const changed = await inProcess([...args(out), '--resume']);
    expect(changed.code, changed.err).toBe(0);
    expect(changed.err).toContain('the input files differ');
    expect(changed.err).not.toContain('skipped');
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
  }, 60_000);
});
