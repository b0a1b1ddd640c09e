/** `styler corpus` end to end: author folders and unknown texts in, summary, tables and report out. */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { runCommandWith } from '../../support/run-command.js';
import { fixture } from '../../support/fixtures.js';

/** Paragraph-sized documents of a fixture text. */
const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

describe('styler corpus', () => {
  // Two "authors": Darwin's letters and the AI-style inputs, a few documents each, and one unknown of each.
  const root = mkdtempSync(join(tmpdir(), 'styler-corpus-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const darwin = [1, 2, 3, 4, 5, 6].map((n) => fixture(`darwin-0${n}.txt`));
  const ai = [...paragraphs(fixture('ai-input-01.txt')), ...paragraphs(fixture('ai-input-02.txt'))];
  mkdirSync(join(root, 'darwin'));
  mkdirSync(join(root, 'assistant'));
  mkdirSync(join(root, 'unknown'));
  darwin.slice(0, 5).forEach((text, i) => writeFileSync(join(root, 'darwin', `letter-${i + 1}.txt`), text));
  ai.slice(0, -1).forEach((text, i) => writeFileSync(join(root, 'assistant', `post-${i + 1}.md`), text));
  writeFileSync(join(root, 'unknown', 'mystery-letter.txt'), darwin[5]!);
  writeFileSync(join(root, 'unknown', 'mystery-post.txt'), ai[ai.length - 1]!);
  const out = join(root, 'out');

  it('writes summary.json, the CSV tables and a self-contained report', async () => {
    const run = io();
    const code = await runCommandWith(
      [
        'corpus',
        join(root, 'darwin'),
        join(root, 'assistant'),
        '--unknown',
        join(root, 'unknown'),
        '--out',
        out,
        '--mfw',
        '50',
        '--threads',
        '1',
        '--figures',
        'png',
      ],
      run.io,
    );
    expect(code, run.err()).toBe(0);
    expect(run.out()).toMatch(
      /2 authors, \d+ documents; leave-one-out accuracy [\d.]+; 1 of 2 unknown texts attributed/,
    );
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      authors: string[];
      loo_accuracy: number;
      attribution: Array<{ document: string; predicted: string | null; distances: Record<string, number> }>;
    };
    expect(summary.authors).toEqual(['assistant', 'darwin']);
    // Short paragraphs make Delta noisy; the accuracy on real corpora is measured in docs/BENCHMARKS.md.
    expect(summary.loo_accuracy).toBeGreaterThan(0.5);
    expect(summary.loo_accuracy).toBeLessThanOrEqual(1);
    expect(summary.attribution.map((entry) => entry.document)).toEqual([
      'unknown/mystery-letter.txt',
      'unknown/mystery-post.txt',
    ]);
    for (const entry of summary.attribution) {
      expect(Object.keys(entry.distances).sort()).toEqual(['assistant', 'darwin']);
      const nearest = Object.entries(entry.distances).sort((x, y) => x[1] - y[1])[0]![0];
      if (entry.predicted !== null) expect(entry.predicted).toBe(nearest);
    }
    // A whole letter is long enough to tell; a post of 51 words uses too few of the 50 words compared.
    expect(summary.attribution[0]!.predicted).toBe('darwin');
    expect(summary.attribution[1]).toMatchObject({
      predicted: null,
      reason: 'it uses 12 of the 50 features compared (under half)',
    });
    expect(readdirSync(out).sort()).toEqual(
      [
        'confusion.csv',
        'counts.csv',
        'delta-burrows.csv',
        'delta-cosine.csv',
        'delta-eder.csv',
        'figure-confusion.png',
        'figure-confusion.svg',
        'figure-consensus-tree.png',
        'figure-consensus-tree.svg',
        'figure-dendrogram.png',
        'figure-dendrogram.svg',
        'figure-pca.png',
        'figure-pca.svg',
        'frequencies.csv',
        'mfw.csv',
        'pca-loadings.csv',
        'pca.csv',
        'report.html',
        'summary.json',
        'tree.csv',
      ].sort(),
    );
    const written = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      files: string[];
      phases: { done: string[]; complete: boolean };
      profiles: unknown;
    };
    expect(written.phases.complete).toBe(true);
    expect(written.files).toEqual(
      readdirSync(out)
        .filter((file) => file !== 'summary.json')
        .sort(),
    );
    // The analytics profiles need the NLP pass: only with --profiles.
    expect(written.profiles).toBeNull();
    const mfw = readFileSync(join(out, 'mfw.csv'), 'utf8').trim().split('\n');
    expect(mfw[0]).toBe('rank,word,mean_relative_frequency,std');
    expect(mfw).toHaveLength(51);
    const burrows = readFileSync(join(out, 'delta-burrows.csv'), 'utf8').trim().split('\n');
    expect(burrows.length).toBeGreaterThan(2);
    expect(burrows[0]!.split(',').length).toBe(burrows.length);
    // Square and symmetric, zero on the diagonal.
    const cells = burrows.slice(1).map((line) => line.split(',').slice(1).map(Number));
    cells.forEach((row, i) => row.forEach((value, j) => expect(value).toBe(cells[j]![i]!)));
    cells.forEach((row, i) => expect(row[i]).toBe(0));
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toMatch(/^<!doctype html>/);
    expect(report).toContain('<caption>Summary</caption>');
    expect(report).toContain('unknown/mystery-letter.txt');
    // Confusion, PCA, the Ward dendrogram and the consensus tree, each also a standalone SVG file
    // and (--figures png) a PNG of it at 300 dpi (the SVG's CSS pixels at 96 to the inch).
    expect(report.match(/<figure>/g)).toHaveLength(4);
    for (const name of ['confusion', 'pca', 'dendrogram', 'consensus-tree']) {
      const svg = readFileSync(join(out, `figure-${name}.svg`), 'utf8');
      expect(svg).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(report).toContain(svg.split('\n')[1]!.slice(0, 200));
      const png = readFileSync(join(out, `figure-${name}.png`));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const width = Number(/<svg [^>]*?width="([\d.]+)"/.exec(svg)![1]);
      expect(png.readUInt32BE(16)).toBe(Math.round(width * (300 / 96)));
    }
    // Every leaf of the consensus tree is a document (labelled without its extension), in its author's colour.
    const tree = readFileSync(join(out, 'figure-consensus-tree.svg'), 'utf8');
    expect(tree).toContain('>darwin/letter-1</text>');
    expect(tree).toContain('>unknown/mystery-post</text>');
    // Self-contained: nothing to fetch, nothing to run (SVG namespace names are not fetched).
    expect(report.replace(/ xmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/<script|<link|src=|url\((?!#)|https?:\/\//i);
    const consensus = (
      JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
        consensus: { clades: unknown[]; most_frequent_words: number[] };
      }
    ).consensus;
    expect(consensus.most_frequent_words).toEqual([100, 200, 300, 400, 500]);
    expect(consensus.clades.length).toBeGreaterThan(0);
  });

  it('reads a list of labelled files (tab or comma), unlabelled ones unknown', async () => {
    const list = join(root, 'labels.tsv');
    writeFileSync(
      list,
      [
        '# path, label',
        ...[1, 2, 3].map((n) => `darwin/letter-${n}.txt\tdarwin`),
        ...[1, 2, 3].map((n) => `assistant/post-${n}.md,assistant`),
        'unknown/mystery-letter.txt',
        '',
      ].join('\n'),
    );
    const listed = join(root, 'listed');
    const run = io();
    expect(
      await runCommandWith(['corpus', '--list', list, '--out', listed, '--mfw', '50', '--threads', '1'], run.io),
      run.err(),
    ).toBe(0);
    const summary = JSON.parse(readFileSync(join(listed, 'summary.json'), 'utf8')) as {
      authors: string[];
      documents: number;
      attribution: Array<{ document: string; predicted: string }>;
    };
    expect(summary.authors).toEqual(['assistant', 'darwin']);
    expect(summary.documents).toBe(7);
    expect(summary.attribution).toEqual([
      expect.objectContaining({ document: 'unknown/mystery-letter.txt', predicted: 'darwin' }),
    ]);
  });

  it('counts the same words with and without the NLP pass (--profiles), which adds the author profiles', async () => {
    const args = (dir: string, ...more: string[]) => [
      'corpus',
      join(root, 'darwin'),
      join(root, 'assistant'),
      '--unknown',
      join(root, 'unknown'),
      '--out',
      dir,
      '--mfw',
      '50',
      '--threads',
      '1',
      ...more,
    ];
    const wordsOnly = join(root, 'words-only');
    const full = join(root, 'full');
    for (const [dir, more] of [
      [wordsOnly, []],
      [full, ['--profiles']],
    ] as const) {
      const run = io();
      expect(await runCommandWith(args(dir, ...more), run.io), run.err()).toBe(0);
    }
    for (const file of ['counts.csv', 'frequencies.csv', 'mfw.csv', 'delta-burrows.csv', 'pca.csv', 'confusion.csv']) {
      expect(readFileSync(join(wordsOnly, file), 'utf8'), file).toBe(readFileSync(join(full, file), 'utf8'));
    }
    const profiles = readFileSync(join(full, 'profiles.csv'), 'utf8').trim().split('\n');
    expect(profiles[0]).toBe('feature,assistant,darwin');
    expect(
      profiles
        .find((line) => line.startsWith('sentence_length_mean,'))!
        .split(',')
        .map(Number)[2],
    ).toBeGreaterThan(5);
    const summary = JSON.parse(readFileSync(join(full, 'summary.json'), 'utf8')) as {
      profiles: Record<string, Record<string, number>>;
    };
    expect(Object.keys(summary.profiles)).toEqual(['assistant', 'darwin']);
  });

  it("writes each document's nearest neighbours instead of whole matrices, and leaves out trees past --tree-limit", async () => {
    const nearest = join(root, 'nearest');
    const run = io();
    const code = await runCommandWith(
      [
        'corpus',
        join(root, 'darwin'),
        join(root, 'assistant'),
        '--out',
        nearest,
        '--mfw',
        '50',
        '--matrices',
        'nearest',
        '--nearest',
        '2',
        '--tree-limit',
        '5',
      ],
      run.io,
    );
    const err = run.err();
    expect(code, err).toBe(0);
    const lines = readFileSync(join(nearest, 'delta-burrows-nearest.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('document,rank,neighbour,distance');
    const summary = JSON.parse(readFileSync(join(nearest, 'summary.json'), 'utf8')) as {
      documents: number;
      clusters: unknown;
      consensus: unknown;
      settings: { matrices: unknown; trees: string };
    };
    expect(lines).toHaveLength(1 + 2 * summary.documents);
    expect(summary.clusters).toBeNull();
    expect(summary.consensus).toBeNull();
    expect(summary.settings.matrices).toEqual({ nearest: 2 });
    expect(summary.settings.trees).toMatch(/more than 5 documents/);
    // The nearest neighbours are those of the whole matrix.
    const whole = readFileSync(join(out, 'delta-burrows.csv'), 'utf8').trim().split('\n');
    const names = whole[0]!.split(',').slice(1);
    const first = lines[1]!.split(',');
    const row = whole
      .find((line) => line.startsWith(`${first[0]},`))!
      .split(',')
      .slice(1)
      .map(Number);
    const expected = row
      .map((distance, j) => ({ distance, name: names[j]! }))
      .filter((entry) => entry.name !== first[0])
      .sort((a, b) => a.distance - b.distance)[0]!;
    expect(first[2]).toBe(expected.name);
    expect(Number(first[3])).toBe(expected.distance);
    expect(err).toMatch(/Delta, nearest neighbours: 100\.0 %/);
  });

  it('writes whole matrices row by row past the tree limit (--matrices full), the same as from memory', async () => {
    const rows = join(root, 'rows');
    const run = io();
    const code = await runCommandWith(
      [
        'corpus',
        join(root, 'darwin'),
        join(root, 'assistant'),
        '--unknown',
        join(root, 'unknown'),
        '--out',
        rows,
        '--mfw',
        '50',
        '--matrices',
        'full',
        '--tree-limit',
        '5',
      ],
      run.io,
    );
    expect(code, run.err()).toBe(0);
    for (const method of ['burrows', 'eder', 'cosine']) {
      const file = `delta-${method}.csv`;
      expect(readFileSync(join(rows, file), 'utf8'), file).toBe(readFileSync(join(out, file), 'utf8'));
    }
  });

  it('writes the same files with 1 and 2 threads', async () => {
    const outs = ['1', '2'].map((threads) => join(root, `corpus-threads-${threads}`));
    for (const [k, dir] of outs.entries()) {
      const run = io();
      const code = await runCommandWith(
        [
          'corpus',
          join(root, 'darwin'),
          join(root, 'assistant'),
          '--unknown',
          join(root, 'unknown'),
          '--out',
          dir,
          '--mfw',
          '50',
          '--threads',
          String(k + 1),
        ],
        run.io,
      );
      expect(code, run.err()).toBe(0);
    }
    for (const file of readdirSync(outs[0]!)) {
      // vega numbers its gradients per process: the second report of a process has the next numbers.
      const [one, two] = outs.map((dir) => readFileSync(join(dir, file), 'utf8').replace(/gradient_\d+/g, 'gradient'));
      expect(one === two, `${file} differs between 1 and 2 threads`).toBe(true);
    }
  });

  it('keeps what the phases before a failure wrote, with a summary saying which', async () => {
    const cut = join(root, 'cut');
    // The report cannot be written: a folder stands where it goes.
    mkdirSync(join(cut, 'report.html'), { recursive: true });
    const run = io();
    const code = await runCommandWith(
      ['corpus', join(root, 'darwin'), join(root, 'assistant'), '--out', cut, '--mfw', '50'],
      run.io,
    );
    expect(code).toBe(1);
    expect(run.err()).toMatch(/report\.html/);
    const summary = JSON.parse(readFileSync(join(cut, 'summary.json'), 'utf8')) as {
      phases: { done: string[]; complete: boolean };
      loo_accuracy: number;
      clusters: { newick: string };
      files: string[];
    };
    expect(summary.phases.complete).toBe(false);
    expect(summary.phases.done).toEqual(
      expect.arrayContaining(['reference', 'tables', 'attribution', 'pca', 'tree', 'consensus']),
    );
    expect(summary.loo_accuracy).toBeGreaterThan(0.5);
    expect(summary.clusters.newick).toMatch(/;$/);
    for (const file of summary.files) expect(readdirSync(cut)).toContain(file);
    expect(readdirSync(cut).filter((file) => file.endsWith('.partial'))).toEqual([]);
  });

  it('refuses fewer than two authors and bad options with a usage error', async () => {
    const one = io();
    expect(await runCommandWith(['corpus', join(root, 'darwin'), '--out', out], one.io)).toBe(2);
    expect(one.err()).toMatch(/at least two authors/);
    const noOut = io();
    expect(await runCommandWith(['corpus', join(root, 'darwin'), join(root, 'assistant')], noOut.io)).toBe(2);
    expect(noOut.err()).toMatch(/^styler corpus: --out is missing\nusage: styler corpus/);
    const badCulling = io();
    expect(
      await runCommandWith(
        ['corpus', join(root, 'darwin'), join(root, 'assistant'), '--out', out, '--culling', '150'],
        badCulling.io,
      ),
    ).toBe(2);
  });
});
