/**
 * BarChart in headless Chromium against the real server: every label and value of every chart lies
 * inside its svg (nothing clipped at the edge), and every chart fits its figure and the screen (no
 * sideways scrolling to see a value), at 1200 px and at 375 px, for the style card of a
 * trained model and the quality charts of real restyles, ordinary and extreme (a run-on sentence of
 * hundreds of words, the largest values, a long measure name). Skipped, with one line saying so,
 * when there is no Chromium, unless STYLER_REQUIRE_BROWSER=1.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../../../test-support/browser.js';
import { darwin, fixture } from '../../http/support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from '../../http/support/harness.js';

const OUTPUT = resolve(import.meta.dirname, '../../../../../test-output');
const WIDTHS = [1200, 375];
const available = browserAvailable();
if (!available) console.log('chart browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)');

/** What the page's charts look like, measured in the browser. */
interface ChartMeasure {
  charts: number;
  texts: number;
  /**
   * Text whose box crosses its svg's edge (on screen, or in viewBox units) or its figure's, a caption
   * cut short, a chart wider than its figure or past the screen's right edge.
   */
  clipped: string[];
  /** The smallest height a chart text is drawn at, in CSS px. */
  smallestTextPx: number;
  /** Whether the page itself scrolls sideways (it must not: only a chart's figure may). */
  pageScrollWidth: number;
}

/** Runs in the page: compares each chart text's box with its svg's box, in CSS px and in viewBox units. */
function measureCharts(): ChartMeasure {
  const slack = 0.5;
  const clipped: string[] = [];
  let texts = 0;
  let smallestTextPx = Infinity;
  const svgs = [...document.querySelectorAll<SVGSVGElement>('.chart svg')];
  for (const svg of svgs) {
    const figure = svg.closest('figure')!;
    const chart = figure.querySelector('figcaption')?.textContent ?? '?';
    const frame = svg.getBoundingClientRect();
    const shown = figure.getBoundingClientRect();
    if (frame.right > window.innerWidth + slack) {
      clipped.push(`${chart}: svg ends at ${frame.right.toFixed(1)} past the screen's ${window.innerWidth}`);
    }
    if (figure.scrollWidth > figure.clientWidth + 1) {
      clipped.push(`${chart}: ${figure.scrollWidth} px wide in a figure of ${figure.clientWidth} px`);
    }
    const view = svg.viewBox.baseVal;
    const toSvg = svg.getScreenCTM()!.inverse();
    for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
      texts += 1;
      const box = text.getBoundingClientRect();
      smallestTextPx = Math.min(smallestTextPx, box.height);
      const onScreen =
        box.left >= Math.max(frame.left, shown.left) - slack &&
        box.right <= Math.min(frame.right, shown.right) + slack &&
        box.top >= frame.top - slack &&
        box.bottom <= frame.bottom + slack;
      // The text's own bounding box carried into the svg's viewBox coordinates, corner by corner.
      const own = text.getBBox();
      const toView = toSvg.multiply(text.getScreenCTM()!);
      const corners = [
        [own.x, own.y],
        [own.x + own.width, own.y + own.height],
      ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(toView));
      const inView = corners.every(
        (point) =>
          point.x >= view.x - slack &&
          point.x <= view.x + view.width + slack &&
          point.y >= view.y - slack &&
          point.y <= view.y + view.height + slack,
      );
      if (!onScreen || !inView) {
        const where = (r: DOMRect) =>
          `${r.left.toFixed(1)},${r.top.toFixed(1)} → ${r.right.toFixed(1)},${r.bottom.toFixed(1)}`;
        clipped.push(`${chart}: "${text.textContent}" at ${where(box)} in svg ${where(frame)}`);
      }
    }
  }
  for (const caption of document.querySelectorAll<HTMLElement>('.chart figcaption')) {
    if (caption.scrollWidth > caption.clientWidth + 1) clipped.push(`caption "${caption.textContent}" cut short`);
  }
  return {
    charts: svgs.length,
    texts,
    clipped,
    smallestTextPx,
    pageScrollWidth: document.documentElement.scrollWidth,
  };
}

