import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { TINY_PNG } from '../support/images.ts';
import { ridesFixtures } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Auth = { Authorization: string };

/** Contract §4 "Clocks": a tenant is a world with its own clock, service time plus its own offset. */
describe('worlds: each tenant has its own clock', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  const f = r.f;

  const advance = (body: Record<string, unknown>) => w.request.post('/_testbed/clock/advance').send(body);
  const clockOf = (tenant?: string) => w.request.get('/_testbed/clock').query(tenant === undefined ? {} : { tenant });
  const nowOf = async (tenant?: string) => (await clockOf(tenant).expect(200)).body.now as string;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** Two new worlds, A and B, both at the service time. */
  const twoWorlds = () => [w.newTenant('Mundo A'), w.newTenant('Mundo B')] as const;

  async function reviewing(auth: Auth): Promise<string> {
    const id = await f.vehicle(auth);
    await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/vehicles/${id}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'c.png').expect(201);
    return id;
  }

  it('when tenant A is advanced 2d, then A answers its own now, 2d ahead, and B and the service time stay', async () => {
    const [a, b] = twoWorlds();
    const service = w.clock.nowMs();

    const res = await advance({ duration: '2d', tenant: a.tenant.id });

    expect([res.status, res.body]).toEqual([200, { now: iso(service + 2 * DAY), notSynced: [] }]);
    expect(await nowOf(a.tenant.id)).toBe(iso(service + 2 * DAY));
    expect(await nowOf(b.tenant.id)).toBe(iso(service));
    expect(await nowOf()).toBe(iso(service));
    expect((await w.net.control.getFleetClock(a.tenant.id)).offsetMs).toBe(2 * DAY);
  });

  it('when A is advanced past the platform_a review, then refresh shows approved in A and pending in B', async () => {
    const [a, b] = twoWorlds();
    const [inA, inB] = [await reviewing(a.auth), await reviewing(b.auth)];
    const service = w.clock.nowMs();

    await advance({ duration: '2d', tenant: a.tenant.id }).expect(200);

    const refresh = (auth: Auth, id: string) => w.request.post(`/v1/vehicles/${id}/registrations/platform_a/refresh`).set(auth).expect(200);
    const approved = (await refresh(a.auth, inA)).body;
    expect(approved.status).toBe('approved');
    expect(Date.parse(approved.approvedAt)).toBeGreaterThan(service);
    expect(Date.parse(approved.approvedAt)).toBeLessThanOrEqual(service + DAY);
    expect((await refresh(b.auth, inB)).body).toMatchObject({ status: 'pending', approvedAt: null });
    expect((await w.request.get(`/v1/vehicles/${inB}`).set(b.auth).expect(200)).body.status).toBe('pending_platform_a');
  });

  it('when A is ahead, then what is created in A carries A\'s time and in B the service time, platform stamps included', async () => {
    const [a, b] = twoWorlds();
    const service = w.clock.nowMs();
    await advance({ duration: '3h', tenant: a.tenant.id }).expect(200);

    for (const [world, expected] of [[a, iso(service + 3 * HOUR)], [b, iso(service)]] as const) {
      const vehicleId = await f.vehicle(world.auth);
      const driverId = await f.driver(world.auth);
      const vehicle = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(world.auth).expect(200)).body;
      const driver = (await w.request.get(`/v1/drivers/${driverId}`).set(world.auth).expect(200)).body;
      const assignment = (await f.assign(world.auth, vehicleId, driverId).expect(201)).body;
      const registration = (await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(world.auth).send({ platform: 'platform_a' }).expect(201)).body;
      const invitation = (await f.invite(world.auth, driverId).expect(201)).body;
      const key = w.tenants.createKey(world.tenant.id);

      expect([vehicle.createdAt, driver.createdAt, assignment.startedAt, registration.registeredAt, invitation.invitedAt, key.createdAt])
        .toEqual(Array(6).fill(expected));
    }
  });

  it('when A is ahead, then a batch job of A is stamped with A\'s time', async () => {
    const [a] = twoWorlds();
    const service = w.clock.nowMs();
    await advance({ duration: '5h', tenant: a.tenant.id }).expect(200);
    const vehicleId = await f.vehicle(a.auth);

    const { jobId } = (await w.request.post('/v1/vehicles/registrations/batch').set(a.auth).send({ platform: 'platform_b', vehicleIds: [vehicleId] }).expect(202)).body;
    await w.services.jobs.runUntilIdle();

    const job = (await w.request.get(`/v1/jobs/${jobId}`).set(a.auth).expect(200)).body;
    expect([job.status, job.createdAt, job.startedAt, job.completedAt]).toEqual(['completed', ...Array(3).fill(iso(service + 5 * HOUR))]);
  });

  it('when A is advanced 3d, then rides exist and are ingested for A\'s passed days only, and generation stops at each world\'s today', async () => {
    const [a, b] = [await r.pbFleet(2), await r.pbFleet(2)];
    const today = mexicoCityDate(w.clock.nowMs());
    await w.request.post('/_testbed/sync').expect(200); // the background ingestion has read this instant already

    await advance({ duration: '3d', tenant: a.tenantId }).expect(200);

    const window = { from: addDays(today, -7), to: addDays(today, 7) };
    const rideDays = async (auth: Auth) => (await r.rides(auth, window)).map((x) => x.serviceDate as string);
    const [ridesA, ridesB] = [await rideDays(a.auth), await rideDays(b.auth)];
    expect(ridesA.some((d) => d > today) && ridesA.every((d) => d >= today && d <= addDays(today, 3))).toBe(true);
    expect(ridesB.every((d) => d === today)).toBe(true);
    await r.generate(a.tenantId, window.from, window.to);
    await r.generate(b.tenantId, window.from, window.to);
    const dailyDays = async (auth: Auth) => (await r.daily(auth, window)).map((d) => d.date as string);
    const [dailyA, dailyB] = [await dailyDays(a.auth), await dailyDays(b.auth)];
    expect(dailyA.some((d) => d < today) && dailyA.some((d) => d > today) && dailyA.every((d) => d <= addDays(today, 3))).toBe(true);
    expect(dailyB.some((d) => d < today) && dailyB.every((d) => d <= today)).toBe(true);
  });

  it('when the service time is advanced, then every world moves by the same amount and A stays ahead', async () => {
    const [a, b] = twoWorlds();
    const service = w.clock.nowMs();
    await advance({ duration: '1d', tenant: a.tenant.id }).expect(200);

    const res = await advance({ duration: '6h' }).expect(200);

    expect(res.body.now).toBe(iso(service + 6 * HOUR));
    expect(await nowOf(a.tenant.id)).toBe(iso(service + DAY + 6 * HOUR));
    expect(await nowOf(b.tenant.id)).toBe(iso(service + 6 * HOUR));
  });

  it.each([
    ['an unknown tenant', () => randomUUID()],
    ['a tenant id that is not a UUID', () => 'abc'],
  ])('when the clock of %s is read or advanced, then 404 NOT_FOUND in Spanish and no clock moves', async (_case, tenant) => {
    const id = tenant();
    const service = w.clock.nowMs();

    const read = await clockOf(id);
    const moved = await advance({ duration: '1h', tenant: id });

    for (const res of [read, moved]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `El tenant ${id} no existe en este testbed.` });
    }
    expect(w.clock.nowMs()).toBe(service);
  });

  it('when the clock of an empty tenant id is read or advanced, then 400 VALIDATION saying tenant is empty (neither a world nor the service), and no clock moves', async () => {
    const service = w.clock.nowMs();

    const read = await clockOf('');
    const moved = await advance({ duration: '1h', tenant: '' });

    for (const res of [read, moved]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION', message: expect.stringContaining('tenant está vacío: da el id de un mundo, u omite tenant para todo el servicio'),
        details: [{ field: 'tenant', message: 'tenant está vacío: da el id de un mundo, u omite tenant para todo el servicio' }],
      });
    }
    expect(w.clock.nowMs()).toBe(service);
  });

  it('when tenant is not text, then 400 VALIDATION naming tenant', async () => {
    const res = await advance({ duration: '1h', tenant: 5 });

    expect([res.status, res.body.error.code, res.body.error.details?.[0]?.field]).toEqual([400, 'VALIDATION', 'tenant']);
  });

  it('when the duration would take a world past the representable dates, then 400 VALIDATION and no clock moves', async () => {
    const [a] = twoWorlds();
    const before = [await nowOf(), await nowOf(a.tenant.id)];

    const one = await advance({ duration: '999999999999d', tenant: a.tenant.id });
    const all = await advance({ duration: '999999999999d' });

    expect([one.status, one.body.error.code, all.status, all.body.error.code]).toEqual([400, 'VALIDATION', 400, 'VALIDATION']);
    expect([await nowOf(), await nowOf(a.tenant.id)]).toEqual(before);
  });

  it('when the simulators are unreachable, then a tenant advance answers 503 and that world stays where it was', async () => {
    const [a] = twoWorlds();
    const before = await nowOf(a.tenant.id);
    w.net.platformDown('control');

    const res = await advance({ duration: '2h', tenant: a.tenant.id });

    expect([res.status, res.body.error.code]).toEqual([503, 'PLATFORM_UNAVAILABLE']);
    expect(await nowOf(a.tenant.id)).toBe(before);
    expect(w.deps.clocks.offsetOf(a.tenant.id)).toBe(0);
  });
});
