import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/lib/mexico-city.ts';
import { useDashboardWorld } from '../support/dashboard-world.ts';

/** The world's "today" at TEST_CLOCK_START (15:00 UTC is 09:00 in Mexico City). */
const TODAY = '2026-03-02';

/** The days of the trips chart of a page. */
const labels = (text: string) => JSON.parse(/<script type="application\/json" id="datos-viajes">(.*?)<\/script>/.exec(text)![1]).data.labels as string[];

/** Windows the charts refuse, as the API refuses their dates, and what each answer says. */
const REFUSED_WINDOWS = [
  ['from=2026-03-02&to=2026-03-01', 'from no puede ser posterior a to'],
  ['from=2026-13-01', 'from debe ser una fecha válida'],
  ['from=2025-01-01&to=2026-03-01', 'hasta 92 días'],
  ['to=2026-13-01', 'to debe ser una fecha válida'],
  ['to=abc', 'to debe ser una fecha'],
  ['to=2026-02-30', 'to debe ser una fecha válida'],
  ['from=2026-03-03', 'from no puede ser posterior a hoy en este mundo (2026-03-02), donde acaba la ventana sin to.'],
];

describe('dashboard pages: what a world holds, as HTML', () => {
  const { w, f, get, smallFleet } = useDashboardWorld();

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

    it('when a window is asked for, then the address follows it, and the page opened at that address shows that window in the charts and the form', async () => {
      const { tenant } = w.newTenant();
      const from = addDays(TODAY, -9);

      const charts = await get(`/worlds/${tenant.id}/charts?from=${from}&to=${TODAY}`).set('HX-Request', 'true').expect(200);
      const bookmarked = await get(`/worlds/${tenant.id}/look?from=${from}&to=${TODAY}`).expect(200);
      const plain = await get(`/worlds/${tenant.id}/look`).expect(200);

      expect(charts.headers['hx-replace-url']).toBe(`/dashboard/worlds/${tenant.id}/look?from=${from}&to=${TODAY}`);
      expect(labels(bookmarked.text)).toHaveLength(10);
      expect(bookmarked.text).toContain(`<input type="date" name="from" value="${from}">`);
      expect(labels(plain.text)).toHaveLength(28);
      expect(plain.text).toContain(`<input type="date" name="from" value="${addDays(TODAY, -27)}">`);
    });

    it.each(['to=9999-12-31', 'from=9999-12-31&to=9999-12-31', 'from=9999-10-01&to=9999-12-31'])('when the window ends on the calendar\'s last day (%s), then the charts answer with its days (a loop past it never ended, and took serve down)', async (query) => {
      const { tenant } = w.newTenant();

      const res = await get(`/worlds/${tenant.id}/look?${query}`).expect(200);

      expect(res.text).toContain('<input type="date" name="to" value="9999-12-31">');
      expect(labels(res.text).at(-1)).toMatch(/31/);
    });

    it.each(REFUSED_WINDOWS)('when the address holds a window that cannot be shown (%s), then the page answers 400 whole: its tabs, the form set to the default window, and why', async (query, message) => {
      const { tenant } = w.newTenant();

      const res = await get(`/worlds/${tenant.id}/look?${query}`);

      expect(res.status).toBe(400);
      expect(res.text).toContain('<div id="graficas"><p class="error" role="alert"><strong>VALIDATION</strong>');
      expect(res.text).toContain(message);
      expect(res.text).toContain(`<input type="date" name="from" value="${addDays(TODAY, -27)}">`);
      expect(res.text).toContain(`<input type="date" name="to" value="${TODAY}">`);
      expect(res.text).toContain('id="t-cobertura"');
      expect(res.text).not.toContain('Volver a los mundos');
    });

    it.each(REFUSED_WINDOWS)('when the window is %s, then 400 VALIDATION where the charts go (the charts before are not left under it), and the address keeps the last window shown', async (query, message) => {
      const { tenant } = w.newTenant();

      const res = await get(`/worlds/${tenant.id}/charts?${query}`).set('HX-Request', 'true');

      expect(res.status).toBe(400);
      expect(res.text).toMatch(/^<div id="graficas"><p class="error" role="alert"><strong>VALIDATION<\/strong>/);
      expect(res.text).toContain(message);
      expect(res.headers['hx-retarget']).toBeUndefined();
      expect(res.headers['hx-replace-url']).toBeUndefined();
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
