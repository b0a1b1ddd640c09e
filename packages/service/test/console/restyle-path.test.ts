/**
 * The playground's Restyle on a service with an LLM, in headless Chromium against the real server:
 * a rewrite goes through the LLM by default and says so (the model, the drafts, the cost), "Rule
 * engine only" sends none to the LLM and says the rule engine answered, and an LLM that fails leaves
 * the answer to the rule engine with the reason shown. Screenshots go to test-output/. Skipped, with
 * one line saying so, when there is no Chromium, unless STYLER_REQUIRE_BROWSER=1.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../../test-support/browser.js';
import { startOpenAITestServer, type OpenAITestServer } from '../../../../test-support/openai-test-server.js';
import { darwin, fixture } from '../http/support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from '../http/support/harness.js';

const OUTPUT = resolve(import.meta.dirname, '../../../../test-output');
/** The opening of an AI-style product post, and a faithful rewording of it the LLM answers with. */
const TEXT = fixture('ai-input-01.txt').split('\n## Key Features')[0]!;
const DRAFT = TEXT.replace("That's why we're thrilled", 'That is why we are delighted');
const available = browserAvailable();
if (!available) console.log('console restyle-path tests skipped: no Chromium at /usr/bin/chromium');

describe.skipIf(!available)('the playground says which path answered a rewrite', () => {
  let llm: OpenAITestServer;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let model: string;
  /** While set, the LLM answers every request with an HTTP 500. */
  let failing = false;

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    llm = await startOpenAITestServer({
      reply: (request) => {
        if (failing) throw new Error('the LLM is down');
        return request.messages.findLast((message) => message.role === 'assistant')?.content ?? DRAFT;
      },
    });
    service = await startTestService({
      providerEnv: { STYLER_LLM_BASE_URL: llm.url, STYLER_LLM_MODELS: 'writer-model' },
    });
    const corpus = [1, 2, 3].map(darwin).join('\n***\n');
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('model.txt', corpus) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const created = await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId], suffix: 'path' }));
    model = (await waitForJob(service, ((await created.json()) as { id: string }).id)).fine_tuned_model as string;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(service.baseUrl.replace(/\/v1$/, '/'));
    await page.getByLabel('API key').fill(service.keys.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Playground', exact: true }).click();
    await page.getByLabel('Model', { exact: true }).selectOption(model);
    await page.getByLabel('Text to restyle').fill(TEXT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await llm?.close();
  });

  async function restyle(): Promise<string> {
    await page.getByRole('button', { name: 'Restyle' }).click();
    const answered = page.locator('.answered-by');
    await answered.waitFor({ timeout: 30_000 });
    return (await answered.textContent()) ?? '';
  }

  it('restyles through the LLM by default and names it, with the drafts and the cost', async () => {
    const said = await restyle();
    expect(said).toMatch(
      /Answered by the LLM \(writer-model: 2 drafts, (draft \d|its revision) chosen; \d+ LLM calls?/,
    );
    expect(said).toContain("then the rule engine's pass");
    expect(llm.requests.length).toBeGreaterThan(0);
    expect((await page.locator('.side-by-side p.text').nth(1).textContent())?.length).toBeGreaterThan(50);
    await page.screenshot({ path: join(OUTPUT, 'console-restyle-llm.png'), fullPage: true });
  }, 60_000);

  it('asks no LLM with "Rule engine only", and says the rule engine answered', async () => {
    const before = llm.requests.length;
    await page.getByLabel('Rule engine only (no LLM)').check();
    // The request in code carries the switch too.
    expect(await page.locator('.copyable pre').first().textContent()).toContain('"rewrite_engine": "rules"');
    expect(await restyle()).toMatch(/Answered by the rule engine alone/);
    expect(llm.requests.length).toBe(before);
    await page.getByLabel('Rule engine only (no LLM)').uncheck();
  }, 60_000);

  it('shows the rule engine’s answer and the reason when the LLM fails', async () => {
    failing = true;
    try {
      const said = await restyle();
      expect(said).toMatch(/Answered by the rule engine: the LLM failed/);
      expect(said).toMatch(/HTTP 500/);
      expect((await page.locator('.side-by-side p.text').nth(1).textContent())?.length).toBeGreaterThan(50);
      expect(await page.locator('.notice.error').count()).toBe(0);
      await page.screenshot({ path: join(OUTPUT, 'console-restyle-fallback.png'), fullPage: true });
    } finally {
      failing = false;
    }
  }, 60_000);
});
