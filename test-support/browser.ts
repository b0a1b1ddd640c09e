/**
 * Headless Chromium for the tests that open pages in a real browser: Debian's `chromium` driven by
 * playwright-core. Without the browser these tests are skipped, unless STYLER_REQUIRE_BROWSER=1
 * (set by .ci/run, which installs it) makes its absence a failure.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.STYLER_CHROMIUM ?? '/usr/bin/chromium';

/** Whether the browser tests run here; throws when they must and cannot. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.STYLER_REQUIRE_BROWSER === '1') {
    throw new Error(`STYLER_REQUIRE_BROWSER=1 but there is no browser at ${CHROMIUM_PATH} (apt-get install chromium)`);
  }
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
