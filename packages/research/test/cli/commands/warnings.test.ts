/**
 * The research commands say when a result is not what was asked for: a text not attributed or not
 * verified, fewer features than --mfw, a window shrunk to a short text; and a usage error names
 * what is missing.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitText } from '../../stylometry/support.js';
import { textHost } from '../../support/text-host.js';

/** Two authors of three texts each in their habit, and two unknown texts: one of a habit, one foreign. */
function habitFolders(): string {
  const root = mkdtempSync(join(tmpdir(), 'styler-warnings-'));
  for (const [author, habit, seeds] of [
    ['alice', 'A', [1, 2, 3]],
    ['bob', 'B', [5, 6, 7]],
  ] as const) {
    mkdirSync(join(root, author));
    for (const seed of seeds) writeFileSync(join(root, author, `${seed}.txt`), habitText(habit, seed, 311 + seed));
  }
  mkdirSync(join(root, 'unknown'));
  writeFileSync(join(root, 'unknown', 'habit.txt'), habitText('A', 11, 320));
  writeFileSync(join(root, 'unknown', 'foreign.txt'), 'zzz yyy xxx '.repeat(60));
  return root;
}

async function run(command: string, argv: string[]): Promise<{ code: number; err: string; out: string }> {
  const memory = memoryIo();
  const code = await RESEARCH_COMMANDS[command]!.run(argv, memory.io, textHost);
  return { code, err: memory.err(), out: memory.out() };
}

describe('warnings that tell', () => {
  const root = habitFolders();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const authors = [join(root, 'alice'), join(root, 'bob')];

  it('corpus: a foreign unknown text is not attributed, and --mfw past the vocabulary is said', async () => {
    const out = join(root, 'corpus-out');
    const result = await run('corpus', [...authors, '--unknown', join(root, 'unknown'), '--out', out, '--mfw', '500']);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toMatch(/--mfw 500: the reference texts have only \d+ features to compare/);
    expect(result.err).toMatch(/unknown\/foreign\.txt: not attributed: it uses 0 of the \d+ features compared/);
    expect(result.out).toContain('1 of 2 unknown texts attributed');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      settings: { most_frequent_words: number; most_frequent_words_asked?: number };
      attribution: Array<{ document: string; predicted: string | null; reason?: string }>;
    };
    expect(summary.settings.most_frequent_words_asked).toBe(500);
    expect(summary.settings.most_frequent_words).toBeLessThan(500);
    expect(summary.attribution.find((entry) => entry.document === 'unknown/foreign.txt')).toMatchObject({
      predicted: null,
    });
    expect(summary.attribution.find((entry) => entry.document === 'unknown/habit.txt')!.predicted).toBe('alice');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('not attributed: it uses 0 of the');
  });

  it('--min-shared 0 switches the shared-words rule off in every command, and it is checked', async () => {
    const corpus = await run('corpus', [
      ...authors,
      '--unknown',
      join(root, 'unknown'),
      '--out',
      join(root, 'corpus-off'),
      '--min-shared',
      '0',
    ]);
    expect(corpus.code, corpus.err).toBe(0);
    expect(corpus.err).not.toContain('not attributed');
    expect(corpus.out).toContain('2 of 2 unknown texts attributed');
    const imposters = await run('imposters', [
      ...authors,
      '--unknown',
      join(root, 'unknown'),
      '--out',
      join(root, 'imposters-off'),
      '--iterations',
      '10',
      '--min-shared',
      '0',
    ]);
    expect(imposters.out).toMatch(/^2 of 2 texts verified against/);
    const settings = (dir: string) =>
      (JSON.parse(readFileSync(join(root, dir, 'summary.json'), 'utf8')) as { settings: { min_shared: number } })
        .settings.min_shared;
    expect([settings('corpus-off'), settings('imposters-off')]).toEqual([0, 0]);
    await expect(run('corpus', [...authors, '--out', join(root, 'bad'), '--min-shared', '2'])).rejects.toThrow(
      /--min-shared must be a share from 0 \(the rule off\) to 1/,
    );
  });

  it('imposters: a foreign text is not verified; one author or no --unknown names what is missing', async () => {
    const out = join(root, 'imposters-out');
    const result = await run('imposters', [
      ...authors,
      '--unknown',
      join(root, 'unknown'),
      '--out',
      out,
      '--iterations',
      '20',
    ]);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toMatch(/foreign\.txt: not verified: it uses 0 of the \d+ features compared/);
    // The count printed is of the texts scored.
    expect(result.out).toMatch(/^1 of 2 texts verified \(1 not: see stderr\) against 2 candidates\./);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      scores: Array<{ document: string; scores: Record<string, number> }>;
      warnings: string[];
    };
    expect(summary.scores.find((row) => row.document.endsWith('foreign.txt'))!.scores).toEqual({});
    expect(summary.warnings.some((line) => line.includes('not verified'))).toBe(true);
    await expect(run('imposters', [authors[0]!, '--unknown', root, '--out', out])).rejects.toThrow(
      /give at least two author folders \(a candidate and its imposters\), got 1\nusage: styler imposters/,
    );
    await expect(run('imposters', authors.concat('--out', out))).rejects.toThrow(/^--unknown is missing\nusage:/);
  });

  it('rolling: a text shorter than the window is said, and so is --mfw past the vocabulary', async () => {
    const out = join(root, 'rolling-out');
    const result = await run('rolling', [join(root, 'unknown', 'habit.txt'), ...authors, '--out', out, '--mfw', '400']);
    expect(result.code, result.err).toBe(0);
    expect(result.err).toContain('habit.txt has 320 words, fewer than a window of 5000: one window of the whole text');
    expect(result.err).toMatch(/--mfw 400: the reference texts have only \d+ features/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { warnings: string[] };
    expect(summary.warnings).toHaveLength(2);
    await expect(run('rolling', [join(root, 'unknown', 'habit.txt'), '--out', out])).rejects.toThrow(
      /^give at least one author folder after the text\nusage:/,
    );
  });

  it('--strict names each file once', async () => {
    const empty = join(root, 'with-empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'empty.txt'), '');
    writeFileSync(join(empty, 'some.txt'), habitText('A', 3));
    const memory = memoryIo();
    await expect(
      RESEARCH_COMMANDS.corpus!.run(
        [empty, authors[1]!, '--out', join(root, 'strict-out'), '--strict'],
        memory.io,
        textHost,
      ),
    ).rejects.toThrow(/^--strict: 1 file could not be used \(each named above\)$/);
    expect(memory.err().match(/empty\.txt: left out/g)).toHaveLength(1);
  });
});

describe('usage errors name what is missing', () => {
  it.each([
    ['corpus', ['--out', 'x'], /^give author folders or a --list of labelled files\nusage: styler corpus/],
    ['corpus', ['a', 'b'], /^--out is missing\nusage: styler corpus/],
    ['oppose', ['a', '--out', 'x'], /^give two folders, the primary and the secondary group, got 1\nusage:/],
    ['benchmark', ['--authors', 'a', '--out', 'x'], /^give one RUNS\.jsonl file, got 0 arguments\nusage:/],
    ['benchmark', ['merge', '--out', 'x'], /^give the --out folders of the runs to merge\nusage:/],
    ['benchmark', ['runs.jsonl', '--out', 'x'], /^--authors is missing\nusage:/],
  ])('%s %j', async (command, argv, message) => {
    await expect(RESEARCH_COMMANDS[command]!.run(argv, memoryIo().io, textHost)).rejects.toThrow(message);
  });
});
