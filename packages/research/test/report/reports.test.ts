/**
 * The HTML reports rendered from small fixtures: their structure (tables first, then plots with
 * titles, axis labels, legends and accessible descriptions, nothing fetched), then each opened in
 * headless Chromium, with a screenshot under test-output/ and no console errors.
 */
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { countWordForms, wordProfile } from '@styler-dev/analytics/metrics';
import { analyzeCorpus, bootstrapConsensus, EvaluationAccumulator } from '../../src/stylometry/index.js';
import type { Browser } from 'playwright-core';
import { benchmarkReport } from '../../src/report/benchmark-report.js';
import { corpusReport } from '../../src/report/corpus-report.js';
import { dendrogramLayout, dendrogramSpec, improvementSpec, type IntervalRow } from '../../src/report/plots.js';
import { browserAvailable, launchBrowser } from '../../../../test-support/browser.js';
import { habitText } from '../../../../test-support/habit-texts.js';

const available = browserAvailable();
if (!available)
  console.log('report browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)');
const OUTPUT = resolve(import.meta.dirname, '../../../../test-output');

const text = (habit: 'A' | 'B', seed: number): string => habitText(habit, seed);

async function corpusFixture(): Promise<string> {
  const documents = [
    ...[1, 2, 3, 4].map((seed) => ({ name: `austen-${seed}.txt`, author: 'austen', body: text('A', seed) })),
    ...[5, 6, 7, 8].map((seed) => ({ name: `darwin-${seed}.txt`, author: 'darwin', body: text('B', seed) })),
    { name: 'mystery.txt', author: undefined, body: text('A', 9) },
  ].map(({ name, author, body }) => ({
    name,
    ...(author !== undefined && { author }),
    profile: wordProfile(countWordForms(body)),
  }));
  return corpusReport({
    analysis: analyzeCorpus(documents, { mostFrequent: 20 }),
    profiles: { austen: { mean_sentence_length: 20 }, darwin: { mean_sentence_length: 30 } },
    settings: { mostFrequent: 20, culling: 0 },
    consensus: bootstrapConsensus(documents, { mostFrequent: [5, 10, 20] }),
  });
}

/** A benchmark of two systems over 30 rows; the engine answered only the first `engineRows`. */
async function benchmarkFixture(engineRows = 30): Promise<string> {
  const accumulator = new EvaluationAccumulator({
    resamples: 200,
    sampledMetrics: ['sentence_length_stats.mean', 'authorship.delta'],
  });
  for (let i = 0; i < 30; i += 1) {
    for (const system of ['llm', 'engine']) {
      if (system === 'engine' && i >= engineRows) continue;
      const shift = system === 'llm' ? 0.2 : 0.05;
      const improvement = shift + Math.sin(i) / 5;
      accumulator.add({
        system,
        id: String(i),
        outcomes: [
          { group: 'authorship', metric: 'authorship.delta', improvement, difference: improvement },
          {
            group: 'sentence_length_stats',
            metric: 'sentence_length_stats.mean',
            improvement,
            difference: improvement,
          },
        ],
        samples: {
          'sentence_length_stats.mean': { personalized: 20 + (i % 5), unpersonalized: 15 + (i % 3), ground_truth: 22 },
          'authorship.delta': { personalized: 1.2 - shift, unpersonalized: 1.4 + (i % 4) / 10 },
        },
        attributedBefore: i % 5 === 0,
        attributedAfter: i % 3 !== 0,
        personalizedDistance: 1.2 - shift + (i % 7) / 20,
      });
    }
  }
  const summary = accumulator.summarize();
  return benchmarkReport({
    summary,
    settings: { resamples: 200, confidence: 0.95, seed: 1 },
    input: ['runs.jsonl'],
  });
}

/** The page with its SVG namespace declarations taken out (they name, they do not fetch). */
const withoutNamespaces = (html: string): string => html.replace(/ xmlns(:\w+)?="[^"]*"/g, '');

