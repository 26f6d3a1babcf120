import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/lib/mexico-city.ts';
import { TINY_PNG } from '../support/images.ts';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

const HOSTILE = '"><img src=x onerror=alert(1)>';
const ESCAPED = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';
/** The world's "today" at TEST_CLOCK_START (15:00 UTC is 09:00 in Mexico City). */
const TODAY = '2026-03-02';

describe('dashboard pages: what a world holds, as HTML', () => {
  // No test here is about platform timeouts: room for a busy machine's first calls.
  const w = useWorld({ clientTimeoutMs: 10_000 });
  const f = fleetFixtures(w);
  const get = (path: string) => w.request.get(`/dashboard${path}`);

  /** A vehicle on both platforms (card sent on platform_a) driven by an invited driver. */
  async function smallFleet(auth: Auth, driverName = 'Ana Ruiz') {
    const vehicleId = await f.vehicle(auth);
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/vehicles/${vehicleId}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'c.png').expect(201);
    await f.registerOnB(auth, vehicleId);
    const driver = await w.request.post('/v1/drivers').set(auth).send({ name: driverName, whatsapp: `+5233${String(Date.now()).slice(-8)}`, city: 'Guadalajara' }).expect(201);
    await f.invite(auth, driver.body.id).expect(201);
    const assignment = await f.assign(auth, vehicleId, driver.body.id).expect(201);
    const plate = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(auth).expect(200)).body.plate as string;
    return { vehicleId, driverId: driver.body.id as string, whatsapp: driver.body.whatsapp as string, plate, assignmentId: assignment.body.id as string };
  }

  describe('escaping', () => {
    it('when a world is named with markup, then every page shows it as text', async () => {
      const { tenant } = w.newTenant(`<script>alert(1)</script>${HOSTILE}`);

      for (const path of ['', '/worlds', `/worlds/${tenant.id}`, `/worlds/${tenant.id}/look`]) {
        const res = await get(path).expect(200);
        expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(res.text).not.toContain('<script>alert(1)');
        expect(res.text).not.toContain('<img src=x');
      }
    });

    it('when a driver is named with markup, then the tables, the attributes and the history show it as text', async () => {
      const { tenant, auth } = w.newTenant();
      await smallFleet(auth, `Ana ${HOSTILE}`);

      const page = (await get(`/worlds/${tenant.id}`).expect(200)).text;
      const history = (await get(`/worlds/${tenant.id}/timeline`).expect(200)).text;

      expect(page).toContain(`aria-label="Aceptar invitación de Ana ${ESCAPED}"`);
      expect(page).toContain(`<td class="clave">Ana ${ESCAPED}</td>`);
      expect(history).toContain(`platform_a invitó a Ana ${ESCAPED}`);
      for (const text of [page, history]) expect(text).not.toContain('<img src=x');
    });
  });

  describe('one world', () => {
    it('when a world is opened, then it shows its vehicles with both registrations and driver, its drivers, assignments and documents, each id copyable', async () => {
      const { tenant, auth } = w.newTenant('Flota Vista');
      const fleet = await smallFleet(auth);

      const page = (await get(`/worlds/${tenant.id}`).expect(200)).text;

      expect(page).toContain(`<td class="clave">${fleet.plate}</td>`);
      expect(page).toMatch(/platform_a[\s\S]*registro <span class="estado estado-espera">pending<\/span>[\s\S]*tarjeta <span class="estado estado-ok">submitted<\/span>/);
      expect(page).toContain('registro <span class="estado estado-ok">registered</span>');
      expect(page).toContain('invitación <span class="estado estado-espera">invited</span>');
      for (const id of [tenant.id, fleet.vehicleId, fleet.driverId, fleet.assignmentId]) expect(page).toContain(`data-copy="${id}"`);
      expect(page).toContain('circulation_card_front');
      expect(page).toMatch(/Aprobar la revisión de [A-Z]+-\d+/);
    });

    it('when vehicles are searched by plate, in lower case, then only that vehicle is listed, as GET /v1/vehicles?plate= finds it', async () => {
      const { tenant, auth } = w.newTenant();
      const one = await smallFleet(auth);
      const other = await f.vehicle(auth, 'ZZ');

      const res = await get(`/worlds/${tenant.id}/vehicles?plate=${one.plate.toLowerCase()}`).expect(200);

      expect(res.text).toContain(`data-copy="${one.vehicleId}"`);
      expect(res.text).not.toContain(`data-copy="${other}"`);
    });

    it('when drivers are searched by whatsapp, then only that driver is listed; a malformed number is 400 INVALID_PHONE', async () => {
      const { tenant, auth } = w.newTenant();
      const one = await smallFleet(auth);
      const other = await f.driver(auth);

      const found = await get(`/worlds/${tenant.id}/drivers?whatsapp=${encodeURIComponent(one.whatsapp)}`).expect(200);
      const bad = await get(`/worlds/${tenant.id}/drivers?whatsapp=12`).set('HX-Request', 'true');

      expect(found.text).toContain(`data-copy="${one.driverId}"`);
      expect(found.text).not.toContain(`data-copy="${other}"`);
      expect(bad.status).toBe(400);
      expect(bad.headers['hx-retarget']).toBe('#avisos');
      expect(bad.text).toContain('INVALID_PHONE');
    });

    it('when a batch job is open, then the jobs list polls every 2 s; once it is done, it stops polling', async () => {
      const { tenant, auth } = w.newTenant();
      const ids = [await f.vehicle(auth), await f.vehicle(auth)];
      await w.request.post('/v1/vehicles/registrations/batch').set(auth).send({ platform: 'platform_b', vehicleIds: ids }).expect(202);

      const open = (await get(`/worlds/${tenant.id}/jobs`).expect(200)).text;
      await w.services.jobs.runUntilIdle();
      const finished = (await get(`/worlds/${tenant.id}/jobs`).expect(200)).text;

      expect(open).toContain('hx-trigger="every 2s, mundo-cambiado from:body"');
      expect(open).toContain('max="2" value="0"');
      expect(finished).toContain('hx-trigger="mundo-cambiado from:body"');
      expect(finished).toContain('max="2" value="2"');
      expect(finished).toContain('completed');
    });

    it.each(['/worlds/00000000-0000-4000-8000-000000000000', '/worlds/nada', '/no-existe'])('when %s is asked, then 404 NOT_FOUND as a Spanish page', async (path) => {
      const res = await get(path);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('NOT_FOUND');
      expect(res.text).toContain('Volver a los mundos');
    });
  });

  describe('charts and history', () => {
    it('when rides were generated, then the charts carry trips and money per day, platform_b days marked provisional until day + 17', async () => {
      const { tenant, auth } = w.newTenant();
      await smallFleet(auth);
      const from = addDays(TODAY, -20);
      await w.request.post('/_testbed/rides/generate').send({ tenantId: tenant.id, from, to: TODAY }).expect(200);

      const res = await get(`/worlds/${tenant.id}/charts?from=${from}&to=${TODAY}`).expect(200);

      const config = JSON.parse(/<script type="application\/json" id="datos-viajes">(.*?)<\/script>/.exec(res.text)![1]);
      const [a, settled, provisional] = config.data.datasets;
      const at = (day: string) => config.data.labels.indexOf(day);
      expect(config.data.labels).toHaveLength(21);
      expect(a.data.every((n: number) => n === 0)).toBe(true); // not approved on platform_a: no rides there
      expect(settled.data.concat(provisional.data).some((n: number | null) => (n ?? 0) > 0)).toBe(true);
      // Settled from the start of day + 17: TODAY - 17 is final, TODAY - 16 may still change.
      expect([settled.data[at(addDays(TODAY, -17))] !== null, provisional.data[at(addDays(TODAY, -17))]]).toEqual([true, null]);
      expect([settled.data[at(addDays(TODAY, -16))], provisional.data[at(addDays(TODAY, -16))] !== null]).toEqual([null, true]);
      expect(res.text).toContain(`<td>${addDays(TODAY, -16)}</td>`);
    });

    it.each([
      ['from=2026-03-02&to=2026-03-01', 'from no puede ser posterior a to'],
      ['from=2026-13-01', 'from debe ser una fecha válida'],
      ['from=2025-01-01&to=2026-03-01', 'hasta 92 días'],
    ])('when the window is %s, then 400 VALIDATION', async (query, message) => {
      const { tenant } = w.newTenant();

      const res = await get(`/worlds/${tenant.id}/charts?${query}`).set('HX-Request', 'true');

      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    });

    it('when the history is read, then it lists what the platforms did, newest first', async () => {
      const { tenant, auth } = w.newTenant();
      const fleet = await smallFleet(auth);
      await f.advance(60 * 60 * 1000);
      await w.net.control.acceptInvitation(fleet.driverId); // an hour after the card was sent
      await f.refresh(auth, fleet.driverId).expect(200);

      const text = (await get(`/worlds/${tenant.id}/timeline`).expect(200)).text;

      const order = ['aceptó la invitación en la app de platform_a', `platform_a recibió la tarjeta de circulación de ${fleet.plate}`];
      expect(order.map((s) => text.indexOf(s)).every((i, n, all) => i >= 0 && (n === 0 || all[n - 1] < i))).toBe(true);
      expect(text).toContain(`platform_b recibió el registro de ${fleet.plate}`);
    });
  });

  describe('transition coverage', () => {
    it('when a world has registered and invited, then its panel counts those transitions, the never-seen ones marked, and another world counts none', async () => {
      const { tenant, auth } = w.newTenant();
      await smallFleet(auth);
      const empty = w.newTenant().tenant;

      const text = (await get(`/worlds/${tenant.id}/coverage`).expect(200)).text;
      const other = (await get(`/worlds/${empty.id}/coverage`).expect(200)).text;

      const report = w.services.coverage.report(tenant.id);
      expect(report.covered).toBeGreaterThan(0);
      expect(text).toContain(`Cubiertas <strong>${report.covered}</strong> de <strong>${report.total}</strong>`);
      expect(text).toMatch(/<code>registration\.platform_a<\/code><\/td><td>none → pending<\/td>\s*<td class="numero">1<\/td>/);
      expect(text).toContain('<span class="estado estado-mal">nunca</span>');
      expect(other).toContain(`Cubiertas <strong>0</strong> de <strong>${report.total}</strong>`);
    });
  });

  describe('assets, from the installed packages', () => {
    it.each([
      ['htmx.js', /javascript/, 'htmx'],
      ['chart.js', /javascript/, 'Chart'],
      ['dashboard.js', /javascript/, 'data-copy'],
      ['dashboard.css', /text\/css/, '.estado-ok'],
    ])('when %s is asked, then it is served', async (name, type, content) => {
      const res = await get(`/assets/${name}`).expect(200);

      expect(res.headers['content-type']).toMatch(type);
      expect(res.text).toContain(content);
    });

    it.each(['nada.js', '..%2F..%2Fpackage.json', 'constructor'])('when %s is asked, then 404', async (name) => {
      expect((await get(`/assets/${name}`)).status).toBe(404);
    });
  });
});
