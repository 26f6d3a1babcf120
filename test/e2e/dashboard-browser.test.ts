import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_ARGS, browserTestTitle, CHROMIUM, HAS_CHROMIUM } from '../support/browser.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { TINY_PNG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';

/**
 * The QA flow in Debian's chromium (never a downloaded browser) driven by playwright-core, against
 * the API and both simulators in this process. Where the binary is absent the test is skipped and
 * says why; .ci/run installs it so CI runs it. Screenshots of each page go to test-results/.
 */
const ARGS = ['--lang=es-MX', ...BROWSER_ARGS];
const SHOTS = 'test-results';
const TITLE = browserTestTitle(
  'when QA approves a review and an invitation, advances the clock and generates rides from the pages, then the lists follow and the charts fill, with no console error',
  'dashboard',
);
/** The one error the flow provokes on purpose: a bad duration, which the API answers 400. */
const PROVOKED = 'the server responded with a status of 400';

describe('/dashboard in headless Chromium', () => {
  // No test here is about platform timeouts: room for a busy machine's first calls.
  const w = useWorld({ clientTimeoutMs: 10_000 });
  let browser: Browser | undefined;
  let server: Server | undefined;

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** A world made through the APIs, as a QA script makes it: a vehicle under review, an invited driver, both assigned. */
  async function worldThroughTheApi() {
    const created = (await w.request.post('/_testbed/tenants').send({ name: 'Flota QA' }).expect(201)).body;
    const auth = { Authorization: `Bearer ${created.keys[0].key}` };
    const vehicle = { plate: 'QA-1001', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: '3VWFE21C04M101001' };
    const vehicleId = (await w.request.post('/v1/vehicles').set(auth).send(vehicle).expect(201)).body.id;
    for (const platform of ['platform_a', 'platform_b']) await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform }).expect(201);
    await w.request.post(`/v1/vehicles/${vehicleId}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201);
    const driverId = (await w.request.post('/v1/drivers').set(auth).send({ name: 'Ana Ruiz', whatsapp: '+523312347777', city: 'Guadalajara' }).expect(201)).body.id;
    await w.request.post(`/v1/drivers/${driverId}/invitations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post('/v1/assignments').set(auth).send({ vehicleId, driverId }).expect(201);
    return created.id as string;
  }

  const resultSays = (page: Page, text: string) => page.locator('#resultado').getByText(text).waitFor({ timeout: 30_000 });

  it.skipIf(!HAS_CHROMIUM)(TITLE, async () => {
    // Arrange: the app on an ephemeral loopback port, a browser that may reach nothing else.
    const tenantId = await worldThroughTheApi();
    server = createServer(w.app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, locale: 'es-MX' });
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => void (r.url().startsWith(`${base}/`) || r.url().startsWith('data:') || elsewhere.push(r.url())));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (err) => void errors.push(err.message));

    // The worlds page, then the world, by keyboard-reachable links.
    await page.goto(`${base}/dashboard`);
    await page.screenshot({ path: `${SHOTS}/dashboard-worlds.png`, fullPage: true });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
    await page.getByRole('link', { name: 'Flota QA' }).click();
    await page.getByRole('heading', { name: 'Manejar el mundo' }).waitFor();

    // Drive it: platform_a approves the review and the driver accepts, from the page.
    await page.getByRole('button', { name: 'Aprobar la revisión de QA-1001' }).click();
    await resultSays(page, 'platform_a decidió la revisión de QA-1001');
    await page.locator('#vehiculos').getByText('approved').first().waitFor();
    await page.getByRole('button', { name: 'Aceptar invitación de Ana Ruiz' }).click();
    await resultSays(page, 'Ana Ruiz aceptó la invitación de platform_a: bound');
    await page.locator('#conductores').getByText('bound').waitFor();

    // A bad duration shows the API's message; then a day passes (the driver's review ends in it).
    await page.getByLabel('Otra duración').fill('3x');
    await page.getByRole('button', { name: 'Avanzar', exact: true }).click();
    await page.locator('#avisos').getByText('Duración no válida: «3x»').waitFor();
    const today = addDays(mexicoCityDate(w.deps.clocks.forTenant(tenantId).nowMs()), 1);
    // A double click is one advance: while the first is held unanswered, the form's buttons are
    // disabled and the line says it is under way; once answered, they are enabled again.
    const before = w.deps.clocks.forTenant(tenantId).nowMs();
    const advances: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/clock/advance') && advances.push(r.url())));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/clock/advance', async (route) => (await held, route.continue()), { times: 1 });
    const oneDay = page.getByRole('button', { name: 'Avanzar 1 día' });
    await oneDay.dblclick();
    await expect.poll(() => oneDay.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Avanzar 7 días' }).isDisabled()).toBe(true);
    expect(await page.locator('#resultado').textContent()).toBe('Enviando…');
    release();
    await resultSays(page, 'avanzado 1d');
    await expect.poll(() => oneDay.isEnabled()).toBe(true);
    expect(advances).toHaveLength(1);
    expect(w.deps.clocks.forTenant(tenantId).nowMs() - before).toBe(86_400_000);
    expect(await page.locator('#avisos').textContent()).toBe('');
    await page.locator('#hora-mundo').getByText(today).waitFor();
    // The rides window's untouched defaults follow the world's new today.
    await expect.poll(() => page.getByLabel('Hasta').inputValue()).toBe(today);
    expect(await page.getByLabel('Desde').inputValue()).toBe(addDays(today, -6));

    // Four weeks: platform_b's older days have settled, its last 17 are still provisional.
    await page.getByLabel('Desde').fill(addDays(today, -27));
    await page.getByLabel('Hasta').fill(today);
    await page.getByRole('button', { name: 'Generar viajes' }).click();
    await resultSays(page, 'generados e ingeridos');
    await page.screenshot({ path: `${SHOTS}/dashboard-world.png`, fullPage: true });

    // Look: the charts are drawn with rides of both platforms.
    await page.getByRole('link', { name: 'Gráficas e historia' }).click();
    const trips = page.locator('canvas[data-chart="datos-viajes"]');
    await trips.waitFor();
    // chart.js is a deferred script: the canvas can be there before the chart is drawn on it.
    await page.waitForFunction(() => {
      const canvas = document.querySelector('canvas[data-chart="datos-viajes"]');
      return Boolean(canvas && (window as unknown as { Chart?: { getChart(c: Element): unknown } }).Chart?.getChart(canvas));
    });
    const drawn = await trips.evaluate((canvas) => {
      const chart = (window as unknown as { Chart: { getChart(c: Element): { data: { datasets: { label: string; data: (number | null)[] }[] } } | undefined } }).Chart.getChart(canvas);
      return chart?.data.datasets.map((d) => ({ label: d.label, total: d.data.reduce<number>((s, v) => s + (v ?? 0), 0) }));
    });
    expect(drawn?.find((d) => d.label === 'platform_a')?.total).toBeGreaterThan(0);
    expect(drawn?.filter((d) => d.label.startsWith('platform_b')).reduce((s, d) => s + d.total, 0)).toBeGreaterThan(0);
    await page.getByText('Ana Ruiz aceptó la invitación en la app de platform_a').waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-look.png`, fullPage: true });

    expect(elsewhere, 'requests that left the app (a CDN?)').toEqual([]);
    expect(errors.filter((e) => !e.includes(PROVOKED))).toEqual([]);
    expect(errors.filter((e) => e.includes(PROVOKED))).toHaveLength(1);

    // No answer at all (serve stopped): the page says so instead of staying as if the action had worked.
    // A world with a fault rule and a platform fault of its own: both lists are read every 2 s.
    await w.request.post(`/_testbed/tenants/${tenantId}/faults`).send({ effect: 'internal', operation: 'getMe' }).expect(201);
    await w.request.post(`/_testbed/tenants/${tenantId}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    await page.getByRole('link', { name: 'Datos y acciones' }).click();
    await page.getByRole('heading', { name: 'Manejar el mundo' }).waitFor();
    await page.locator('#fallas-plataforma-mundo').getByText('error').waitFor();
    await page.route((url) => url.pathname.includes('/clock'), (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Avanzar 1 día' }).click();
    await page.locator('#avisos').getByText('No llegó respuesta del testbed: ¿sigue en marcha serve?').waitFor();

    // Serve answers again, its faults gone as after a restart: the next poll takes the line away, and
    // the world's platform fault is no longer shown with a Quitar button.
    w.services.faults.clearAll(() => true);
    await page.locator('#avisos').getByText('No llegó respuesta del testbed').waitFor({ state: 'detached', timeout: 10_000 });
    await page.locator('#fallas-plataforma-mundo').getByText('sin falla propia').nth(1).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Quitar la falla de platform_b de este mundo' }).count()).toBe(0);

    // The world deleted elsewhere while its page is idle (no fault rule, no job: no list of it polls):
    // the page learns it from its own poll of the world, says it is gone and polls no more.
    await page.reload();
    await page.getByRole('heading', { name: 'Manejar el mundo' }).waitFor();
    await w.request.delete(`/_testbed/tenants/${tenantId}`).expect(200);
    await page.getByText('Este mundo ya no está en el testbed').waitFor({ timeout: 10_000 });
    expect(await page.locator('#avisos').textContent()).toContain(`El tenant ${tenantId} no existe en este testbed.`);
    expect(await page.locator('[hx-trigger*="every"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Volver a los mundos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mundos' }).waitFor();
  }, 180_000);
});