describe('reports', () => {
  let corpus: string;
  let benchmark: string;
  beforeAll(async () => {
    [corpus, benchmark] = await Promise.all([corpusFixture(), benchmarkFixture()]);
  });

  it('puts the summary table first, then plots with titles, axis labels and accessible descriptions', () => {
    for (const [html, plots] of [
      [
        corpus,
        [
          'Leave-one-out attribution',
          'Principal components of the MFW z-scores',
          'Cluster analysis',
          'Bootstrap consensus tree',
        ],
      ],
      [benchmark, ['Mean personalization improvement', 'authorship.delta', 'sentence_length_stats.mean']],
    ] as const) {
      expect(html.indexOf('<table>')).toBeLessThan(html.indexOf('<svg'));
      const figures = html.match(/<figure>[\s\S]*?<\/figure>/g) ?? [];
      expect(figures.length).toBe(plots.length);
      for (const [i, figure] of figures.entries()) {
        expect(figure).toContain(plots[i]);
        // The plot's description is its accessible name (and title); every plot has a caption too.
        expect(figure).toMatch(/^<figure><svg role="img" aria-label="[^"]{20,}"[^>]*><title>[^<]{20,}<\/title>/);
        expect(figure).toMatch(/<figcaption>[^<]{20,}<\/figcaption>/);
      }
      expect(withoutNamespaces(html)).not.toMatch(/<script|<link|src=|url\((?!#)|https?:\/\//i);
    }
    expect(corpus).toContain('attributed to');
    expect(corpus).toContain('real author');
    expect(corpus).toContain('Bootstrap consensus tree');
    expect(benchmark).toContain('mean personalization improvement (95 % CI)');
    // Legends name the systems and the texts compared.
    expect(benchmark).toContain('>llm<');
    expect(benchmark).toContain('>engine<');
    expect(benchmark).toContain('ground truth');
    // Every effect with the rows behind it; long pages open with their contents.
    expect(benchmark).toContain('n = 30');
    expect(corpus).toMatch(/<nav aria-label="Contents"[^>]*>[\s\S]*href="#section-1"/);
    expect(corpus).toContain('<h2 id="section-1">');
    expect(benchmark).toMatch(/<nav aria-label="Contents"[^>]*>[\s\S]*href="#section-1">Attribution</);
  });

  it('draws the texts every system was given once, not once per system', async () => {
    const boxLabels = (html: string): string[] =>
      [...new Set(html.match(/(personalized|unpersonalized|ground truth)( · \w+)?(?=<\/text>)/g) ?? [])].sort();
    expect(boxLabels(benchmark)).toEqual([
      'ground truth',
      'personalized · engine',
      'personalized · llm',
      'unpersonalized',
    ]);
    // Rows the systems do not share make their inputs differ: each system's then has its own box.
    expect(boxLabels(await benchmarkFixture(20))).toEqual([
      'ground truth · engine',
      'ground truth · llm',
      'personalized · engine',
      'personalized · llm',
      'unpersonalized · engine',
      'unpersonalized · llm',
    ]);
  });

  it('sets the improvement axis from the data: one linear scale, or a panel per metric when one effect dwarfs the rest', () => {
    const row = (metric: string, mean: number, half: number): IntervalRow => ({
      system: 'llm',
      metric,
      mean,
      low: mean - half,
      high: mean + half,
      n: 12,
    });
    type Layered = { layer: Array<{ encoding: { x?: { scale?: { type?: string; domain?: number[] } } } }> };
    const small = (
      improvementSpec([row('a', 0.1, 0.05), row('b', -0.3, 0.1), row('c', 2.4, 0.5)], 't') as unknown as Layered
    ).layer[1]!.encoding.x!.scale!;
    expect(small.type).toBeUndefined();
    expect(small.domain![0]).toBeLessThan(-0.4);
    expect(small.domain![1]).toBeGreaterThan(2.9);
    const wide = improvementSpec(
      [row('a', 0.1, 0.05), row('b', -0.3, 0.1), row('c', 0.2, 0.1), row('d', 40, 5)],
      't',
    ) as unknown as { vconcat: Layered[] };
    expect(wide.vconcat).toHaveLength(4);
    expect(wide.vconcat[3]!.layer[1]!.encoding.x!.scale!.domain![1]).toBeGreaterThan(45);
    expect(wide.vconcat[0]!.layer[1]!.encoding.x!.scale!.domain![1]).toBeLessThan(1);
  });

  it('lays a dendrogram out with every leaf once and each merge at its height', () => {
    const { segments, leaves } = dendrogramLayout(
      ['a', 'b', 'c'],
      [
        { left: 0, right: 1, height: 1, size: 2 },
        { left: 2, right: 3, height: 3, size: 3 },
      ],
    );
    expect(leaves.map((leaf) => leaf.label)).toEqual(['c', 'a', 'b']);
    expect(segments).toHaveLength(6);
    expect(segments.filter((s) => s.x === s.x2).map((s) => s.x)).toEqual([1, 3]);
  });

  it('gives each dendrogram leaf one row, with no empty rows around the tree', () => {
    const merges = [
      { left: 0, right: 1, height: 1, size: 2 },
      { left: 2, right: 3, height: 3, size: 3 },
    ];
    const spec = dendrogramSpec(['a', 'b', 'c'], ['x', 'x', 'y'], merges) as unknown as {
      layer: Array<{ encoding: { y: { scale?: { domain: number[]; nice: boolean } } } }>;
    };
    for (const layer of spec.layer) expect(layer.encoding.y.scale).toMatchObject({ domain: [-0.5, 2.5], nice: false });
  });

  it("colours each dendrogram leaf by its own document's author, whatever the labels", () => {
    const spec = dendrogramSpec(
      ['01.txt', '01.txt', '02.txt'],
      ['austen', 'darwin', 'darwin'],
      [
        { left: 0, right: 2, height: 1, size: 2 },
        { left: 1, right: 3, height: 2, size: 3 },
      ],
    ) as unknown as { layer: Array<{ data: { values: Array<{ index: number; author: string }> } }> };
    const leaves = spec.layer[1]!.data.values;
    expect(leaves.map((leaf) => [leaf.index, leaf.author])).toEqual([
      [1, 'darwin'],
      [0, 'austen'],
      [2, 'darwin'],
    ]);
  });

  describe.skipIf(!available)('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    }, 60_000);
    afterAll(async () => browser?.close());

    it.each(['corpus', 'benchmark'] as const)('opens the %s report without console errors', async (name) => {
      mkdirSync(OUTPUT, { recursive: true });
      const dir = mkdtempSync(join(tmpdir(), 'styler-report-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const path = join(dir, 'report.html');
      writeFileSync(path, name === 'corpus' ? corpus : benchmark);
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('request', (request) => {
        if (!request.url().startsWith('file:')) problems.push(`fetched ${request.url()}`);
      });
      await page.goto(pathToFileURL(path).href);
      expect(await page.title()).toMatch(/^Styler (corpus|benchmark) report$/);
      const plots = await page.locator('figure svg').evaluateAll((svgs) =>
        svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { width: box.width, height: box.height };
        }),
      );
      expect(plots.length).toBeGreaterThanOrEqual(3);
      for (const box of plots) {
        expect(box.width).toBeGreaterThan(100);
        expect(box.height).toBeGreaterThan(50);
      }
      const screenshot = await page.screenshot({ path: join(OUTPUT, `${name}-report.png`), fullPage: true });
      expect(screenshot.length).toBeGreaterThan(10_000);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
});
