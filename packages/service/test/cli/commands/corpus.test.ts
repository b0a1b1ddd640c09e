/** `styler corpus` end to end: author folders and unknown texts in, summary, tables and report out. */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo as io } from '../support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { fixture } from '../../http/support/fixtures.js';

/** Paragraph-sized documents of a fixture text. */
const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

describe('styler corpus', () => {
  // Two "authors": Darwin's letters and the AI-style inputs, a few documents each, and one unknown of each.
  const root = mkdtempSync(join(tmpdir(), 'styler-corpus-'));
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
    const code = await main(
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
      ],
      run.io,
    );
    expect(code, run.err()).toBe(0);
    expect(run.out()).toMatch(/2 authors, \d+ documents; leave-one-out accuracy/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      authors: string[];
      loo_accuracy: number;
      attribution: Array<{ document: string; predicted: string; distances: Record<string, number> }>;
    };
    expect(summary.authors).toEqual(['assistant', 'darwin']);
    // Short paragraphs make Delta noisy; the accuracy on real corpora is measured in docs/BENCHMARKS.md.
    expect(summary.loo_accuracy).toBeGreaterThan(0.5);
    expect(summary.loo_accuracy).toBeLessThanOrEqual(1);
    expect(summary.attribution.map((entry) => entry.document)).toEqual(['mystery-letter.txt', 'mystery-post.txt']);
    for (const entry of summary.attribution) {
      expect(Object.keys(entry.distances).sort()).toEqual(['assistant', 'darwin']);
      const nearest = Object.entries(entry.distances).sort((x, y) => x[1] - y[1])[0]![0];
      expect(entry.predicted).toBe(nearest);
    }
    // A whole letter is long enough to tell.
    expect(summary.attribution[0]!.predicted).toBe('darwin');
    expect(readdirSync(out).sort()).toEqual(
      [
        'confusion.csv',
        'counts.csv',
        'delta-burrows.csv',
        'delta-cosine.csv',
        'delta-eder.csv',
        'frequencies.csv',
        'mfw.csv',
        'pca-loadings.csv',
        'pca.csv',
        'profiles.csv',
        'report.html',
        'summary.json',
      ].sort(),
    );
    const mfw = readFileSync(join(out, 'mfw.csv'), 'utf8').trim().split('\n');
    expect(mfw[0]).toBe('rank,word,mean_relative_frequency,std');
    expect(mfw).toHaveLength(51);
    const burrows = readFileSync(join(out, 'delta-burrows.csv'), 'utf8').trim().split('\n');
    expect(burrows.length).toBeGreaterThan(2);
    expect(burrows[0]!.split(',').length).toBe(burrows.length);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toMatch(/^<!doctype html>/);
    expect(report).toContain('<caption>Summary</caption>');
    expect(report).toContain('mystery-letter.txt');
    expect(report.match(/<figure>/g)).toHaveLength(3);
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
      await main(['corpus', '--list', list, '--out', listed, '--mfw', '50', '--threads', '1'], run.io),
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
      expect.objectContaining({ document: 'mystery-letter.txt', predicted: 'darwin' }),
    ]);
  });

  it('refuses fewer than two authors and bad options with a usage error', async () => {
    const one = io();
    expect(await main(['corpus', join(root, 'darwin'), '--out', out], one.io)).toBe(2);
    expect(one.err()).toMatch(/at least two authors/);
    const noOut = io();
    expect(await main(['corpus', join(root, 'darwin'), join(root, 'assistant')], noOut.io)).toBe(2);
    expect(noOut.err()).toMatch(/usage: styler corpus/);
    const badCulling = io();
    expect(
      await main(
        ['corpus', join(root, 'darwin'), join(root, 'assistant'), '--out', out, '--culling', '150'],
        badCulling.io,
      ),
    ).toBe(2);
  });
});