describe.skipIf(!available)('bar charts in headless Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let model: string;
  const problems: string[] = [];

  /** At each width: nothing clipped, text no smaller than its 12 px, the page no wider than the screen. */
  async function expectNothingClipped(minCharts: number, screenshot: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // A chart measures its drawn text and lays itself out again, so wait for that to settle.
      await expect.poll(() => page.evaluate(measureCharts).then((m) => m.clipped)).toEqual([]);
      const measure = await page.evaluate(measureCharts);
      expect(measure.charts).toBeGreaterThanOrEqual(minCharts);
      expect(measure.texts).toBeGreaterThan(measure.charts * 2);
      expect(measure.smallestTextPx).toBeGreaterThanOrEqual(11);
      expect(measure.pageScrollWidth).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(OUTPUT, `${screenshot}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1200, height: 900 });
  }

  /** Restyles `text` in the playground, streamed, with quality analytics and ROUGE. */
  async function restyle(text: string): Promise<void> {
    await page.getByRole('button', { name: 'Playground', exact: true }).click();
    await page.getByLabel('Model', { exact: true }).selectOption(model);
    await page.getByLabel('Text to restyle').fill(text);
    await page.getByLabel('ROUGE (with quality)').check();
    await page.getByRole('button', { name: 'Restyle' }).click();
    await page.getByRole('heading', { name: 'Quality analytics' }).waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    service = await startTestService();
    origin = service.baseUrl.replace(/\/v1$/, '');
    const corpus = [1, 2, 3, 4, 5, 6].map(darwin).join('\n***\n');
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('letters.txt', corpus) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const created = await service.request(
      '/fine_tuning/jobs',
      jsonBody({ training_files: [fileId], suffix: 'darwin' }),
    );
    const job = await waitForJob(service, ((await created.json()) as { id: string }).id);
    model = job.fine_tuned_model as string;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${origin}/`);
    await page.getByLabel('API key').fill(service.keys.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Files', exact: true }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('keeps the style card’s labels and values inside their charts', async () => {
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    await page.getByRole('button', { name: model }).click();
    await page.locator('.style-card svg').first().waitFor();
    await expectNothingClipped(2, 'chart-style-card');
  }, 60_000);

  it('keeps the style card’s largest values inside their charts', async () => {
    // The largest a corpus could show: sentences of a thousand words, one exclamation mark in two words.
    await page.route(`**/v1/models/${model}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { style: Record<string, Record<string, unknown>> };
      Object.assign(body.style.sentenceLength!, { p10: 3, median: 187, mean: 412.375, p90: 1234 });
      Object.assign(body.style.punctuation!, { exclamationMarksPerThousandWords: 500, semicolonsPerThousandWords: 0 });
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: 'Files', exact: true }).click();
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    await page.getByRole('button', { name: model }).click();
    await expect.poll(() => page.locator('.style-card .chart-value', { hasText: '1234' }).count()).toBe(1);
    await expectNothingClipped(2, 'chart-style-card-largest');
    await page.unroute(`**/v1/models/${model}`);
  }, 60_000);

  it('keeps the quality charts’ labels and values inside them', async () => {
    await restyle(fixture('ai-input-01.txt').split('\n## Key Features')[0]!);
    await expectNothingClipped(5, 'chart-quality');
  }, 60_000);

  it('keeps them inside for a run-on sentence and a long measure name', async () => {
    // Hundreds of words in one sentence: sentence lengths in the hundreds, Flesch reading ease far below zero.
    const runOn = `${darwin(1)
      .replace(/[.!?;:]+/g, ',')
      .split(/\s+/)
      .slice(0, 400)
      .join(' ')}.`;
    // A measure name longer than any the server sends today, added to the real answer.
    await page.route('**/v1/style/transform', async (route) => {
      const response = await route.fetch();
      const events = (await response.text()).replace(/"quality_analytics":\{/, () => {
        const longMeasure = { personalized: 0.42, unpersonalized: 0.37, ground_truth: 0.5 };
        return `"quality_analytics":{"share_of_sentences_opening_with_a_subordinate_clause":${JSON.stringify(longMeasure)},`;
      });
      await route.fulfill({ response, body: events });
    });
    await restyle(runOn);
    await page.unroute('**/v1/style/transform');
    const values = await page.locator('.charts .chart-value').allTextContents();
    expect(values.some((value) => Number(value) >= 100)).toBe(true);
    expect(values.some((value) => Number(value) <= -100)).toBe(true);
    expect(await page.locator('.charts .chart-label', { hasText: /^share of sentences opening/ }).count()).toBe(1);
    await expectNothingClipped(6, 'chart-quality-extremes');
    expect(problems).toEqual([]);
  }, 60_000);
});
