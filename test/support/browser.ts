import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll } from 'vitest';

/**
 * Debian's chromium (never a downloaded browser) for the browser tests, driven by playwright-core.
 * Where the binary is absent a test is skipped and says why; .ci/run installs it so CI runs them.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The test's title, or why it is skipped. */
export const browserTestTitle = (title: string, what: string): string =>
  HAS_CHROMIUM ? title : `SKIPPED: ${CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium) to run the ${what} browser test`;

/**
 * For a describe block: `open(app)` serves the app on an ephemeral loopback port and opens a
 * Spanish (Mexico) page in chromium; both are closed after the block.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  let server: Server | undefined;
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
  return {
    async open(app: RequestListener): Promise<{ base: string; page: Page }> {
      server = createServer(app);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...BROWSER_ARGS, '--lang=es-MX'] });
      const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, locale: 'es-MX' });
      return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, page };
    },
  };
}
