import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { browserTestTitle, HAS_CHROMIUM, useBrowser } from '../support/browser.ts';
import { validBody } from '../support/vehicles.ts';

/** A world's requests tab in Debian's chromium, as QA reads it (docs/dashboard.md shows its screenshot). */
const SHOTS = 'test-results';
const TITLE = browserTestTitle(
  'when QA opens the requests tab, filters by 4xx and opens one, then it sees what was sent and answered, with no console error',
  'dashboard requests',
);

describe('a world\'s requests in headless Chromium', () => {
  const browser = useBrowser();

  it.skipIf(!HAS_CHROMIUM)(TITLE, async () => {
    const t = makeTestApp();
    const { tenant, auth } = t.newTenant('Flota QA');
    const created = await t.request.post('/v1/vehicles').set(auth).send(validBody({ plate: 'QA-2001' })).expect(201);
    await t.request.post('/v1/vehicles').set(auth).send(validBody({ plate: 'QA-2001' })).expect(409);
    await t.request.patch(`/v1/vehicles/${created.body.id}`).set(auth).send({ color: 'Rojo' }).expect(200);
    await t.request.get('/v1/vehicles?limit=5').set(auth).expect(200);
    await t.request.post('/v1/drivers').set(auth).send({ name: 'Ana', whatsapp: '12' }).expect(400);
    const { base, page } = await browser.open(t.app);
    mkdirSync(SHOTS, { recursive: true });
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (err) => void errors.push(err.message));

    // The world's page calls the simulators (absent here): its look page links to the tab as well.
    await page.goto(`${base}/dashboard/worlds/${tenant.id}/look`);
    await page.getByRole('link', { name: 'Solicitudes' }).click();
    const all = await page.locator('#solicitudes summary').allInnerTexts();
    await page.getByLabel('Estado').selectOption('4xx');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.locator('#solicitudes summary').allInnerTexts(), { timeout: 30_000 }).toEqual([
      expect.stringMatching(/^POST \/v1\/drivers 400/),
      expect.stringMatching(/^POST \/v1\/vehicles 409/),
    ]);
    await page.locator('#solicitudes summary', { hasText: '409' }).click();
    const opened = page.locator('#solicitudes details[open]');

    expect(all.map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'POST /v1/drivers 400', 'GET /v1/vehicles?limit=5 200', `PATCH /v1/vehicles/${created.body.id} 200`, 'POST /v1/vehicles 409', 'POST /v1/vehicles 201',
    ]);
    expect(await opened.locator('pre.cuerpo').first().innerText()).toContain('"plate": "QA-2001"');
    expect(await opened.locator('pre.cuerpo').nth(1).innerText()).toContain('"code": "CONFLICT"');
    await page.screenshot({ path: `${SHOTS}/dashboard-requests.png`, fullPage: true });
    // The address keeps the filter, so the view can be bookmarked.
    expect(new URL(page.url()).search).toBe('?status=4xx');

    // A refused filter is said in place of the list (the one before is not left as if it were its own);
    // the mended one brings a list back.
    await page.getByLabel('Ruta').fill('vehicles');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.locator('#solicitudes').getByText('path debe empezar por /').waitFor();
    expect(await page.locator('#solicitudes summary').count()).toBe(0);
    await page.getByLabel('Ruta').fill('/v1/drivers');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.locator('#solicitudes summary').allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringMatching(/^POST \/v1\/drivers 400/)]);
    expect(await page.locator('#avisos').innerText()).toBe('');
    expect(new URL(page.url()).search).toBe('?status=4xx&path=%2Fv1%2Fdrivers');
    const reloaded = await page.goto(page.url());
    expect(reloaded!.status()).toBe(200);
    expect(await page.locator('#solicitudes summary').allInnerTexts()).toEqual([expect.stringMatching(/^POST \/v1\/drivers 400/)]);
    expect(errors.filter((e) => !e.includes('400 (Bad Request)'))).toEqual([]);
  }, 120_000);
});
