/** ResumePlan: which recorded phases a resumed run skips, in order, and when it stops skipping. */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseArgs } from '@styler-dev/cli-kit';
import { fileSha256, optionsSha256, phaseFiles, ResumePlan } from '../../../src/cli/stylometry/resume.js';

const digests = { inputs: 'i', options: 'o' };

async function recordedRun(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'styler-plan-'));
  onTestFinished(() => rmSync(out, { recursive: true, force: true }));
  writeFileSync(join(out, 'a.csv'), 'a\n');
  writeFileSync(join(out, 'b.csv'), 'b\n');
  const phases = [
    { phase: 'first', files: await phaseFiles(out, ['a.csv']) },
    { phase: 'second', files: await phaseFiles(out, ['b.csv']) },
    { phase: 'third', files: {} },
  ];
  writeFileSync(
    join(out, 'summary.json'),
    JSON.stringify({ resume: { inputs_sha256: 'i', options_sha256: 'o', phases } }),
  );
  return out;
}

describe('ResumePlan', () => {
  it('skips the recorded phases asked in their order', async () => {
    const plan = await ResumePlan.open(await recordedRun(), digests, () => {});
    expect([await plan.skips('first'), await plan.skips('second'), await plan.skips('third')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await plan.skips('fourth')).toBe(false);
  });

  it('stops at a changed file, and skips nothing after it', async () => {
    const out = await recordedRun();
    writeFileSync(join(out, 'a.csv'), 'changed\n');
    const plan = await ResumePlan.open(out, digests, () => {});
    expect(await plan.skips('first')).toBe(false);
    expect(await plan.skips('second')).toBe(false);
  });

  it('stops at a phase out of order', async () => {
    const plan = await ResumePlan.open(await recordedRun(), digests, () => {});
    expect(await plan.skips('second')).toBe(false);
    expect(await plan.skips('first')).toBe(false);
  });

  it('skips nothing, saying why, for other inputs or options, or no record', async () => {
    const reasons: string[] = [];
    const out = await recordedRun();
    for (const other of [
      { inputs: 'x', options: 'o' },
      { inputs: 'i', options: 'x' },
    ]) {
      expect(await (await ResumePlan.open(out, other, (why) => reasons.push(why))).skips('first')).toBe(false);
    }
    const empty = mkdtempSync(join(tmpdir(), 'styler-plan-'));
    onTestFinished(() => rmSync(empty, { recursive: true, force: true }));
    expect(await (await ResumePlan.open(empty, digests, (why) => reasons.push(why))).skips('first')).toBe(false);
    writeFileSync(join(empty, 'summary.json'), '{}');
    expect(await (await ResumePlan.open(empty, digests, (why) => reasons.push(why))).skips('first')).toBe(false);
    expect(reasons.map((reason) => reason.split(';')[0])).toEqual([
      '--resume: the input files differ from the run in summary.json',
      '--resume: the options differ from the run in summary.json',
      `--resume: no summary.json in ${empty} to resume from`,
      `--resume: the summary.json in ${empty} has no record to resume from`,
    ]);
  });
});

describe('optionsSha256', () => {
  const spec = { single: ['out', 'threads', 'mfw'], boolean: ['resume'] };
  it('leaves out what only steers the run, and sees the rest in any order', () => {
    const digest = optionsSha256(parseArgs(['a', '--mfw', '5', '--out', 'x'], spec));
    expect(optionsSha256(parseArgs(['--out', 'y', '--threads', '2', '--resume', '--mfw', '5', 'a'], spec))).toBe(
      digest,
    );
    expect(optionsSha256(parseArgs(['a', '--mfw', '6', '--out', 'x'], spec))).not.toBe(digest);
    expect(optionsSha256(parseArgs(['b', '--mfw', '5', '--out', 'x'], spec))).not.toBe(digest);
  });
});

describe('fileSha256', () => {
  it('is the SHA-256 of the bytes, for a file read whole and for one streamed past 8 MB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'styler-sha-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    for (const [name, bytes] of [
      ['small.txt', Buffer.from('Dear Cassandra,\n')],
      ['large.txt', Buffer.alloc(9 * 1024 * 1024 + 7, 'ab’c')],
      ['empty.txt', Buffer.alloc(0)],
    ] as const) {
      writeFileSync(join(dir, name), bytes);
      const expected = createHash('sha256').update(bytes).digest('hex');
      expect(await fileSha256(join(dir, name))).toBe(expected);
      expect(await fileSha256(join(dir, name), bytes.length)).toBe(expected);
    }
  });
});
