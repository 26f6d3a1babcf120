import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { browserTestTitle, HAS_CHROMIUM, useBrowser } from '../support/browser.ts';

const TITLE = browserTestTitle(
  'when QA types a count the browser cannot read as a number (5-) in the fixture form, then the API\'s refusal names the field, and no world is made',
  'dashboard fixture form',
);

/**
 * A number input holds "" for `5-`, and the form (novalidate: the API judges it) sent nothing for it:
 * a world with no fixture, and no word said. Only a browser shows it; the form's counts are text.
 */
describe('the create form\'s fixture counts in headless Chromium', () => {
  const browser = useBrowser();

  it.skipIf(!HAS_CHROMIUM)(TITLE, async () => {
    const t = makeTestApp();
    const worlds = async () => (await t.request.get('/_testbed/tenants').expect(200)).body.data.length;
    const before = await worlds();
    const { base, page } = await browser.open(t.app);

    await page.goto(`${base}/dashboard`);
    await page.getByLabel('Nombre').first().fill('qa-silencio');
    await page.locator('details.poblar summary').click();
    await page.locator('input[name="vehicles"]').pressSequentially('5-');
    await page.getByLabel('platform_b').first().check();
    await page.getByRole('button', { name: 'Crear mundo' }).click();

    await page.getByText('fixture.vehicles debe ser un número entero').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('input[name="vehicles"]').inputValue()).toBe('5-');
    expect(await worlds()).toBe(before);
  }, 120_000);
});
