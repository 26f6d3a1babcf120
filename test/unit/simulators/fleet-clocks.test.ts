import { afterEach, describe, expect, it } from 'vitest';
import { addDays, mexicoCityDate } from '../../../server/lib/mexico-city.ts';
import { createSimulatorsApp } from '../../../simulators/app.ts';
import supertest from 'supertest';
import { makeSimWorld, type SimWorld } from '../../support/sim-rides.ts';
import { HOUR, JPEG, makeSimulators, paDriverBody, paVehicleBody, pbVehicleBody, START_MS, whatsapp } from './fixtures.ts';

const DAY = 24 * HOUR;

describe('fleet clocks: each fleet is a world with its own now', () => {
  it('when one fleet is moved 2 days, then its review ends and the same review in another fleet is still pending', async () => {
    const { request } = makeSimulators();
    const [ahead, behind] = [paVehicleBody({ fleet_id: 'fleet-a' }), paVehicleBody({ fleet_id: 'fleet-b' })];
    for (const body of [ahead, behind]) {
      await request.post('/platform-a/v1/vehicles').send(body).expect(201);
      await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG);
    }

    const moved = await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 2 * DAY }).expect(200);

    expect(moved.body).toEqual({ fleetId: 'fleet-a', offsetMs: 2 * DAY, now: new Date(START_MS + 2 * DAY).toISOString() });
    const a = (await request.get(`/platform-a/v1/vehicles/${ahead.external_id}`)).body.vehicle;
    const b = (await request.get(`/platform-a/v1/vehicles/${behind.external_id}`)).body.vehicle;
    expect(a.status).toBe('approved');
    expect(Date.parse(a.approved_at)).toBeGreaterThan(START_MS);
    expect(Date.parse(a.approved_at)).toBeLessThanOrEqual(START_MS + 24 * HOUR);
    expect([b.status, b.circulation_card.review_status]).toEqual(['pending', 'pending']);
    expect((await request.get('/_control/fleets/fleet-b/clock')).body).toEqual({ fleetId: 'fleet-b', offsetMs: 0, now: new Date(START_MS).toISOString() });
  });

  it('when a fleet is ahead, then what is created in it carries its time, on both platforms, and elsewhere the service time', async () => {
    const { request } = makeSimulators();
    await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 2 * DAY }).expect(200);

    const paA = (await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ fleet_id: 'fleet-a' }))).body.vehicle;
    const paB = (await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ fleet_id: 'fleet-b' }))).body.vehicle;
    const pbA = (await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-a' }))).body;
    const invited = (await request.post('/platform-a/v1/drivers').send(paDriverBody({ fleet_id: 'fleet-a' }))).body.driver;

    expect(paA.registered_at).toBe(new Date(START_MS + 2 * DAY).toISOString());
    expect(paB.registered_at).toBe(new Date(START_MS).toISOString());
    expect(JSON.stringify(pbA)).toContain(new Date(START_MS + 2 * DAY).toISOString());
    expect(invited.invited_at).toBe(new Date(START_MS + 2 * DAY).toISOString());
  });

  it('when one fleet is moved past a scripted driver answer, then its driver has accepted and the other fleet\'s has not', async () => {
    const { request } = makeSimulators();
    const [inA, inB] = [paDriverBody({ fleet_id: 'fleet-a', whatsapp: whatsapp('0001') }), paDriverBody({ fleet_id: 'fleet-b', whatsapp: whatsapp('0001') })];
    for (const body of [inA, inB]) await request.post('/platform-a/v1/drivers').send(body).expect(201);

    await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 2 * HOUR }).expect(200);

    const a = (await request.get(`/platform-a/v1/drivers/${inA.external_id}`)).body.driver;
    const b = (await request.get(`/platform-a/v1/drivers/${inB.external_id}`)).body.driver;
    expect([a.status, a.accepted_at]).toEqual(['bound', new Date(START_MS + HOUR).toISOString()]);
    expect([b.status, b.accepted_at]).toEqual(['invited', null]);
  });

  it('when an offset below 0 is pushed, then control refuses it (400) and the fleet stays where it was', async () => {
    const { request } = makeSimulators();
    const res = await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: -1 });
    const bad = await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 0, fleets: { 'fleet-a': -5 } });

    expect([res.status, res.body.error.code, bad.status]).toEqual([400, 'invalid_request', 400]);
    expect((await request.get('/_control/fleets/fleet-a/clock')).body.offsetMs).toBe(0);
  });

  it('when the API pushes every fleet with the clock, then they replace the stored ones and a restarted app on the data still has them', async () => {
    const { request, db, clock } = makeSimulators();
    await request.post('/_control/fleets/fleet-old/clock').send({ offsetMs: HOUR }).expect(200);

    const res = await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 0, fleets: { 'fleet-a': 3 * HOUR } }).expect(200);

    expect(res.body.fleets).toEqual({ 'fleet-a': 3 * HOUR });
    const restarted = supertest(createSimulatorsApp({ db, clock, seed: 42 }));
    expect((await restarted.get('/_control/clock')).body.fleets).toEqual({ 'fleet-a': 3 * HOUR });
    expect((await restarted.get('/_control/fleets/fleet-old/clock')).body.offsetMs).toBe(0);
  });
});

describe('fleet clocks and rides', () => {
  let w: SimWorld;
  afterEach(() => w.close());
  /** The days the platform has opened for the fleet (a day off is opened too, with no rides). */
  const openedDays = (fleet: string) =>
    w.db.prepare('SELECT DISTINCT service_date FROM pb_ride_days WHERE fleet_id = ? ORDER BY 1').pluck().all(fleet);

  it('when one fleet is moved 2 days, then its days up to its own today are opened and have rides, and the other fleet\'s are not', async () => {
    w = makeSimWorld();
    const today = mexicoCityDate(START_MS);
    await w.pbFleet('fleet-a', 1);
    await w.pbFleet('fleet-b', 1);

    await w.request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 2 * DAY }).expect(200);

    expect(openedDays('fleet-a')).toEqual([today, addDays(today, 1), addDays(today, 2)]);
    expect(openedDays('fleet-b')).toEqual([today]);
    const started = (rows: Record<string, unknown>[]) => rows.map((r) => Date.parse(r.startTime as string));
    const ridesA = started(await w.pbRides('fleet-a', today, addDays(today, 3)));
    const ridesB = started(await w.pbRides('fleet-b', today, addDays(today, 3)));
    expect(ridesA.some((ms) => ms > START_MS + DAY) && ridesA.every((ms) => ms <= START_MS + 2 * DAY)).toBe(true);
    expect(ridesB.every((ms) => ms <= START_MS)).toBe(true);
  });

  it('when rides are generated for a fleet that is ahead, then the window stops at its own today, not the service\'s', async () => {
    w = makeSimWorld();
    const today = mexicoCityDate(START_MS);
    await w.pbFleet('fleet-a', 1);
    await w.pbFleet('fleet-b', 1);
    await w.request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 3 * DAY }).expect(200);

    await w.generate('fleet-a', addDays(today, -2), addDays(today, 5));
    await w.generate('fleet-b', addDays(today, -2), addDays(today, 5));

    expect(openedDays('fleet-a')).toEqual([-2, -1, 0, 1, 2, 3].map((n) => addDays(today, n)));
    expect(openedDays('fleet-b')).toEqual([-2, -1, 0].map((n) => addDays(today, n)));
  });
});
