/** `styler oppose --zeta`: stylo's three methods from the command line, with their word lists written. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitText } from '../../stylometry/support.js';
import { textHost } from '../../support/text-host.js';

function groups(): string {
  const root = mkdtempSync(join(tmpdir(), 'styler-oppose-'));
  for (const [group, habit] of [
    ['alice', 'A'],
    ['bob', 'B'],
  ] as const) {
    mkdirSync(join(root, group));
    for (const seed of [1, 2, 3]) writeFileSync(join(root, group, `${seed}.txt`), habitText(habit, seed, 400));
  }
  return root;
}

describe('styler oppose --zeta', () => {
  const root = groups();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = async (argv: string[]) => {
    const memory = memoryIo();
    const code = await RESEARCH_COMMANDS.oppose!.run(argv, memory.io, textHost);
    return { code, err: memory.err() };
  };

  it.each(['craig', 'eder', 'chisquare'])('%s: scores, word lists and the method in summary.json', async (method) => {
    const out = join(root, method);
    const result = await run([join(root, 'alice'), join(root, 'bob'), '--out', out, '--slice', '20', '--zeta', method]);
    expect(result.code, result.err).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      settings: { zeta: string };
      preferred: Array<{ word: string; score: number; p?: number }>;
      avoided: Array<{ word: string }>;
      files: string[];
    };
    expect(summary.settings.zeta).toBe(method);
    expect(summary.files).toEqual(expect.arrayContaining(['words-avoided.txt', 'words-preferred.txt']));
    // Alice's habit is "the … of", Bob's "a … upon" ("the" is in nearly every slice of both); "a" is
    // Bob's alone, which Eder's Zeta leaves out.
    expect(summary.preferred.map((w) => w.word)).toEqual(['of']);
    expect(summary.avoided.map((w) => w.word)).toEqual(method === 'eder' ? ['upon'] : ['a', 'upon']);
    const list = readFileSync(join(out, 'words-preferred.txt'), 'utf8').split('\n');
    expect(list[0]).toMatch(/^# \d+ words preferred by alice against bob/);
    expect(list.slice(1, -1)).toEqual(summary.preferred.map((w) => w.word));
    const header = readFileSync(join(out, 'zeta.csv'), 'utf8').split('\n')[0];
    expect(header).toBe(
      method === 'chisquare'
        ? 'word,zeta,score_chisquare,p,share_alice,share_bob,marker_of'
        : `word,zeta,score_${method},share_alice,share_bob,marker_of`,
    );
    if (method === 'chisquare') for (const word of summary.preferred) expect(word.p).toBeLessThan(0.05);
    const title = { craig: 'Craig&#39;s Zeta', eder: 'Eder&#39;s Zeta', chisquare: 'Chi-square Zeta' }[method];
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(`<h1>${title}: alice against bob`);
  });

  it('refuses an unknown method, naming the three', async () => {
    await expect(run([join(root, 'alice'), join(root, 'bob'), '--out', root, '--zeta', 'burrows'])).rejects.toThrow(
      '--zeta must be one of craig, eder, chisquare',
    );
  });
});
