/**
 * The console's views laid out and behaving as a reader expects, in headless Chromium against the
 * real server: the sign-in button clear of the key field, a multi-file upload listed in upload order
 * and each marked done, the Files table's action buttons in one column, "select all" for training,
 * a job card's Cancel button its own width, "Base model" labelled once, full mode saying that no LLM
 * is configured, and the quality charts titled in words. Screenshots at 375 and 1400 px go to
 * test-output/. Skipped, with one line saying so, when there is no Chromium, unless
 * STYLER_REQUIRE_BROWSER=1.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../../test-support/browser.js';
import { darwin, fixture } from '../http/support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from '../http/support/harness.js';

const OUTPUT = resolve(import.meta.dirname, '../../../../test-output');
const WIDTHS = [375, 1400];
/** Uploaded in this order, sizes unlike one another so parallel uploads would finish out of it. */
const UPLOADS = [
  { name: 'the-third-and-longest-sample-of-letters.txt', letters: [1, 2, 3, 4, 5, 6, 7] },
  { name: 'a.txt', letters: [7] },
  { name: 'letters-b.txt', letters: [2, 3] },
];
const available = browserAvailable();
if (!available) console.log('console view tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)');

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not drawn`);
  return found;
}

describe.skipIf(!available)('console views in headless Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let model: string;
  const dir = mkdtempSync(join(tmpdir(), 'styler-console-views-'));

  async function screenshots(name: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(OUTPUT, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  }

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    service = await startTestService();
    origin = service.baseUrl.replace(/\/v1$/, '');
    // A trained model for the playground, through the API.
    const corpus = [1, 2, 3, 4, 5, 6].map(darwin).join('\n***\n');
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('model.txt', corpus) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const created = await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId], suffix: 'views' }));
    model = (await waitForJob(service, ((await created.json()) as { id: string }).id)).fine_tuned_model as string;
    for (const { name, letters } of UPLOADS) writeFileSync(join(dir, name), letters.map(darwin).join('\n***\n'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('keeps the sign-in button clear of the key field', async () => {
    await page.goto(`${origin}/`);
    const gaps: Record<number, number> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const field = await box(page.getByLabel('API key'));
      const button = await box(page.getByRole('button', { name: 'Sign in' }));
      gaps[width] = button.y - (field.y + field.height);
    }
    await screenshots('views-signin');
    // Signed in before the verdict, which the other tests do not depend on.
    await page.getByLabel('API key').fill(service.keys.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Files', exact: true }).waitFor();
    for (const width of WIDTHS) expect(gaps[width], `gap at ${width} px`).toBeGreaterThanOrEqual(8);
  });

  it('lists a multi-file upload in upload order, each marked done', async () => {
    await page.locator('#file-input').setInputFiles(UPLOADS.map(({ name }) => join(dir, name)));
    const uploads = page.locator('.uploads li');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBe(4);
    await expect.poll(() => uploads.filter({ hasText: 'Uploaded' }).count(), { timeout: 20_000 }).toBe(3);
    expect(await uploads.allTextContents()).toEqual(UPLOADS.map(({ name }) => `${name}Uploaded`));
    await expect
      .poll(() =>
        page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[1]?.firstChild?.textContent)),
      )
      .toEqual(['model.txt', ...UPLOADS.map(({ name }) => name)]);
    await screenshots('views-files');
  });

  it('lines up the action buttons of every row of the Files table', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const rows = page.locator('tbody tr');
      const texts = await Promise.all((await rows.all()).map((row) => box(row.getByRole('button', { name: 'Text' }))));
      const deletes = await Promise.all(
        (await rows.all()).map((row) => box(row.getByRole('button', { name: 'Delete…' }))),
      );
      expect(texts).toHaveLength(4);
      for (const buttons of [texts, deletes]) {
        const lefts = buttons.map((button) => Math.round(button.x));
        expect(new Set(lefts).size, `at ${width} px: ${lefts.join(', ')}`).toBe(1);
      }
      // In the Actions column, under its heading, each cell as tall as its row (its rule lines up with the row's).
      const heading = await box(page.getByRole('columnheader', { name: 'Actions' }));
      expect(Math.abs(texts[0]!.x - heading.x)).toBeLessThan(12);
      for (const row of await rows.all()) {
        const [rowBox, cell] = [await box(row), await box(row.locator('td').last())];
        expect(Math.abs(cell.x - heading.x), `cell left at ${width} px`).toBeLessThan(1);
        expect(Math.abs(cell.y - rowBox.y), `cell top at ${width} px`).toBeLessThan(1);
        expect(Math.abs(cell.height - rowBox.height), `cell height at ${width} px`).toBeLessThan(1);
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('selects every file for training at once, and none again', async () => {
    const selectAll = page.getByLabel('Select all files to train on');
    const rows = page.locator('tbody input[type="checkbox"]');
    await selectAll.check();
    expect(await rows.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await page.getByRole('heading', { name: /selected files \(4\)/ }).waitFor();
    await page.getByLabel('Train on a.txt').uncheck();
    expect(await selectAll.isChecked()).toBe(false);
    await selectAll.check();
    await selectAll.uncheck();
    expect(await rows.evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).length)).toBe(0);
    await page.getByRole('button', { name: 'Select files to train on' }).waitFor();
  });

  it('draws a job card’s Cancel button at its own width', async () => {
    // The real list, with its job shown as still running (a real one finishes too fast to catch).
    await page.route('**/v1/fine_tuning/jobs?limit=50', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<Record<string, unknown>> };
      body.data = body.data.map((job) => ({ ...job, status: 'running', fine_tuned_model: null, finished_at: null }));
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: 'Training', exact: true }).click();
    const card = page.locator('.job').first();
    const cancel = card.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const button = await box(cancel);
      const within = await box(card);
      expect(button.width, `at ${width} px`).toBeLessThan(within.width / 2);
    }
    await screenshots('views-jobs');
    await page.unroute('**/v1/fine_tuning/jobs?limit=50');
  });

  it('labels the base model once in full mode', async () => {
    await page.getByRole('button', { name: 'Playground', exact: true }).click();
    await page.getByLabel('Model', { exact: true }).selectOption(model);
    await page.getByLabel('Full: a base model writes, then it is restyled').check();
    expect(await page.getByText('Base model', { exact: true }).count()).toBe(1);
  });

  it('says in full mode that no LLM is configured, and keeps saying it before the next try', async () => {
    await page.getByLabel('Base model', { exact: true }).fill('gpt-4o-mini');
    await page.getByLabel('Your message to the base model').fill('Write two sentences about barnacles.');
    await page.getByRole('button', { name: 'Restyle' }).click();
    const note = page.getByRole('alert');
    await expect.poll(() => note.textContent()).toMatch(/No LLM is configured on this service/);
    // The server's own words on how to configure one.
    expect(await note.textContent()).toMatch(/OPENAI_API_KEY/);
    expect(await page.getByRole('button', { name: 'Restyle' }).isDisabled()).toBe(true);
    await screenshots('views-full-mode');
    // Rewrite mode needs no LLM; back in full mode the note is there before anything is sent.
    await page.getByLabel('Rewrite my text').check();
    expect(await note.count()).toBe(0);
    await page.getByLabel('Full: a base model writes, then it is restyled').check();
    expect(await note.textContent()).toMatch(/No LLM is configured/);
  });

  it('titles the quality charts in words', async () => {
    await page.getByLabel('Rewrite my text').check();
    await page.getByLabel('Text to restyle').fill(fixture('ai-input-01.txt').split('\n## Key Features')[0]!);
    await page.getByRole('button', { name: 'Restyle' }).click();
    await page.getByRole('heading', { name: 'Quality analytics' }).waitFor({ timeout: 30_000 });
    // As drawn (innerText applies CSS text-transform).
    const titles = await page
      .locator('.charts figcaption')
      .evaluateAll((captions) => captions.map((caption) => (caption as HTMLElement).innerText));
    expect(titles).toContain('Part-of-speech frequency');
    expect(titles).toContain('Sentence length (words)');
    expect(titles).toContain('Function-word frequency');
    for (const title of titles) expect(title).not.toMatch(/ [A-Z][a-z]/);
    const labels = await page.locator('.charts .chart-label').allTextContents();
    expect(labels).toContain('Flesch reading ease');
    expect(labels).toContain('standard deviation');
    expect(labels.some((label) => label.includes('_'))).toBe(false);
    await screenshots('views-quality');
  }, 60_000);
});
