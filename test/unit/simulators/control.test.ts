import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../../simulators/common/control.ts';
import { HOUR, JPEG, START_MS, makeSimulators, paVehicleBody, pbVehicleBody } from './fixtures.ts';

describe('control surface', () => {
  it('when the clock is pushed, then it answers the new now and everything due has happened', async () => {
    const { request } = makeSimulators();
    const body = paVehicleBody();
    await request.post('/platform-a/v1/vehicles').send(body);
    await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/png').send(JPEG);
    const res = await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 24 * HOUR });
    expect(res.body).toEqual({ now: new Date(START_MS + 24 * HOUR).toISOString(), frozenAtMs: START_MS, offsetMs: 24 * HOUR, fleets: {} });
    expect((await request.get('/_control/clock')).body.now).toBe(res.body.now);
    const row = (await request.get(`/platform-a/v1/vehicles/${body.external_id}`)).body.vehicle;
    expect(row.status).toBe('approved');
  });

  it('when the clock is pushed, then it is kept in the database for a restarted simulator', async () => {
    const { request, db } = makeSimulators();
    await request.post('/_control/clock').send({ frozenAtMs: null, offsetMs: 5 * HOUR });
    expect(db.prepare('SELECT frozen_at_ms, offset_ms FROM clock_state').get()).toEqual({ frozen_at_ms: null, offset_ms: 5 * HOUR });
  });

  it('when a fleet has work due, then the health probe does none of it (a companion catching up still answers); the next request does', async () => {
    const { request, db } = makeSimulators();
    const body = pbVehicleBody();
    await request.post('/platform-b/api/v2/vehicles').send(body);
    const days = () => db.prepare('SELECT count(*) FROM pb_ride_days').pluck().get() as number;
    const before = days();
    // The fleet's clock moved 3 days and nothing ran yet: as in a companion restarted in the middle of a catch-up.
    db.prepare('INSERT INTO fleet_clocks (fleet_id, offset_ms) VALUES (?, ?)').run(body.fleetId, 3 * 24 * HOUR);
    db.prepare('UPDATE fleet_due SET due_ms = 0').run();

    expect((await request.get('/_control/health')).body).toMatchObject({ status: 'ok' });
    expect(days()).toBe(before);
    await request.get(`/platform-b/api/v2/vehicles/${body.externalId}`);
    expect(days()).toBe(before + 3);
  });

  it('when a fleet\'s due work is held, then its vehicle gets no ride day until the release, which answers once it is done; a fleet deleted is released', async () => {
    const { request, db } = makeSimulators();
    const body = pbVehicleBody();
    const days = () => db.prepare('SELECT count(*) FROM pb_ride_days WHERE fleet_id = ?').pluck().get(body.fleetId) as number;

    expect((await request.post(`/_control/fleets/${body.fleetId}/due-hold`)).body).toEqual({ fleetId: body.fleetId, held: true, seq: 0 });
    await request.post('/platform-b/api/v2/vehicles').send(body);
    await request.get(`/platform-b/api/v2/vehicles/${body.externalId}`);
    expect(days()).toBe(0);
    expect((await request.delete(`/_control/fleets/${body.fleetId}/due-hold`)).body).toMatchObject({ fleetId: body.fleetId, held: false, changedByDue: false });
    expect(days()).toBe(1);

    const other = pbVehicleBody();
    await request.post(`/_control/fleets/${other.fleetId}/due-hold`);
    await request.delete(`/_control/fleets/${other.fleetId}`);
    await request.post('/platform-b/api/v2/vehicles').send(other);
    expect(db.prepare('SELECT count(*) FROM pb_ride_days WHERE fleet_id = ?').pluck().get(other.fleetId)).toBe(1);
  });

  it('when the clock is pushed without settling (the API\'s start), then it answers the clock kept, and the due work is done before the next request is answered', async () => {
    const { request } = makeSimulators();
    const body = paVehicleBody();
    await request.post('/platform-a/v1/vehicles').send(body);
    await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/png').send(JPEG);

    const res = await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 24 * HOUR, settle: false });

    expect(res.body).toMatchObject({ now: new Date(START_MS + 24 * HOUR).toISOString(), offsetMs: 24 * HOUR });
    expect((await request.get(`/platform-a/v1/vehicles/${body.external_id}`)).body.vehicle.status).toBe('approved');
  });

  it('when a request carries an Authorization header, then control refuses it (403)', async () => {
    const { request } = makeSimulators();
    const res = await request.get('/_control/health').set('Authorization', 'Bearer fsk_test_123');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await request.get('/_control/health')).body).toMatchObject({ status: 'ok' });
  });

  it.each([
    ['127.0.0.1', true], ['::1', true], ['::ffff:127.0.0.1', true], ['10.0.0.7', false], ['::ffff:192.168.1.2', false], [undefined, false],
  ])('treats peer %s as loopback: %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });

  it('when a platform is put in error mode, then its routes answer 500 in its envelope and the other is untouched', async () => {
    const { request } = makeSimulators();
    await request.post('/_control/faults').send({ platform: 'platform_a', mode: 'error' });
    const a = await request.get('/platform-a/v1/vehicles/any');
    expect(a.status).toBe(500);
    expect(a.body.error.type).toBe('api_error');
    expect((await request.get('/platform-b/api/v2/vehicles/any')).status).toBe(404);
    await request.post('/_control/faults').send({ platform: 'platform_a', mode: 'none' });
    expect((await request.get('/platform-a/v1/vehicles/any')).status).toBe(404);
  });

  it('when a platform is slow, then it answers only after that much real time', async () => {
    const { request } = makeSimulators();
    const set = await request.post('/_control/faults').send({ platform: 'platform_b', mode: 'slow', ms: 150 });
    expect(set.body).toEqual({ platform: 'platform_b', mode: 'slow', ms: 150 });
    const started = performance.now();
    const res = await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody());
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('when an unknown control route or a bad body is sent, then control answers in its envelope', async () => {
    const { request } = makeSimulators();
    expect((await request.get('/_control/nothing')).body.error.code).toBe('not_found');
    const bad = await request.post('/_control/faults').send({ platform: 'platform_c', mode: 'error' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });
});

describe('determinism', () => {
  async function script(seed: number) {
    const { request, clock } = makeSimulators(seed);
    const vehicle = paVehicleBody({ external_id: 'veh-det', plate: 'DET1234' });
    const bodies = [(await request.post('/platform-a/v1/vehicles').send(vehicle)).body];
    await request.put('/platform-a/v1/vehicles/veh-det/circulation-card').set('content-type', 'image/jpeg').send(JPEG);
    clock.advance(24 * HOUR);
    bodies.push((await request.get('/platform-a/v1/vehicles/veh-det')).body);
    bodies.push((await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ externalId: 'veh-det', licensePlate: 'DET1234', vin: '3N1CN7AD5KL000001' }))).body);
    return bodies;
  }

  it('when the same seed replays the same requests, then every id and timestamp is identical', async () => {
    expect(await script(7)).toEqual(await script(7));
  });

  it('when the seed differs, then ids and review lengths differ', async () => {
    const [a, b] = [await script(7), await script(8)];
    expect(a[0].vehicle.id).not.toBe(b[0].vehicle.id);
    expect(a[1].vehicle.approved_at).not.toBe(b[1].vehicle.approved_at);
  });
});
