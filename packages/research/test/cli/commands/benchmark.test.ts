/** `styler benchmark` end to end: rows of two systems in, rows.jsonl, summaries and report out; resume, shards, merge. */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGroundTruth } from '@styler-dev/analytics';
import type { EvaluationSummary } from '../../../src/index.js';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { runCommandWith } from '../../support/run-command.js';
import { fixture } from '../../support/fixtures.js';

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

/** What summary.json holds besides the settings and file list: the library's summary without its samples. */
type Summary = Omit<EvaluationSummary, 'samples'>;

const readSummary = (dir: string): Summary => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
const rowLines = (dir: string): string[] => readFileSync(join(dir, 'rows.jsonl'), 'utf8').trim().split('\n');

describe('styler benchmark', () => {
  const root = mkdtempSync(join(tmpdir(), 'styler-benchmark-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const authors = join(root, 'authors');
  const runs = join(root, 'runs.jsonl');
  const letters = [1, 2, 3, 4, 5, 6, 7].map((n) => fixture(`darwin-0${n}.txt`));
  const posts = [...paragraphs(fixture('ai-input-01.txt')), ...paragraphs(fixture('ai-input-02.txt'))];
  const args = (out: string, ...more: string[]) => [
    'benchmark',
    runs,
    '--authors',
    authors,
    '--out',
    out,
    // One thread: each run starts its pool afresh, and a thread's start (the tagger's model read) is
    // most of a small run's work; the byte-for-byte test below runs 1 against 2.
    '--threads',
    '1',
    '--resamples',
    '500',
    ...more,
  ];
  // The runs that read no figure file write SVG only: drawing the PNGs is most of a small run's report.
  const svgArgs = (out: string, ...more: string[]) => args(out, '--figures', 'svg', ...more);

  beforeAll(() => {
    mkdirSync(join(authors, 'darwin'), { recursive: true });
    mkdirSync(join(authors, 'assistant'));
    letters.slice(0, 3).forEach((text, i) => writeFileSync(join(authors, 'darwin', `${i}.txt`), text));
    posts.slice(0, 4).forEach((text, i) => writeFileSync(join(authors, 'assistant', `${i}.txt`), text));
    // Rows for Darwin: the unpersonalized text is an assistant post; system "oracle" answers with a
    // real letter of his (the best a system could do), system "copy" returns the input unchanged.
    const rows = letters.slice(3).flatMap((letter, i) => {
      const unpersonalized = posts[4 + i]!;
      return [
        { id: `r${i}`, author: 'darwin', system: 'oracle', unpersonalized, personalized: letter },
        { id: `r${i}`, author: 'darwin', system: 'copy', unpersonalized, personalized: unpersonalized },
      ];
    });
    writeFileSync(runs, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
  });

  it('evaluates every row and writes rows.jsonl, summary.json, summary.csv and report.html', async () => {
    const out = join(root, 'full');
    const run = io();
    expect(await runCommandWith(args(out), run.io), run.err()).toBe(0);
    const figures = readdirSync(out).filter((file) => file.startsWith('figure-'));
    expect(readdirSync(out).filter((file) => !file.startsWith('figure-'))).toEqual([
      'report.html',
      'resume.json',
      'rows.jsonl',
      'summary.csv',
      'summary.json',
    ]);
    // Each plot of the report as SVG and PNG: the improvement plot and one distribution per metric.
    expect(figures).toContain('figure-improvement.svg');
    expect(figures).toContain('figure-improvement.png');
    expect(figures.filter((file) => file.endsWith('.svg')).map((file) => file.replace(/svg$/, 'png'))).toEqual(
      figures.filter((file) => file.endsWith('.png')),
    );
    expect(figures.length).toBe(2 * (readFileSync(join(out, 'report.html'), 'utf8').match(/<figure>/g) ?? []).length);
    expect(rowLines(out)).toHaveLength(8);
    const row = JSON.parse(rowLines(out)[0]!) as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(['attribution', 'author', 'delta', 'id', 'quality_analytics', 'system']);

    const summary = readSummary(out);
    expect(summary.rows).toBe(8);
    expect(summary.systems).toEqual(['copy', 'oracle']);
    const accuracy = Object.fromEntries(summary.attribution.map((a) => [a.system, a]));
    // Real letters are attributed to Darwin; the unchanged posts stay the assistant's.
    expect(accuracy.oracle!.accuracy_personalized).toBe(1);
    expect(accuracy.copy!.accuracy_personalized).toBe(accuracy.copy!.accuracy_unpersonalized);
    const delta = (system: string) =>
      summary.metrics.find((m) => m.system === system && m.metric === 'authorship.delta')!;
    expect(delta('oracle').mean_improvement).toBeGreaterThan(0);
    expect(delta('oracle').ci_low).toBeLessThanOrEqual(delta('oracle').mean_improvement);
    expect(delta('oracle').ci_high).toBeGreaterThanOrEqual(delta('oracle').mean_improvement);
    expect(delta('oracle').share_improved).toBe(1);
    // Four rows all improved: the exact two-sided p of n = 4 is 2/16.
    expect(delta('oracle').wilcoxon).toMatchObject({ n: 4, p: 0.125 });
    // Identical texts: no change, no test.
    expect(delta('copy')).toMatchObject({ mean_improvement: 0, share_improved: 0, wilcoxon: { n: 0, p: 1 } });
    expect(summary.comparisons).toEqual([expect.objectContaining({ systems: ['copy', 'oracle'], paired_rows: 4 })]);

    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe(
      'system,group,metric,n,mean_improvement,ci_low,ci_high,share_improved,wilcoxon_n,w_plus,w_minus,p_value,z,rank_biserial,effect_r',
    );
    expect(csv).toHaveLength(summary.metrics.length + 1);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('Styler benchmark report');
    expect(report.match(/<svg/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('--resume: a rerun skips the rows already written and repairs a row cut short', async () => {
    const out = join(root, 'full');
    const before = readSummary(out);
    const lines = rowLines(out);
    // As if killed while writing: the last row half-written.
    writeFileSync(join(out, 'rows.jsonl'), `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 40)}`);
    const run = io();
    const code = await runCommandWith(svgArgs(out, '--resume'), run.io);
    const stderr = run.err();
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('--resume: 7 rows already in rows.jsonl, skipped');
    const after = rowLines(out);
    expect(after).toHaveLength(8);
    expect(after.slice(0, 7)).toEqual(lines.slice(0, 7));
    for (const line of after) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(readSummary(out).metrics).toEqual(before.metrics);
  });

  it('starts rows.jsonl over without --resume, and with it when the inputs or options differ', async () => {
    const out = join(root, 'restart');
    const first = io();
    expect(await runCommandWith(svgArgs(out, '--shard', '1/2'), first.io), first.err()).toBe(0);
    const shardRows = rowLines(out).length;
    // A foreign row: kept by a resume of the same run, dropped by any other.
    const foreign = JSON.stringify({ ...(JSON.parse(rowLines(out)[0]!) as object), id: 'zz' });
    writeFileSync(join(out, 'rows.jsonl'), `${rowLines(out).join('\n')}\n${foreign}\n`);
    const same = io();
    expect(await runCommandWith(svgArgs(out, '--shard', '1/2', '--resume'), same.io), same.err()).toBe(0);
    expect(rowLines(out)).toContain(foreign);
    const otherShard = io();
    const code = await runCommandWith(svgArgs(out, '--shard', '2/2', '--resume'), otherShard.io);
    const stderr = otherShard.err();
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('--resume: the options differ');
    expect(rowLines(out)).not.toContain(foreign);
    expect(rowLines(out)).toHaveLength(8 - shardRows);
    const fresh = io();
    writeFileSync(join(out, 'rows.jsonl'), `${rowLines(out).join('\n')}\n${foreign}\n`);
    expect(await runCommandWith(svgArgs(out, '--shard', '2/2'), fresh.io), fresh.err()).toBe(0);
    expect(rowLines(out)).not.toContain(foreign);
    expect(rowLines(out)).toHaveLength(8 - shardRows);
  });

  it('splits a run into shards that merge into the same summary', async () => {
    const parts = [1, 2, 3].map((k) => join(root, `shard-${k}`));
    for (const [k, out] of parts.entries()) {
      const run = io();
      expect(await runCommandWith(svgArgs(out, '--shard', `${k + 1}/3`), run.io), run.err()).toBe(0);
    }
    const ids = parts.map((out) =>
      rowLines(out)
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { id: string }).id),
    );
    // --figures svg: each figure as SVG only.
    const figures = readdirSync(parts[0]!).filter((file) => file.startsWith('figure-'));
    expect(figures).toContain('figure-improvement.svg');
    expect(figures.filter((file) => !file.endsWith('.svg'))).toEqual([]);
    // Every row in exactly one shard, both systems of a row together.
    expect(ids.flat().sort()).toEqual(['r0', 'r0', 'r1', 'r1', 'r2', 'r2', 'r3', 'r3']);
    const merged = join(root, 'merged');
    const run = io();
    expect(
      await runCommandWith(
        ['benchmark', 'merge', ...parts, '--out', merged, '--resamples', '500', '--figures', 'svg'],
        run.io,
      ),
      run.err(),
    ).toBe(0);
    expect(readSummary(merged).metrics).toEqual(readSummary(join(root, 'full')).metrics);
  });

  it('takes an author as a model file (<author>.json, read by the host) beside author folders', async () => {
    const mixed = join(root, 'mixed-authors');
    mkdirSync(join(mixed, 'assistant'), { recursive: true });
    posts.slice(0, 4).forEach((text, i) => writeFileSync(join(mixed, 'assistant', `${i}.txt`), text));
    // What `styler fit` keeps of the folder: its ground truth (the host reads nothing else of a model).
    writeFileSync(join(mixed, 'darwin.json'), JSON.stringify({ groundTruth: buildGroundTruth(letters.slice(0, 3)) }));
    const out = join(root, 'with-model');
    const run = io();
    const argv = ['benchmark', runs, '--authors', mixed, '--out', out, '--threads', '1', '--figures', 'none'];
    expect(await runCommandWith([...argv, '--resamples', '500'], run.io), run.err()).toBe(0);
    // --figures none: no figure file, while the report still draws every figure.
    expect(readdirSync(out).filter((file) => file.startsWith('figure-'))).toEqual([]);
    expect(readFileSync(join(out, 'report.html'), 'utf8').match(/<svg/g)?.length).toBeGreaterThanOrEqual(3);
    // The model's ground truth is the folder's: the same numbers as the run on folders.
    expect(readSummary(out).metrics).toEqual(readSummary(join(root, 'full')).metrics);
  });

  it('gives the same rows.jsonl, summaries and report, byte for byte, with 1 and 2 threads', async () => {
    // Rows alternate "mother's" before a full stop and inside a sentence: a wink instance that had
    // read the first kept the second whole (one PROPN), so a row's POS counts depended on the rows
    // its thread had been handed before (one thread reads them all in order; of two threads, the
    // second starts on a row of the second kind). This failed before wink was reset between texts.
    const ordered = join(root, 'ordered.jsonl');
    const twist = (i: number): string =>
      i % 2 === 0 ? " I gave the rest to my mother's." : " I found my mother's laudanum upon the shelf.";
    const rows = ['oracle', 'copy'].flatMap((system) =>
      [...letters, ...letters].map((letter, i) => {
        const post = `${posts[i % posts.length]!}${twist(i)}`;
        return {
          id: `o${i}`,
          author: 'darwin',
          system,
          unpersonalized: post,
          personalized: system === 'oracle' ? `${letter}${twist(i)}` : post,
        };
      }),
    );
    writeFileSync(ordered, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    const outs = ['1', '2'].map((threads) => join(root, `threads-${threads}`));
    for (const [k, out] of outs.entries()) {
      const run = io();
      const code = await runCommandWith(
        [
          ...['benchmark', ordered, '--authors', authors, '--out', out, '--threads', String(k + 1)],
          ...['--resamples', '300', '--figures', 'svg'],
        ],
        run.io,
      );
      expect(code, run.err()).toBe(0);
    }
    for (const file of ['rows.jsonl', 'summary.json', 'summary.csv', 'report.html']) {
      const [one, two] = outs.map((out) => readFileSync(join(out, file)));
      expect(one!.equals(two!), `${file} differs between 1 and 2 threads`).toBe(true);
    }
    // In input order.
    expect(rowLines(outs[0]!).map((line) => (JSON.parse(line) as { id: string; system: string }).id)).toEqual(
      rows.map((row) => row.id),
    );
  });

  it('reports bad rows by line and goes on; refuses bad options', async () => {
    const bad = join(root, 'bad.jsonl');
    writeFileSync(
      bad,
      [
        readFileSync(runs, 'utf8').split('\n')[0],
        '{"id": "x", "author": "tolstoy", "unpersonalized": "a", "personalized": "b"}',
        'not json',
        '{"id": "y", "author": "darwin", "unpersonalized": "", "personalized": "b"}',
      ].join('\n'),
    );
    const out = join(root, 'bad');
    const run = io();
    const argv = ['benchmark', bad, '--authors', authors, '--out', out, '--threads', '1', '--figures', 'none'];
    expect(await runCommandWith(argv, run.io)).toBe(1);
    const errors = run.err();
    expect(errors).toMatch(/bad\.jsonl:2: author must be one of the --authors \(assistant, darwin\)/);
    expect(errors).toMatch(/bad\.jsonl:3: not valid JSON/);
    expect(errors).toMatch(/bad\.jsonl:4: unpersonalized must be a non-empty string/);
    expect(rowLines(out)).toHaveLength(1);

    const shard = io();
    expect(await runCommandWith([...args(join(root, 'x')), '--shard', '4/3'], shard.io)).toBe(2);
    expect(shard.err()).toMatch(/--shard must be K\/N/);
    const figures = io();
    expect(await runCommandWith([...args(join(root, 'x')), '--figures', 'gif'], figures.io)).toBe(2);
    expect(figures.err()).toMatch(/--figures must be one of png, svg, none/);
    const noAuthors = io();
    expect(await runCommandWith(['benchmark', runs, '--out', out], noAuthors.io)).toBe(2);
    expect(noAuthors.err()).toMatch(/^styler benchmark: --authors is missing\nusage: styler benchmark/);
  });
});
