import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, worldClient } from '../support/process.ts';

/**
 * The dashboard on a phone (390 px, an iPhone's width) and on a wide screen, in Debian's chromium
 * driven by playwright-core, against a real serve. Skipped, saying why, where the binary is absent.
 * Screenshots go to test-results/ (docs/dashboard.md shows copies of them).
 */
const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
const ARGS = ['--lang=es-MX', '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = 'test-results';
const PHONE = { width: 390, height: 844 };
const skipped = (title: string) => (HAS_CHROMIUM ? title : `SKIPPED: ${CHROMIUM} not found (apt-get install -y chromium): ${title}`);

/** How far the page and each card reach to the right: nothing may pass the viewport's width. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    cards: [...document.querySelectorAll('main .tarjeta')].map((c) => Math.ceil(c.getBoundingClientRect().right)),
  }));

async function expectNoSidewaysScroll(page: Page, width: number) {
  const reach = await overflow(page);
  expect(reach.page, `the page is ${reach.page} px wide`).toBeLessThanOrEqual(width);
  expect(Math.max(...reach.cards)).toBeLessThanOrEqual(width);
}

/** Whether the element lies wholly inside the viewport as it is now (no scrolling by the test). */
async function inView(page: Page, selector: string, viewport: { width: number; height: number }) {
  const box = (await page.locator(selector).first().boundingBox())!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

describe('/dashboard on a phone', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '40' });
  let browser: Browser | undefined;
  let tenantId: string;
  beforeAll(async () => {
    if (!HAS_CHROMIUM) return;
    tenantId = await worlds();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  }, 60_000);
  afterAll(async () => browser?.close());

  /** A world with something in every list and chart, two worlds as scenario runs leave them, and a snapshot. */
  async function worlds(): Promise<string> {
    const fleet = await worldClient(env, 'Flota Teléfono con un nombre bastante largo');
    const car = await fleet.api('POST', '/v1/vehicles', { plate: 'TEL-1001', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: '3VWFE21C04M401001' });
    await fleet.api('POST', `/v1/vehicles/${car.body.id}/registrations`, { platform: 'platform_b' });
    const driver = await fleet.api('POST', '/v1/drivers', { name: 'Ana Ruiz', whatsapp: '+523312340040', city: 'Guadalajara' });
    await fleet.api('POST', '/v1/assignments', { vehicleId: car.body.id, driverId: driver.body.id });
    // A long path with no space to break at, in the requests page's list: it once ran past the edge.
    await fleet.api('POST', `/v1/vehicles/${car.body.id}/registrations/platform_b/refresh`);
    const control = (path: string, body: unknown) =>
      fetch(`${env.base}/_testbed${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await control('/rides/generate', { tenantId: fleet.tenantId, from: '2026-04-20', to: '2026-05-03' })).status).toBe(200);
    for (const name of ['escenario-tel-1', 'escenario-tel-2']) await worldClient(env, name);
    expect((await control('/snapshots', { name: 'antes-de-pagar' })).status).toBe(201);
    return fleet.tenantId;
  }

  it.skipIf(!HAS_CHROMIUM)(skipped('when the worlds page, a world, its requests and its charts are shown 390 px wide, then nothing scrolls sideways and every button is on screen'), async () => {
    mkdirSync(SHOTS, { recursive: true });
    const wide = await browser!.newPage({ viewport: { width: 1400, height: 900 }, locale: 'es-MX' });
    await wide.goto(`${env.base}/dashboard`);
    await wide.screenshot({ path: `${SHOTS}/dashboard-1400.png`, fullPage: true });
    await expectNoSidewaysScroll(wide, 1400);
    const page = await browser!.newPage({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });

    await page.goto(`${env.base}/dashboard`);
    await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
    await expectNoSidewaysScroll(page, PHONE.width);
    for (const button of ['Borrar el mundo escenario-tel-1', 'Borrar la instantánea antes-de-pagar']) {
      const box = (await page.getByRole('button', { name: button }).boundingBox())!;
      expect(box.x + box.width, button).toBeLessThanOrEqual(PHONE.width);
    }
    const restore = (await page.getByRole('button', { name: 'Restaurar' }).boundingBox())!;
    expect(restore.x + restore.width).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`${env.base}/dashboard/worlds/${tenantId}`);
    await page.screenshot({ path: `${SHOTS}/dashboard-world-390.png`, fullPage: true });
    await expectNoSidewaysScroll(page, PHONE.width);

    await page.goto(`${env.base}/dashboard/worlds/${tenantId}/requests`);
    await page.locator('.solicitud summary').first().click();
    await page.screenshot({ path: `${SHOTS}/dashboard-requests-390.png`, fullPage: true });
    await expectNoSidewaysScroll(page, PHONE.width);

    await page.goto(`${env.base}/dashboard/worlds/${tenantId}/look`);
    await page.locator('canvas[data-chart="datos-viajes"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-look-390.png`, fullPage: true });
    await expectNoSidewaysScroll(page, PHONE.width);
  }, 120_000);

  it.skipIf(!HAS_CHROMIUM)(skipped('when a world snapshot is saved and restored on a phone, then the browser checks the name, the answers show where the eye is, and the buttons are on screen'), async () => {
    const page = await browser!.newPage({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });
    const asked: string[] = [];
    page.on('dialog', (dialog) => void (asked.push(dialog.message()), dialog.accept()));
    const invalidPatterns: string[] = [];
    page.on('console', (m) => void (m.text().includes('pattern') && invalidPatterns.push(m.text())));
    await page.goto(`${env.base}/dashboard/worlds/${tenantId}`);
    const name = page.locator('#t-inst-mundo').locator('..').getByLabel('Nombre de la instantánea');

    await name.fill('Inicio');
    const refused = await name.evaluate((input: HTMLInputElement) => input.validity.patternMismatch);
    await name.fill('telefono');
    await page.getByRole('button', { name: 'Guardar este mundo' }).click();
    await page.locator('#resultado').getByText('Instantánea «telefono»').waitFor();
    const savedInView = await inView(page, '#resultado', PHONE);
    await page.getByRole('button', { name: 'Restaurar' }).last().click();
    await page.locator('#resultado').getByText('restaurado a «telefono»').waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-world-snapshots-390.png`, fullPage: false });

    expect(invalidPatterns).toEqual([]);
    expect(refused).toBe(true);
    expect(savedInView).toBe(true);
    expect(await inView(page, '#resultado', PHONE)).toBe(true);
    // The restore reloads the lists: the card may be drawn again under the locator, so its box is read until it is there.
    const remove = page.getByRole('button', { name: 'Borrar la instantánea telefono del mundo' });
    await expect.poll(async () => {
      const box = await remove.boundingBox();
      return box === null ? Infinity : box.x + box.width;
    }).toBeLessThanOrEqual(PHONE.width);
    // Deleting one asks first, as restoring it does.
    await remove.click();
    await page.locator('#resultado').getByText(/Instantánea «telefono» de .* borrada/).waitFor();
    expect(asked).toEqual(['¿Restaurar este mundo a «telefono»? Los demás mundos no cambian.', '¿Borrar la instantánea «telefono» de este mundo? No se puede deshacer.']);
  }, 60_000);

  it.skipIf(!HAS_CHROMIUM)(skipped('when a world is created on a phone, then its one-time key shows beside the button, on screen without scrolling'), async () => {
    const page = await browser!.newPage({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });
    await page.goto(`${env.base}/dashboard`);

    await page.getByLabel('Nombre del mundo').fill('Flota del teléfono');
    await page.getByRole('button', { name: 'Crear mundo' }).click();
    await page.locator('#creado .secreto').waitFor();

    expect(await inView(page, '#creado .secreto', PHONE)).toBe(true);
    expect(await page.locator('#creado').textContent()).toContain('Mundo «Flota del teléfono» creado (active).');
    // Emptied once made: a second click makes no twin.
    expect(await page.getByLabel('Nombre del mundo').inputValue()).toBe('');
  }, 60_000);

  it.skipIf(!HAS_CHROMIUM)(skipped('when a populated world is asked for in the folded fixture fields, then it is made, the button disabled meanwhile, and the checkboxes emptied'), async () => {
    const page = await browser!.newPage({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });
    await page.goto(`${env.base}/dashboard`);
    // Seen as the request leaves the browser: htmx disabled the button before sending it.
    const disabledWhileSent: boolean[] = [];
    await page.route('**/dashboard/worlds', async (route) => {
      if (route.request().method() === 'POST') disabledWhileSent.push(await page.locator('#t-crear + form button[type=submit]').isDisabled());
      await route.continue();
    });

    await page.getByLabel('Nombre del mundo').fill('Flota poblada del teléfono');
    await page.getByText('Poblar el mundo (fixture)').click();
    await page.getByLabel('Vehículos', { exact: true }).fill('2');
    await page.getByLabel('Conductores', { exact: true }).fill('2');
    await page.getByLabel('platform_b').check();
    await page.getByLabel('Conductor i asignado al vehículo i').check();
    await page.getByRole('button', { name: 'Crear mundo' }).click();
    await page.locator('#creado .secreto').waitFor();

    expect(await page.locator('#creado').textContent()).toContain('Mundo «Flota poblada del teléfono» creado (active), poblado con 2 vehículos, 2 conductores y 2 asignaciones.');
    expect(disabledWhileSent).toEqual([true]);
    expect(await page.getByRole('button', { name: 'Crear mundo' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('platform_b').isChecked()).toBe(false);
    expect(await page.getByLabel('Vehículos', { exact: true }).inputValue()).toBe('');
  }, 60_000);

  it.skipIf(!HAS_CHROMIUM)(skipped('when the worlds are filtered by a name start and deleted at once, then only those go'), async () => {
    const page = await browser!.newPage({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${env.base}/dashboard`);

    await page.getByLabel('El nombre empieza por').fill('escenario-tel');
    await page.getByRole('button', { name: 'Borrar los 2 mundos cuyo nombre empieza por «escenario-tel»' }).click();
    await page.locator('#resultado').getByText('2 mundos borrados').waitFor();

    const names = ((await (await fetch(`${env.base}/_testbed/tenants`)).json()) as { data: { name: string }[] }).data.map((t) => t.name);
    expect(names.filter((n) => n.startsWith('escenario-tel'))).toEqual([]);
    expect(names).toContain('Flota Teléfono con un nombre bastante largo');
  }, 60_000);

  it.skipIf(!HAS_CHROMIUM)(skipped('when a world has a 200-character name with no space (the form allows it), then on a wide screen every table fits its card and the title its page'), async () => {
    const long = `Flota${'x'.repeat(195)}`;
    const world = await worldClient(env, long);
    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 }, locale: 'es-MX' });
    // Each one that does not: its tag and how far past its container it reaches.
    const fits = () => page.evaluate(() => [...document.querySelectorAll('main table, main h1, main h2')]
      .filter((e) => e.scrollWidth > e.parentElement!.clientWidth + 1)
      .map((e) => `${e.tagName} ${e.scrollWidth} > ${e.parentElement!.clientWidth}`));

    await page.goto(`${env.base}/dashboard`);
    const worldsFit = await fits();
    await page.goto(`${env.base}/dashboard/worlds/${world.tenantId}`);
    const worldFits = await fits();

    expect(worldsFit).toEqual([]);
    expect(worldFits).toEqual([]);
    await expectNoSidewaysScroll(page, 1280);
    await fetch(`${env.base}/_testbed/tenants/${world.tenantId}`, { method: 'DELETE' });
  }, 60_000);
});
