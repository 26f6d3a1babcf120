import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADVANCE_STEP_MS, MAX_ADVANCE_DAYS } from '../../server/clock/travel.ts';
import { ridesFixtures } from '../support/rides-fixtures.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { useWorld } from '../support/world.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Contract §5 "Time travel is safe" and issue 35: a maximum for one advance, steps, a world's cost its own. */
describe('time travel: the maximum, the steps, and each world at its own cost', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  const advance = (body: Record<string, unknown>) => w.request.post('/_testbed/clock/advance').send(body);
  const nowOf = async (tenant?: string) => (await w.request.get('/_testbed/clock').query(tenant ? { tenant } : {}).expect(200)).body.now as string;

  /** Every request the API makes to the simulated platforms and their control surface while `act` runs. */
  const callsDuring = (act: () => Promise<unknown>) => requestsDuring(w.net.server, act);

  it(`when one world is advanced ${MAX_ADVANCE_DAYS}d (the maximum), then it gets there`, async () => {
    const { tenant } = w.newTenant('Viaje Largo');
    const service = w.clock.nowMs();
    const res = await advance({ duration: `${MAX_ADVANCE_DAYS}d`, tenant: tenant.id });
    expect([res.status, res.body]).toEqual([200, { now: iso(service + MAX_ADVANCE_DAYS * DAY), notSynced: [] }]);
    expect((await w.net.control.getFleetClock(tenant.id)).offsetMs).toBe(MAX_ADVANCE_DAYS * DAY);
  });

  it.each([
    ['one world', true],
    ['the service time', false],
  ])('when %s is advanced one second past the maximum, then 400 VALIDATION names it and no clock moves', async (_label, oneWorld) => {
    const { tenant } = w.newTenant('Viaje Excesivo');
    const [service, world] = [await nowOf(), await nowOf(tenant.id)];
    const res = await advance({ duration: `${MAX_ADVANCE_DAYS}d1s`, ...(oneWorld ? { tenant: tenant.id } : {}) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toContain(`${MAX_ADVANCE_DAYS}d`);
    expect(res.body.error.details).toEqual([{ field: 'duration', message: `Máximo ${MAX_ADVANCE_DAYS}d` }]);
    expect([await nowOf(), await nowOf(tenant.id)]).toEqual([service, world]);
    expect((await w.net.control.getFleetClock(tenant.id)).offsetMs).toBe(0);
  });

  it('when a world is advanced 30d, then the simulators are told in steps of at most 7 days, each one a time the world reached', async () => {
    const { tenant } = w.newTenant('Viaje Por Pasos');
    const calls = await callsDuring(() => advance({ duration: '30d', tenant: tenant.id }).expect(200));
    const steps = calls.filter((c) => c.startsWith(`POST ${w.net.urls.control}/_control/fleets/${tenant.id}/clock`));
    expect(steps).toHaveLength(Math.ceil((30 * DAY) / ADVANCE_STEP_MS));
  });

  it('when the simulators fail part way through a long advance, then the error names the time reached and both sides stay there', async () => {
    const { tenant } = w.newTenant('Viaje Interrumpido');
    const service = w.clock.nowMs();
    let steps = 0;
    // Three steps reach the simulators (the handler falls through to them), the fourth meets a network error.
    w.net.server.use(http.post(`${w.net.urls.control}/_control/fleets/:id/clock`, () => (++steps > 3 ? HttpResponse.error() : undefined)));

    const res = await advance({ duration: '60d', tenant: tenant.id });

    const reached = iso(service + 3 * ADVANCE_STEP_MS);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(res.body.error.message).toContain(`El avance se detuvo en ${reached}`);
    expect(await nowOf(tenant.id)).toBe(reached);
    w.net.server.resetHandlers();
    expect((await w.net.control.getFleetClock(tenant.id)).now).toBe(reached);
  });

  it('when one world is advanced, then the API asks the platforms nothing about another world that has work of its own', async () => {
    const [a, b] = [await r.pbFleet(1), await r.pbFleet(1)];
    // B's work of its own: a platform_a registration under review, which a sync of every world would look up.
    const reviewing = await r.f.vehicle(b.auth);
    await w.request.post(`/v1/vehicles/${reviewing}/registrations`).set(b.auth).send({ platform: 'platform_a' }).expect(201);
    await w.services.sync.runDue();
    expect((await callsDuring(() => w.services.sync.runDue())).some((c) => c.includes(reviewing))).toBe(true);

    const calls = await callsDuring(() => advance({ duration: '1d', tenant: a.tenantId }).expect(200));

    expect(calls.some((c) => c.includes(a.tenantId))).toBe(true);
    expect(calls.filter((c) => c.includes(b.tenantId) || [...b.vehicles, reviewing].some((id) => c.includes(id)))).toEqual([]);
  });

  it('when each of two worlds lost a binding on the platform, then an advance of one binds its own again and leaves the other to its own sync', async () => {
    const [a, b] = [await r.pbFleet(1), await r.pbFleet(1)];
    for (const world of [a, b]) await w.net.platformB.unbindDriver(world.vehicles[0], world.drivers[0]);

    const calls = await callsDuring(() => advance({ duration: '1m', tenant: a.tenantId }).expect(200));

    expect(await r.f.boundOnPlatform('platform_b', a.vehicles[0], a.drivers[0])).toBe(true);
    expect(await r.f.boundOnPlatform('platform_b', b.vehicles[0], b.drivers[0])).toBe(false);
    const listings = calls.filter((c) => c.includes('/bindings'));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.every((c) => c.endsWith(`/bindings?fleetId=${a.tenantId}`))).toBe(true);
    await w.services.sync.runDue();
    expect(await r.f.boundOnPlatform('platform_b', b.vehicles[0], b.drivers[0])).toBe(true);
  });

  it('when no world\'s time moved since the last sync, then the next background sync reads no world\'s rides', async () => {
    const a = await r.pbFleet(1);
    await advance({ duration: '1d', tenant: a.tenantId }).expect(200);
    await w.services.sync.runDue();

    const calls = await callsDuring(() => w.services.sync.runDue());

    expect(calls.filter((c) => /rides|earnings|daily|reports/.test(c))).toEqual([]);
  });
});
