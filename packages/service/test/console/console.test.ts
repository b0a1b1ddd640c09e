/**
 * The web console end to end in headless Chromium against the real server on a free port: sign in
 * (a wrong key first), upload two files and one the server rejects, train, wait for success, read
 * the model's style card, restyle with streaming and quality (diff and charts shown), delete a file,
 * and the playground at 375 px. Screenshots go to test-output/. Skipped, with one line saying so,
 * when there is no Chromium, unless STYLER_REQUIRE_BROWSER=1.
 */
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../../test-support/browser.js';
import { darwin, fixture } from '../http/support/fixtures.js';
import { startTestService, type TestService } from '../http/support/harness.js';

const OUTPUT = resolve(import.meta.dirname, '../../../../test-output');
const available = browserAvailable();
if (!available)
  console.log('console browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)');

describe.skipIf(!available)('web console in headless Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let origin: string;
  const problems: string[] = [];
  const refused: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'styler-console-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fileRow = (name: string) => page.locator('tbody tr', { hasText: name });

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    service = await startTestService();
    origin = service.baseUrl.replace(/\/v1$/, '');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The requests meant to fail (the wrong key, the empty file) are logged by the browser too.
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    writeFileSync(join(dir, 'letters-a.txt'), [1, 2, 3].map(darwin).join('\n***\n'));
    writeFileSync(join(dir, 'letters-b.txt'), [4, 5, 6].map(darwin).join('\n***\n'));
    writeFileSync(join(dir, 'empty.txt'), '');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('serves the console with a strict CSP and cacheable hashed assets', async () => {
    const index = await fetch(`${origin}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await index.text();
    expect(html).not.toMatch(/<script>|<style>|style=|\son\w+=/);
    const [, script] = /src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(html) ?? [];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await asset.text()).not.toContain(service.keys.acme);
    expect((await fetch(`${origin}/assets/nope.js`)).status).toBe(404);
  });

  it('refuses a wrong key with a message that says what to do, then signs in', async () => {
    await page.goto(`${origin}/`);
    await page.getByLabel('API key').fill('sk-wrong-key-0000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not accepted/);
    await page.getByLabel('API key').fill(service.keys.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    expect(page.url()).not.toContain(service.keys.acme);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
  });

  it('uploads two files, shows the server’s refusal of a third, and trains a model', async () => {
    await page.getByText('No files yet').waitFor();
    await page
      .locator('#file-input')
      .setInputFiles([join(dir, 'letters-a.txt'), join(dir, 'letters-b.txt'), join(dir, 'empty.txt')]);
    await fileRow('letters-a.txt').waitFor();
    await fileRow('letters-b.txt').waitFor();
    // The server's own message, next to the file it refused.
    await expect.poll(() => page.locator('.uploads li.failed').textContent()).toMatch(/empty\.txt.*File is empty\./);
    // A file's text opens below the table, in view even on a short screen.
    await page.setViewportSize({ width: 1200, height: 420 });
    await fileRow('letters-a.txt').getByRole('button', { name: 'Text' }).click();
    const textPanel = page.getByRole('region', { name: 'Text of letters-a.txt' });
    await textPanel.locator('pre').waitFor();
    await expect
      .poll(() => textPanel.evaluate((panel) => panel.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.getByLabel('Train on letters-a.txt').check();
    await page.getByLabel('Train on letters-b.txt').check();
    await page.getByLabel('Model name suffix (optional)').fill('darwin');
    await page.screenshot({ path: join(OUTPUT, 'console-files.png'), fullPage: true });
    await page.getByRole('button', { name: 'Start training' }).click();
    await page.getByRole('heading', { name: 'Fine-tuning jobs' }).waitFor();
    await page.locator('.badge.succeeded').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^Open ftm-darwin-/ }).click();
    await page.getByRole('heading', { name: /^ftm-darwin-/ }).waitFor();
    expect(await page.locator('.style-card .habit').count()).toBeGreaterThan(5);
    expect(await page.locator('.style-card meter').count()).toBeGreaterThan(3);
    expect(await page.locator('.style-card svg[role="img"]').count()).toBe(2);
    await page.screenshot({ path: join(OUTPUT, 'console-model.png'), fullPage: true });
  }, 90_000);

  it('restyles in the playground with streaming, the word diff and quality charts', async () => {
    await page.getByRole('button', { name: 'Playground' }).click();
    // The opening of an AI-style product post (fixture ai-input-01.txt).
    await page.getByLabel('Text to restyle').fill(fixture('ai-input-01.txt').split('\n## Key Features')[0]!);
    // Streaming, quality and the diff are on by default; the distance is asked for here.
    for (const label of ['Stream the answer', 'Quality analytics', 'Original and word diff']) {
      expect(await page.getByLabel(label).isChecked()).toBe(true);
    }
    await page.getByLabel('Edit distance').check();
    await page.getByRole('button', { name: 'Restyle' }).click();
    await page.getByRole('heading', { name: 'Word diff' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Quality analytics' }).waitFor();
    expect((await page.locator('.side-by-side p.text').nth(1).textContent())?.length).toBeGreaterThan(50);
    expect(await page.locator('.charts svg[role="img"]').count()).toBeGreaterThanOrEqual(5);
    // Each chart writes its values with one precision ("7.0" beside "16.0", never "7.000").
    const decimals = await page.locator('.charts figure').evaluateAll((figures) =>
      figures.map((figure) => [
        ...new Set(
          [...figure.querySelectorAll('.chart-value')]
            .map((text) => text.textContent ?? '')
            .filter((text) => /\d/.test(text))
            .map((text) => /\.(\d+)/.exec(text)?.[1]?.length ?? 0),
        ),
      ]),
    );
    for (const precisions of decimals) expect(precisions.length, JSON.stringify(decimals)).toBeLessThanOrEqual(1);
    expect(await page.locator('.diff').count()).toBe(1);
    // The engine changed something, and the diff marks it.
    expect(await page.locator('.diff ins, .diff del').count()).toBeGreaterThan(0);
    expect(await page.getByText(/word edits/).count()).toBe(1);
    const curl = await page.locator('.copyable pre').first().textContent();
    expect(curl).toContain('/v1/style/transform');
    expect(curl).toContain('$STYLER_API_KEY');
    expect(curl).not.toContain(service.keys.acme);
    // The same call in the openai SDK for Python and for Node, the key read from the environment.
    const sdk = await page.locator('.copyable pre').allTextContents();
    expect(sdk.some((code) => code.includes('from openai import OpenAI'))).toBe(true);
    const node = sdk.find((code) => code.includes("import OpenAI from 'openai'"));
    expect(node).toContain("client.post('/style/transform'");
    expect(node).toContain('process.env.STYLER_API_KEY');
    await page.screenshot({ path: join(OUTPUT, 'console-playground.png'), fullPage: true });
    await page.locator('.side-by-side').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(OUTPUT, 'console-playground-results.png') });

    // Readable at 375 px: nothing wider than the screen, and chart text no smaller than its 12 px.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The header in two rows: the brand and Sign out, then the four sections on one row.
    const header = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const tops = [...document.querySelectorAll('nav button')].map((b) => Math.round(b.getBoundingClientRect().top));
      const signOut = box('.signout');
      const brand = box('.brand');
      const middle = (rect: DOMRect) => rect.top + rect.height / 2;
      return {
        sectionRows: new Set(tops).size,
        sectionsBelowSignOut: box('nav').top >= signOut.bottom,
        brandBesideSignOut: Math.abs(middle(brand) - middle(signOut)) < signOut.height / 2,
      };
    });
    expect(header).toEqual({ sectionRows: 1, sectionsBelowSignOut: true, brandBesideSignOut: true });
    const smallest = await page
      .locator('.charts .chart-value')
      .evaluateAll((texts) => Math.min(...texts.map((text) => text.getBoundingClientRect().height)));
    expect(smallest).toBeGreaterThanOrEqual(11);
    await page.screenshot({ path: join(OUTPUT, 'console-playground-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Files', exact: true }).click();
    await fileRow('letters-a.txt').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(OUTPUT, 'console-files-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Playground', exact: true }).click();
    await page.setViewportSize({ width: 1200, height: 900 });
  }, 60_000);

  it('deletes a file after confirmation, then signs out', async () => {
    await page.getByRole('button', { name: 'Files' }).click();
    const row = fileRow('letters-b.txt');
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete…' }).click();
    await row.getByRole('button', { name: 'Delete letters-b.txt' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await fileRow('letters-a.txt').count()).toBe(1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(refused).toEqual(['401 /v1/models', '400 /v1/files']);
    expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    expect(problems).toHaveLength(refused.length);
  });
});
