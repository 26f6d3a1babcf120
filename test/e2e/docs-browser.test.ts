import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_ARGS, browserTestTitle, CHROMIUM, HAS_CHROMIUM } from '../support/browser.ts';
import { ERROR_CATALOG } from '../../server/errors.ts';
import { OPERATIONS } from '../../server/openapi/operations.ts';
import { makeTestApp } from '../support/app.ts';

/**
 * /docs as a person sees it: Debian's chromium (never a downloaded browser) driven by playwright-core.
 * Where the binary is absent the test is skipped and says why; .ci/run installs it so CI runs it.
 */
const ARGS = BROWSER_ARGS;
const TITLE = browserTestTitle(
  'when /docs opens, then swagger-ui renders every operation of the document, with the scopes and the Spanish error messages',
  'docs',
);

describe('GET /docs in headless Chromium', () => {
  let browser: Browser | undefined;
  let server: Server | undefined;

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it.skipIf(!HAS_CHROMIUM)(TITLE, async () => {
    // Arrange: the app on an ephemeral loopback port, a browser that may reach nothing else.
    server = createServer(makeTestApp().app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (r) => void (r.url().startsWith(`${base}/`) || r.url().startsWith('data:') || elsewhere.push(r.url())));
    page.on('pageerror', (err) => void pageErrors.push(err.message));

    // Act
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });

    // Assert: one block per operation, named by its operationId (swagger-ui's element ids).
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 10_000 }).toBe(OPERATIONS.length);
    const ids = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((b) => b.id));
    expect(ids.sort()).toEqual(OPERATIONS.map((op) => `operations-${op.tags[0]}-${op.operationId}`).sort());

    const intro = page.locator('.information-container');
    await intro.getByText('Decisiones del contrato').waitFor({ state: 'visible' });
    await intro.getByText(ERROR_CATALOG.TENANT_PENDING.message).first().waitFor({ state: 'visible' });

    const patch = page.locator('#operations-Vehicles-patchVehicle');
    await patch.locator('.opblock-summary').first().click();
    await patch.getByText(ERROR_CATALOG.VEHICLE_COLOR_LOCKED.message).first().waitFor({ state: 'visible' });
    await patch.locator('code', { hasText: /^VEHICLE_COLOR_LOCKED$/ }).first().waitFor({ state: 'visible' });
    await patch.getByText('vehicles:write').first().waitFor({ state: 'visible' });

    expect(elsewhere, 'requests that left the app (a CDN?)').toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
